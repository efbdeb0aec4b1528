import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { PUBLIC_PATHS, jobDetailPath, newsCategoryPath, newsDetailPath } from '../../shared/paths.js';

/**
 * A URL per language (docs/decisions/0053): every public page at `/zh/…` and `/en/…` beside the
 * seed's negotiating paths, as a visitor's browser and a crawler receive them, through the built web
 * app (`npm run build` first).
 */

const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
/** The `<link>` and `<a>` tags of a page, their attributes by lower-cased name (HTML's names know no case). */
const tags = (html: string, name: 'link' | 'a') =>
  [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key.toLowerCase(), decode(value)])));
const canonicalOf = (html: string) => tags(html, 'link').filter((l) => l.rel === 'canonical').map((l) => l.href);
const alternatesOf = (html: string) => Object.fromEntries(tags(html, 'link').filter((l) => l.rel === 'alternate' && l.hreflang).map((l) => [l.hreflang, l.href]));
const feedOf = (html: string) => tags(html, 'link').find((l) => l.rel === 'alternate' && l.type === 'application/rss+xml')?.href;
const switchOf = (html: string) => tags(html, 'a').find((a) => a.class === 'locale-switch');
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const navHome = (html: string) => /<nav class="site-nav"[\s\S]*?<a [^>]*>([^<]*)<\/a>/.exec(html)?.[1];

