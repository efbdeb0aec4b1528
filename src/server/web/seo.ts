import type { FastifyInstance } from 'fastify';
import type { Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import { nowIso } from '../time.js';
import type { Database, JobsTable, NewsTable } from '../db/schema.js';
import { openJobsScope } from '../resources/content/jobs.js';
import { publishedNewsScope } from '../resources/content/news.js';
import { ADMIN_ROOTS, AUTH_PATHS, PUBLIC_PATHS, jobDetailPath, newsDetailPath } from '../../shared/paths.js';
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
type NewsLink = Pick<Selectable<NewsTable>, 'id' | 'title' | 'summary' | 'template' | 'published_at' | 'updated_at'>;
type JobLink = Pick<Selectable<JobsTable>, 'id' | 'updated_at'>;

function publishedNews(db: Kysely<Database>, limit?: number): Promise<NewsLink[]> {
  const query = publishedNewsScope(db.selectFrom('news').select(['news.id', 'news.title', 'news.summary', 'news.template', 'news.published_at', 'news.updated_at']), nowIso())
    .orderBy('news.published_at', 'desc')
    .orderBy('news.id', 'desc')
    .$castTo<NewsLink>();
  return (limit ? query.limit(limit) : query).execute();
}

function openJobs(db: Kysely<Database>): Promise<JobLink[]> {
  const scoped: SelectQueryBuilder<Database, 'jobs', object> = openJobsScope(db.selectFrom('jobs').select(['jobs.id', 'jobs.updated_at']), nowIso());
  return scoped.orderBy('jobs.id', 'desc').$castTo<JobLink>().execute();
}

/** `/sitemap.xml`, `/robots.txt` and `/rss.xml`: only what the public may see, never drafts or closed jobs. */
export function registerSeoRoutes(app: FastifyInstance) {
  const { config, publicCache } = app.ctx;
  const base = config.publicUrl;

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
      const url = (loc: string, lastmod?: string) => `<url><loc>${xml(base + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PAGES.map((page) => url(page)),
        ...news.map((n) => url(newsDetailPath(n.template, n.id), n.updated_at)),
        ...jobs.map((j) => url(jobDetailPath(j.id), j.updated_at)),
        '</urlset>',
      ].join('\n');
    });
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  app.get('/rss.xml', async (_request, reply) => {
    const body = await publicCache.through('rss.xml', async () => {
      const [news, site] = await Promise.all([publishedNews(app.ctx.db.kysely, RSS_ITEMS), cachedSiteSettings(app.ctx)]);
      // The feed is the site's, named as its settings name it (Chinese first, as the feed's language).
      const name = textIn(site.companyName, 'zh-CN');
      const description = textIn(site.description, 'zh-CN') || `${name} · 新闻 · News`;
      const items = news.map((n) => {
        const link = `${base}${newsDetailPath(n.template, n.id)}`;
        return `<item><title>${xml(n.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(n.published_at!).toUTCString()}</pubDate>${n.summary ? `<description>${xml(n.summary)}</description>` : ''}</item>`;
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
        `<title>${xml(`${name} · 新闻 · News`)}</title>`,
        `<link>${xml(`${base}${PUBLIC_PATHS.news}`)}</link>`,
        `<atom:link href="${xml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
        `<description>${xml(description)}</description>`,
        '<language>zh-cn</language>',
        ...items,
        '</channel></rss>',
      ].join('\n');
    });
    return reply.type('application/rss+xml; charset=utf-8').send(body);
  });
}
