import type { FastifyInstance } from 'fastify';
import type { Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import { nowIso } from '../time.js';
import type { Database, JobsTable, NewsTable } from '../db/schema.js';
import { openJobsScope } from '../resources/content/jobs.js';
import { publishedNewsScope } from '../resources/content/news.js';
import { ADMIN_ROOTS, AUTH_PATHS, FEED_PATHS, PUBLIC_PATHS, jobDetailPath, newsDetailPath, pathInLocale } from '../../shared/paths.js';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import type { Page } from '../../shared/api.js';
import type { PublicNews } from '../../shared/schemas/news.js';
import type { PageApi } from './page-api.js';
import { textIn } from '../../shared/fields.js';
import { cachedSiteSettings } from '../site/repository.js';

const STATIC_PAGES = [
  PUBLIC_PATHS.home,
  PUBLIC_PATHS.about,
  PUBLIC_PATHS.services,
  PUBLIC_PATHS.strength,
  PUBLIC_PATHS.news,
  PUBLIC_PATHS.jobs,
  PUBLIC_PATHS.jobsProcess,
  PUBLIC_PATHS.applyNow,
  PUBLIC_PATHS.contact,
  PUBLIC_PATHS.joinUs,
  PUBLIC_PATHS.privacy,
];
const PRIVATE_PREFIXES = ['/api/', AUTH_PATHS.login, AUTH_PATHS.logout, AUTH_PATHS.forgotPassword, AUTH_PATHS.resetPassword, ...ADMIN_ROOTS];
const RSS_ITEMS = 50;

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

// The scopes serve the generic resource layer, which works on any table, so their answers lose the
// columns selected: they are typed again here. The jobs query is held as a query on `jobs` first
// because its scope may answer it untyped.
type NewsLink = Pick<Selectable<NewsTable>, 'id' | 'template' | 'updated_at'>;
type JobLink = Pick<Selectable<JobsTable>, 'id' | 'updated_at'>;
/** A feed's item as the public API answers it, in the feed's language. */
type FeedNews = Pick<PublicNews, 'id' | 'title' | 'summary' | 'template' | 'publishedAt'>;

function publishedNews(db: Kysely<Database>): Promise<NewsLink[]> {
  return publishedNewsScope(db.selectFrom('news').select(['news.id', 'news.template', 'news.updated_at']), nowIso())
    .orderBy('news.published_at', 'desc')
    .orderBy('news.id', 'desc')
    .$castTo<NewsLink>()
    .execute();
}

function openJobs(db: Kysely<Database>): Promise<JobLink[]> {
  const scoped: SelectQueryBuilder<Database, 'jobs', object> = openJobsScope(db.selectFrom('jobs').select(['jobs.id', 'jobs.updated_at']), nowIso());
  return scoped.orderBy('jobs.id', 'desc').$castTo<JobLink>().execute();
}

/**
 * One page's entries in the sitemap: its address in each language and its seed path (the
 * `x-default`), each listing all three as alternates, as search engines ask of every member of a
 * group of translations (docs/decisions/0053).
 */
function sitemapEntries(base: string, seedPath: string, lastmod?: string): string[] {
  const alternates = [
    ...LOCALES.map((locale) => [locale, pathInLocale(seedPath, locale)] as const),
    ['x-default', pathInLocale(seedPath, null)] as const,
  ];
  const links = alternates.map(([hreflang, path]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(base + path)}"/>`).join('');
  return alternates.map(([, path]) => `<url><loc>${xml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`);
}

/** What each language's feed says of itself. The Chinese feed is the seed's `/rss.xml`, named as it always was. */
const FEED_TEXT: Record<Locale, { title: (name: string) => string; language: string }> = {
  'zh-CN': { title: (name) => `${name} · 新闻 · News`, language: 'zh-cn' },
  'en-US': { title: (name) => `${name} · News`, language: 'en-us' },
};

/**
 * `/sitemap.xml`, `/robots.txt`, and the news feeds `/rss.xml` (Chinese) and `/en/rss.xml` (English):
 * only what the public may see, never drafts or closed jobs. A feed reads its items through the
 * public API in its language, as a page at that language's address does.
 */
export function registerSeoRoutes(app: FastifyInstance, api: PageApi) {
  const { config, publicCache } = app.ctx;
  const base = config.publicUrl;

  // Only the back-office, sign-in and the API are kept from crawlers; every language's pages are open.
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\n${PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await publicCache.through('sitemap.xml', async () => {
      const [news, jobs] = await Promise.all([
        publishedNews(app.ctx.db.kysely),
        openJobs(app.ctx.db.kysely),
      ]);
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...STATIC_PAGES.flatMap((page) => sitemapEntries(base, page)),
        ...news.flatMap((n) => sitemapEntries(base, newsDetailPath(n.template, n.id), n.updated_at)),
        ...jobs.flatMap((j) => sitemapEntries(base, jobDetailPath(j.id), j.updated_at)),
        '</urlset>',
      ].join('\n');
    });
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  for (const locale of LOCALES) {
    const feedPath = FEED_PATHS[locale];
    app.get(feedPath, async (_request, reply) => {
      const body = await publicCache.through(`rss.xml ${locale}`, async () => {
        const [answer, site] = await Promise.all([
          api<Page<FeedNews>>('POST', 'News/Query', { pageSize: RSS_ITEMS, fields: ['title', 'summary', 'template', 'publishedAt'], sort: { field: 'publishedAt', order: 'desc' } }, { locale }),
          cachedSiteSettings(app.ctx),
        ]);
        if (!answer.isSuccess) throw new Error(`the ${locale} feed could not read the news: ${answer.message}`);
        // The feed is the site's, named as its settings name it in the feed's language.
        const name = textIn(site.companyName, locale);
        const text = FEED_TEXT[locale];
        const description = textIn(site.description, locale) || text.title(name);
        const items = answer.data.items.map((n) => {
          const seedPath = newsDetailPath(n.template, n.id);
          // Links lead to the page in the feed's language. The Chinese feed's guids stay the seed's
          // addresses they always were, so that readers do not take every item for a new one.
          const link = `${base}${pathInLocale(seedPath, locale)}`;
          const guid = locale === DEFAULT_LOCALE ? `${base}${seedPath}` : link;
          return `<item><title>${xml(n.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(guid)}</guid><pubDate>${new Date(n.publishedAt!).toUTCString()}</pubDate>${n.summary ? `<description>${xml(n.summary)}</description>` : ''}</item>`;
        });
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
          `<title>${xml(text.title(name))}</title>`,
          `<link>${xml(`${base}${pathInLocale(PUBLIC_PATHS.news, locale)}`)}</link>`,
          `<atom:link href="${xml(`${base}${feedPath}`)}" rel="self" type="application/rss+xml"/>`,
          `<description>${xml(description)}</description>`,
          `<language>${text.language}</language>`,
          ...items,
          '</channel></rss>',
        ].join('\n');
      });
      return reply.type('application/rss+xml; charset=utf-8').send(body);
    });
  }
}