describe.each(testEngines())('a URL per language on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let newsId: number;
  let newsCategoryId: number;
  let jobId: number;
  /** Every public route, as a seed path with the query that names its record. */
  let routes: string[];

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { web: true });
    base = t.app.ctx.config.publicUrl;
    const admin = await t.signIn();
    newsCategoryId = (await t.call('POST', '/api/NewsCategory', { name: '公司新闻' }, admin)).json().data.id;
    newsId = (await t.call('POST', '/api/News', { title: '语言地址新闻', summary: '摘要', content: '<p>正文</p>', categoryId: newsCategoryId, template: 'details-two', status: 'published' }, admin)).json().data.id;
    const jobCategory = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '语言地址职位', categoryId: jobCategory, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    routes = [
      PUBLIC_PATHS.home,
      PUBLIC_PATHS.about,
      PUBLIC_PATHS.services,
      PUBLIC_PATHS.strength,
      PUBLIC_PATHS.contact,
      PUBLIC_PATHS.joinUs,
      PUBLIC_PATHS.applyNow,
      `${PUBLIC_PATHS.applyNow}?jobId=${jobId}`,
      PUBLIC_PATHS.privacy,
      PUBLIC_PATHS.news,
      newsCategoryPath(newsCategoryId),
      newsDetailPath('detail', newsId),
      newsDetailPath('details-two', newsId),
      newsDetailPath('details-three', newsId),
      PUBLIC_PATHS.jobs,
      jobDetailPath(jobId),
      PUBLIC_PATHS.jobsProcess,
      PUBLIC_PATHS.jobsApplyNow,
    ];
  });
  afterAll(() => t?.close());

  /** A page asked for by a visitor whose cookie and browser both say `says`. */
  const page = (url: string, says?: 'zh-CN' | 'en-US', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(says ? { cookie: `portico.locale=${says}`, 'accept-language': says } : {}), ...headers } });

  it('renders every public route at /en/… in English and /zh/… in Chinese, whatever the cookie and browser say', async () => {
    for (const route of routes) {
      const en = await page(`/en${route}`, 'zh-CN');
      expect(en.statusCode, route).toBe(200);
      expect(langOf(en.body), route).toBe('en-US');
      expect(navHome(en.body), route).toBe('Home');
      const zh = await page(`/zh${route}`, 'en-US');
      expect(zh.statusCode, route).toBe(200);
      expect(langOf(zh.body), route).toBe('zh-CN');
      expect(navHome(zh.body), route).toBe('首页');
    }
  });

  it('keeps the seed\'s negotiation on the seed\'s paths: the stored choice, then the browser, then Chinese', async () => {
    expect(langOf((await page('/News', undefined, { cookie: 'portico.locale=en-US', 'accept-language': 'zh-CN' })).body)).toBe('en-US');
    expect(langOf((await page('/News', undefined, { 'accept-language': 'en-GB,en;q=0.9' })).body)).toBe('en-US');
    expect(langOf((await page('/News')).body)).toBe('zh-CN');
  });

  it('leads /en and /zh to their home page, and shows an unknown address under /en/ as the English not-found page', async () => {
    for (const [from, to] of [['/en', '/en/Home'], ['/zh', '/zh/Home'], ['/', '/Home']]) {
      const res = await page(from, 'zh-CN');
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
    const missing = await page('/en/no-such-page', 'zh-CN');
    expect(missing.statusCode).toBe(404);
    expect(langOf(missing.body)).toBe('en-US');
    expect(tags(missing.body, 'a').map((a) => a.href)).toContain('/en/Home');
    expect((await page(`/en/News/detail?id=${newsId + 1000}`, 'zh-CN')).statusCode).toBe(404);
  });

  it('gives every public page hreflang alternates, a self-referencing canonical and its RSS feed', async () => {
    for (const route of routes) {
      // Each route's query names its record (`id`, `jobId`, `category`), which the addresses keep.
      const expected = { 'zh-CN': `${base}/zh${route}`, 'en-US': `${base}/en${route}`, 'x-default': `${base}${route}` };
      for (const [url, says, canonical, feed] of [
        [`/en${route}`, 'zh-CN', expected['en-US'], '/en/rss.xml'],
        [`/zh${route}`, 'en-US', expected['zh-CN'], '/rss.xml'],
        [route, 'zh-CN', expected['x-default'], '/rss.xml'],
        [route, 'en-US', expected['x-default'], '/en/rss.xml'],
      ] as const) {
        const html = (await page(url, says)).body;
        expect(alternatesOf(html), `${url} ${says}`).toEqual(expected);
        expect(canonicalOf(html), `${url} ${says}`).toEqual([canonical]);
        expect(feedOf(html), `${url} ${says}`).toBe(feed);
      }
    }
    // A query that does not name the page (a page number of a filtered list is kept, a tracking tag is not).
    const html = (await page(`/en/Jobs?page=2&utm_source=x`)).body;
    expect(canonicalOf(html)).toEqual([`${base}/en/Jobs?page=2`]);
    expect(alternatesOf(html)['zh-CN']).toBe(`${base}/zh/Jobs?page=2`);
  });

  it('keeps every internal link of an English page in English, the switch alone leading to the Chinese page', async () => {
    for (const route of routes) {
      const html = (await page(`/en${route}`, 'zh-CN')).body;
      const hrefs = tags(html, 'a').filter((a) => a.class !== 'locale-switch').map((a) => a.href).filter((href) => href?.startsWith('/'));
      expect(hrefs.length, route).toBeGreaterThan(5);
      for (const href of hrefs) expect(href, `${route}: ${href}`).toMatch(/^\/en\/|^\/api\//);
      // The forms post to the page itself, in its language.
      for (const form of html.matchAll(/<form\b[^>]*action="([^"]*)"/g)) expect(decode(form[1]), route).toMatch(/^\/en\//);
    }
    const list = (await page(`/en${PUBLIC_PATHS.news}`, 'zh-CN')).body;
    expect(tags(list, 'a').map((a) => a.href)).toContain(`/en${newsDetailPath('details-two', newsId)}`);
    const job = (await page(`/en${jobDetailPath(jobId)}`, 'zh-CN')).body;
    expect(tags(job, 'a').map((a) => a.href)).toContain(`/en${PUBLIC_PATHS.applyNow}?jobId=${jobId}`);
  });

  it('switches to the same page in the other language, query and all', async () => {
    const detail = newsDetailPath('details-two', newsId);
    expect(switchOf((await page(`/en${detail}`, 'zh-CN')).body)).toMatchObject({ href: `/zh${detail}`, hreflang: 'zh-CN', 'data-locale': 'zh-CN' });
    expect(switchOf((await page(`/zh${detail}`, 'en-US')).body)).toMatchObject({ href: `/en${detail}`, 'data-locale': 'en-US' });
    // From a seed path, to the other language's own address.
    expect(switchOf((await page('/Jobs?keyword=x&page=2', 'zh-CN')).body)?.href).toBe('/en/Jobs?keyword=x&page=2');
    expect(switchOf((await page('/Jobs?keyword=x&page=2', 'en-US')).body)?.href).toBe('/zh/Jobs?keyword=x&page=2');
  });

  it('keeps pages per language: a language\'s own address never answers with the other language\'s page', async () => {
    // Each kept first in the other language, for a visitor whose cookie says the other.
    expect(langOf((await page('/Services', 'en-US')).body)).toBe('en-US');
    expect(langOf((await page('/zh/Services', 'en-US')).body)).toBe('zh-CN');
    expect(langOf((await page('/en/Services', 'zh-CN')).body)).toBe('en-US');
    expect(langOf((await page('/Services', 'zh-CN')).body)).toBe('zh-CN');
    // And the same again, now answered from the cache, for visitors who say the opposite.
    expect(langOf((await page('/zh/Services', 'en-US')).body)).toBe('zh-CN');
    expect(langOf((await page('/zh/Services')).body)).toBe('zh-CN');
    expect(langOf((await page('/en/Services', 'zh-CN')).body)).toBe('en-US');
    expect(langOf((await page('/en/Services')).body)).toBe('en-US');
    expect(langOf((await page('/Services', 'en-US')).body)).toBe('en-US');
    // A seed path's page depends on the visitor; a language's own address does not.
    expect((await page('/Services')).headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect((await page('/en/Services')).headers.vary).toBe('Accept-Encoding');
  });

  it('answers a form posted without JavaScript to /en/… in English', async () => {
    const body = new URLSearchParams({ name: 'Visitor', email: 'not-an-email', message: ' ', website: '' }).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/en/ContactUs',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-CN', cookie: 'portico.locale=zh-CN' },
      remoteAddress: '10.53.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(langOf(res.body)).toBe('en-US');
    expect(res.body).toContain('Please correct the marked fields and send again.');
  });

  it('lists both languages\' addresses of every page in the sitemap, each with all three alternates', async () => {
    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?((?:<xhtml:link [^>]+\/>)+)<\/url>/g)].map(([, loc, links]) => ({
      loc: decode(loc),
      alternates: Object.fromEntries([...links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, decode(href)])),
    }));
    for (const seed of [PUBLIC_PATHS.home, PUBLIC_PATHS.jobsProcess, newsDetailPath('details-two', newsId), jobDetailPath(jobId)]) {
      const alternates = { 'zh-CN': `${base}/zh${seed}`, 'en-US': `${base}/en${seed}`, 'x-default': `${base}${seed}` };
      for (const loc of Object.values(alternates)) {
        expect(entries.find((entry) => entry.loc === loc)?.alternates, loc).toEqual(alternates);
      }
    }
    expect(entries.every((entry) => Object.keys(entry.alternates).length === 3)).toBe(true);
    const robots = (await page('/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
    for (const line of robots.split('\n').filter((l) => l.startsWith('Disallow: '))) {
      expect(line).not.toMatch(/^Disallow: \/(en|zh)\b/);
    }
  });

  it('has a news feed per language: /rss.xml in Chinese and /en/rss.xml in English, each linking to its language\'s pages', async () => {
    const detail = newsDetailPath('details-two', newsId);
    const zh = await page('/rss.xml', 'en-US');
    expect(zh.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(zh.body).toContain('<language>zh-cn</language>');
    expect(zh.body).toContain('<title>Portico · 新闻 · News</title>');
    expect(zh.body).toContain(`<link>${base}/zh${detail}</link>`);
    // Its items keep the identity they always had, so feed readers do not show them as new.
    expect(zh.body).toContain(`<guid isPermaLink="true">${base}${detail}</guid>`);
    expect(zh.body).toContain(`<atom:link href="${base}/rss.xml" rel="self"`);

    const en = await page('/en/rss.xml', 'zh-CN');
    expect(en.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(en.body).toContain('<language>en-us</language>');
    expect(en.body).toContain('<title>Portico · News</title>');
    expect(en.body).not.toContain('新闻 ·');
    expect(en.body).toContain(`<link>${base}/en${PUBLIC_PATHS.news}</link>`);
    expect(en.body).toContain(`<link>${base}/en${detail}</link>`);
    expect(en.body).toContain(`<guid isPermaLink="true">${base}/en${detail}</guid>`);
    expect(en.body).toContain(`<atom:link href="${base}/en/rss.xml" rel="self"`);
  });
});
