import { useTranslation } from 'react-i18next';
import { Link, data, useLoaderData, useLocation } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../../shared/api.js';
import type { PublicNews } from '../../../../shared/schemas/news.js';
import { plainImageAddress } from '../../../../shared/schemas/media.js';
import { PUBLIC_PATHS } from '../../../../shared/paths.js';
import { pageMeta, serverContext, useLocalePath, useRootData, useSite } from '../../../public/copy.js';
import { formatDate, formatNumber, plainText } from '../../../public/format.js';
import { jsonLdScript, newsArticleLd } from '../../../public/json-ld.js';
import { prepareArticleHtml } from '../../../public/article-html.js';
import { newsPath } from '../../../public/news-card.js';
import { idParam } from '../../../public/pager.js';
import { Picture } from '../../../public/picture.js';
import { Share } from '../../../public/share.js';
import { InLanguage, useLangOf } from '../../../public/in-language.js';
import { pageLocaleOf } from '../../../public/page-data.server.js';
import type { Locale } from '../../../../shared/locale.js';

type Neighbour = Pick<PublicNews, 'id' | 'title' | 'template' | 'locale'>;

/** The published item just before or after this one, by publication time. */
async function neighbour(api: ReturnType<typeof serverContext>['api'], news: PublicNews, direction: 'previous' | 'next', locale: Locale): Promise<Neighbour | null> {
  const body =
    direction === 'previous'
      ? { locale, pageSize: 5, filters: { publishedTo: news.publishedAt }, sort: { field: 'publishedAt', order: 'desc' } }
      : { locale, pageSize: 5, filters: { publishedFrom: news.publishedAt }, sort: { field: 'publishedAt', order: 'asc' } };
  const page = (await api<Page<PublicNews>>('POST', 'News/Query', body)).data;
  const found = page?.items.find((item) => item.id !== news.id && (item.publishedAt !== news.publishedAt || (direction === 'previous' ? item.id < news.id : item.id > news.id)));
  return found ? { id: found.id, title: found.title, template: found.template, locale: found.locale } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const id = idParam(new URL(request.url));
  const locale = pageLocaleOf(request);
  const answer = id ? await api<PublicNews>('GET', `News/${id}?locale=${locale}`) : null;
  if (!answer?.isSuccess) throw data(null, { status: 404 });
  const news = answer.data;
  const [previous, next] = await Promise.all([neighbour(api, news, 'previous', locale), neighbour(api, news, 'next', locale)]);
  return { news, previous, next };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches, location }) => {
  if (!loaded) return [{ title: 'Portico' }];
  const { news } = loaded;
  return pageMeta(matches, location, { title: news.title, description: news.summary || plainText(news.content), type: 'article', keepQuery: ['id'], image: plainImageAddress(news.coverUrl), imageAlt: news.title });
};

/**
 * A published news item in the layout its address names (`detail`, `details-two`, `details-three`),
 * with its facts, a table of contents of its headings, share links and its neighbours in time.
 */
export default function NewsDetail() {
  const { news, previous, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation('public');
  const { locale, publicUrl } = useRootData();
  const site = useSite();
  const location = useLocation();
  const to = useLocalePath();
  const layout = location.pathname.toLowerCase().endsWith('details-three') ? 'three' : location.pathname.toLowerCase().endsWith('details-two') ? 'two' : 'one';
  const url = `${publicUrl}${to(location.pathname)}?id=${news.id}`;
  const { html, headings } = prepareArticleHtml(news.content);
  // The article's texts are in `news.locale`: marked where that is not the page's language (0054).
  const textLang = useLangOf(news.locale);
  const title = <InLanguage lang={news.locale}>{news.title}</InLanguage>;
  const category = news.categoryName && <InLanguage lang={news.categoryNameLocale}>{news.categoryName}</InLanguage>;
  const facts = (
    <p className="meta">
      <span>
        {t('news.published')} <time dateTime={news.publishedAt ?? undefined}>{formatDate(news.publishedAt, locale)}</time>
      </span>
      {news.author && <span>{t('news.by')} {news.author}</span>}
      {category && <span>{category}</span>}
      <span>
        {t('news.views')} {formatNumber(news.viewCount, locale)}
      </span>
    </p>
  );
  const footer = (
    <>
      <Share url={url} title={news.title} />
      <nav className="prev-next" aria-label={`${t('news.previous')} / ${t('news.next')}`}>
        <div>{previous && <Link to={to(newsPath(previous))} rel="prev">← {t('news.previous')}<br /><InLanguage lang={previous.locale}>{previous.title}</InLanguage></Link>}</div>
        <div className="next">{next && <Link to={to(newsPath(next))} rel="next">{t('news.next')} →<br /><InLanguage lang={next.locale}>{next.title}</InLanguage></Link>}</div>
      </nav>
      <p>
        <Link to={to(PUBLIC_PATHS.news)}>{t('news.back')}</Link>
      </p>
    </>
  );
  const ld = <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(newsArticleLd({ ...news, coverUrl: plainImageAddress(news.coverUrl) }, url, publicUrl, site)) }} />;

  if (layout === 'two') {
    // Wide cover, with a table of contents beside the text.
    return (
      <main className="article-wide">
        {ld}
        <header className="article-cover">
          <div className="container">
            <h1>{title}</h1>
          </div>
        </header>
        {news.coverUrl && (
          <div className="container">
            <Picture src={news.coverUrl} alt="" sizes="(max-width: 1200px) 100vw, 1180px" width={1180} height={480} priority style={{ display: 'block', width: '100%', marginTop: 16 }} />
          </div>
        )}
        <div className="container article-grid">
          <article>
            {facts}
            {news.summary && <p className="lead" lang={textLang}>{news.summary}</p>}
            <div className="article-body" lang={textLang} dangerouslySetInnerHTML={{ __html: html }} />
            {footer}
          </article>
          {headings.length > 0 && (
            <aside>
              <h2 className="card-title">{t('news.contents')}</h2>
              <ol lang={textLang}>
                {headings.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ol>
            </aside>
          )}
        </div>
      </main>
    );
  }
  if (layout === 'three') {
    // Magazine style: a bold header and the text flowing in columns.
    return (
      <main className="container">
        {ld}
        <header className="article-gallery-head">
          {category && <p className="meta">{category}</p>}
          <h1>{title}</h1>
          {news.summary && <p className="lead" lang={textLang}>{news.summary}</p>}
          {facts}
        </header>
        {news.coverUrl && <Picture src={news.coverUrl} alt="" sizes="(max-width: 1200px) 100vw, 1180px" width={1180} height={480} priority className="gallery-cover" />}
        <div className="article-body article-gallery" lang={textLang} dangerouslySetInnerHTML={{ __html: html }} />
        {footer}
      </main>
    );
  }
  // The classic article.
  return (
    <main className="container">
      {ld}
      <article className="article">
        <h1>{title}</h1>
        {facts}
        {news.coverUrl && <Picture src={news.coverUrl} alt="" sizes="(max-width: 820px) 100vw, 780px" width={780} height={400} priority />}
        <div className="article-body" lang={textLang} dangerouslySetInnerHTML={{ __html: html }} />
        {footer}
      </article>
    </main>
  );
}
