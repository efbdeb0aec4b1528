import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../shared/api.js';
import type { Job } from '../../../shared/schemas/job.js';
import type { News } from '../../../shared/schemas/news.js';
import { copyOf, pageMeta, serverContext, usePublicCopy, useRootData } from '../../public/copy.js';
import { JobItem } from '../../public/job-card.js';
import { NewsItem } from '../../public/news-card.js';

export async function loader({ context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const [news, jobs] = await Promise.all([
    api<Page<News>>('POST', 'News/Query', { page: 1, pageSize: 3 }),
    api<Job[]>('POST', 'Job/Latest', {}),
  ]);
  return { news: news.data?.items ?? [], jobs: jobs.data ?? [] };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.home.title, description: copy.home.description });
};

export default function Home() {
  const { news, jobs } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const { locale } = useRootData();
  return (
    <main>
      <section className="page-hero home-hero">
        <div className="container">
          <h1>{copy.home.heroTitle}</h1>
          <p>{copy.home.heroText}</p>
          <div className="actions">
            <Link className="button secondary" to="/ContactUs">
              {copy.home.ctaContact}
            </Link>
            <Link className="button secondary" to="/Jobs">
              {copy.home.ctaJobs}
            </Link>
          </div>
        </div>
      </section>
      <div className="container">
        <section className="section">
          <h2>{copy.home.whatTitle}</h2>
          <div className="cards">
            {copy.home.what.map((item) => (
              <article className="card" key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section className="section">
          <h2>{copy.home.figuresTitle}</h2>
          <ul className="figures">
            {copy.figures.map((figure) => (
              <li key={figure.label}>
                <strong>{figure.value}</strong>
                {figure.label}
              </li>
            ))}
          </ul>
        </section>
        <div className="two-col">
          <section className="section">
            <h2>{copy.home.latestNews}</h2>
            {news.length ? (
              <ul className="list">
                {news.map((item) => (
                  <NewsItem key={item.id} news={item} locale={locale} pinnedLabel={t('news.pinned')} />
                ))}
              </ul>
            ) : (
              <p>{copy.home.noNews}</p>
            )}
            <Link to="/News">{copy.home.allNews} →</Link>
          </section>
          <section className="section">
            <h2>{copy.home.latestJobs}</h2>
            {jobs.length ? (
              <ul className="list">
                {jobs.map((job) => (
                  <JobItem key={job.id} job={job} locale={locale} />
                ))}
              </ul>
            ) : (
              <p>{copy.home.noJobs}</p>
            )}
            <Link to="/Jobs">{copy.home.allJobs} →</Link>
          </section>
        </div>
      </div>
    </main>
  );
}
