import { useTranslation } from 'react-i18next';
import { Link, data, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { PublicJob } from '../../../../shared/schemas/job.js';
import { plainImageAddress } from '../../../../shared/schemas/media.js';
import { PUBLIC_PATHS, applyNowPath, jobDetailPath } from '../../../../shared/paths.js';
import { pageMeta, serverContext, useLocalePath, usePublicCopy, useRootData, useSite } from '../../../public/copy.js';
import { formatDate, plainText } from '../../../public/format.js';
import { useSalary } from '../../../public/job-card.js';
import { jobPostingLd, jsonLdScript } from '../../../public/json-ld.js';
import { idParam } from '../../../public/pager.js';
import { Picture } from '../../../public/picture.js';
import { InLanguage, useLangOf } from '../../../public/in-language.js';
import { pageLocaleOf } from '../../../public/page-data.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const id = idParam(new URL(request.url));
  const answer = id ? await api<PublicJob>('GET', `Job/${id}?locale=${pageLocaleOf(request)}`) : null;
  if (!answer?.isSuccess) throw data(null, { status: 404 });
  return { job: answer.data };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches, location }) => {
  if (!loaded) return [{ title: 'Portico' }];
  const { job } = loaded;
  // The job's image is the one shared, described by the job's title, as a news item's cover is; else the site's share image.
  return pageMeta(matches, location, {
    title: job.title,
    description: plainText(job.description),
    keepQuery: ['id'],
    image: job.imageUrl ? plainImageAddress(job.imageUrl) : null,
    imageAlt: job.title,
  });
};

export default function JobDetail() {
  const { job } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const salary = useSalary();
  const { locale, publicUrl } = useRootData();
  const site = useSite();
  const to = useLocalePath();
  const url = `${publicUrl}${to(jobDetailPath(job.id))}`;
  const textLang = useLangOf(job.locale);
  // The office's name and address are in the page's language when translated, else marked as Chinese.
  const locationLang = useLangOf(job.locationLocale);
  const addressLang = useLangOf(job.officeAddressLocale);
  return (
    <main className="container">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(jobPostingLd(job, url, site)) }} />
      <article className="article">
        <h1>
          <InLanguage lang={job.locale}>{job.title}</InLanguage>
        </h1>
        {/* Above the fold, so fetched at once; decorative beside the title, as news covers are (alt empty). */}
        {job.imageUrl && <Picture src={job.imageUrl} alt="" sizes="(max-width: 820px) 100vw, 780px" width={780} height={400} priority />}
        <dl className="facts">
          {job.location && (
            <div>
              <dt>{copy.jobs.location}</dt>
              <dd lang={locationLang}>{job.location}</dd>
            </div>
          )}
          {job.officeAddress && (
            <div>
              <dt>{copy.jobs.address}</dt>
              <dd lang={addressLang}>{job.officeAddress}</dd>
            </div>
          )}
          {job.department && (
            <div>
              <dt>{copy.jobs.department}</dt>
              <dd lang={textLang}>{job.department}</dd>
            </div>
          )}
          <div>
            <dt>{copy.jobs.type}</dt>
            <dd>{t(`jobs.types.${job.employmentType}`)}</dd>
          </div>
          <div>
            <dt>{copy.jobs.salary}</dt>
            <dd>{salary(job)}</dd>
          </div>
          <div>
            <dt>{copy.jobs.posted}</dt>
            <dd>{formatDate(job.publishedAt, locale)}</dd>
          </div>
          {job.closesAt && (
            <div>
              <dt>{copy.jobs.closesAt}</dt>
              <dd>{formatDate(job.closesAt, locale)}</dd>
            </div>
          )}
          <div>
            <dt>{copy.jobs.openings}</dt>
            <dd>{t('jobs.headcount', { count: job.headcount })}</dd>
          </div>
        </dl>
        <p>
          <Link className="button" to={to(applyNowPath(job.id))}>
            {copy.jobs.apply}
          </Link>
        </p>
        <h2>{copy.jobs.descriptionTitle}</h2>
        <div className="article-body" lang={textLang} dangerouslySetInnerHTML={{ __html: job.description }} />
        {job.requirements && (
          <>
            <h2>{copy.jobs.requirementsTitle}</h2>
            <div className="article-body" lang={textLang} dangerouslySetInnerHTML={{ __html: job.requirements }} />
          </>
        )}
        <div className="actions">
          <Link className="button" to={to(applyNowPath(job.id))}>
            {copy.jobs.apply}
          </Link>
          <Link className="button secondary" to={to(PUBLIC_PATHS.jobs)}>
            {copy.jobs.back}
          </Link>
        </div>
      </article>
    </main>
  );
}
