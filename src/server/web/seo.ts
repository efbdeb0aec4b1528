import type { FastifyInstance } from 'fastify';
import { nowIso } from '../context.js';
import type { AnyDb } from '../crud/resource.js';
import { openJobsScope } from '../resources/content/jobs.js';

const STATIC_PAGES = ['/Home', '/AboutsUs', '/Services', '/Strength', '/News', '/Jobs', '/Jobs/process', '/ApplyNow', '/ContactUs', '/Joinus', '/privacy'];
const PRIVATE_PREFIXES = ['/api/', '/login', '/logout', '/NewsManagement', '/JobManagement', '/JobCategoryManagement', '/ApplyInfoManagement', '/ContactInfoManagement', '/JoinusManagement', '/UserManagement'];
const RSS_ITEMS = 50;

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function publishedNews(db: AnyDb, limit?: number) {
  let query = db
    .selectFrom('news')
    .select(['id', 'title', 'summary', 'template', 'published_at', 'updated_at', 'locale'])
    .where('status', '=', 'published')
    .where('published_at', '<=', nowIso())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
  if (limit) query = query.limit(limit);
  return query.execute();
}

/** `/sitemap.xml`, `/robots.txt` and `/rss.xml`: only what the public may see, never drafts or closed jobs. */
export function registerSeoRoutes(app: FastifyInstance) {
  const { config, publicCache } = app.ctx;
  const base = config.publicUrl;
  const db = () => app.ctx.db.kysely as AnyDb;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\n${PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await publicCache.through('sitemap.xml', async () => {
      const [news, jobs] = await Promise.all([
        publishedNews(db()),
        openJobsScope(db().selectFrom('jobs').select(['jobs.id', 'jobs.updated_at']), nowIso()).orderBy('jobs.id', 'desc').execute(),
      ]);
      const url = (loc: string, lastmod?: string) => `<url><loc>${xml(base + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PAGES.map((page) => url(page)),
        ...news.map((n) => url(`/News/${n.template}?id=${n.id}`, n.updated_at)),
        ...jobs.map((j: { id: number; updated_at: string }) => url(`/Jobs/detail?id=${j.id}`, j.updated_at)),
        '</urlset>',
      ].join('\n');
    });
    return reply.type('application/xml; charset=utf-8').send(body);
  });

  app.get('/rss.xml', async (_request, reply) => {
    const body = await publicCache.through('rss.xml', async () => {
      const news = await publishedNews(db(), RSS_ITEMS);
      const items = news.map((n) => {
        const link = `${base}/News/${n.template}?id=${n.id}`;
        return `<item><title>${xml(n.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(n.published_at!).toUTCString()}</pubDate>${n.summary ? `<description>${xml(n.summary)}</description>` : ''}</item>`;
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
        '<title>Portico · 博远科技 News</title>',
        `<link>${xml(`${base}/News`)}</link>`,
        `<atom:link href="${xml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
        '<description>Company news, industry insight and press coverage · 公司新闻、行业动态与媒体报道</description>',
        '<language>zh-cn</language>',
        ...items,
        '</channel></rss>',
      ].join('\n');
    });
    return reply.type('application/rss+xml; charset=utf-8').send(body);
  });
}
