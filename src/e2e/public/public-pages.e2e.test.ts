import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The public routes of the original product, each with a text its server HTML must hold in each language.
 * The editable pages' texts come from the demo seed's pages (src/server/demo/pages-content.ts).
 */
const ROUTES: [path: string, zh: string, en: string][] = [
  ['/Home', '让每一座工厂都用得上实时数据', 'Real-time data for every factory'],
  ['/AboutsUs', '发展历程', 'Our story'],
  ['/Services', '博远云枢平台', 'Portico Hub platform'],
  ['/Strength', '知识产权', 'Intellectual property'],
  ['/News', '新闻中心', 'News'],
  ['/Jobs', '招贤纳士', 'Careers'],
  ['/Jobs/process', '简历筛选', 'Screening'],
  ['/ApplyNow', '申请职位', 'Apply'],
  ['/Jobs/ApplyNow', '申请职位', 'Apply'],
  ['/ContactUs', '在线留言', 'Send us a message'],
  ['/Joinus', '申请成为合作伙伴', 'Apply to become a partner'],
  ['/privacy', '隐私声明', 'Privacy notice'],
];

describe('the public site', () => {
  let portico: Portico;
  let browser: Browser;
  let admin: string;
  let newsId: number;
  let newsTemplate: string;
  let jobId: number;

  const api = async (method: string, path: string, body?: unknown, token = admin) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const html = async (path: string, language = 'zh-CN') => {
    const res = await fetch(`${portico.url}${path}`, { headers: { 'Accept-Language': language } });
    return { status: res.status, text: await res.text() };
  };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    admin = (await api('POST', 'security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD }, '')).data.accessToken.token;
    const news = (await api('POST', 'News/Query', { pageSize: 1 }, '')).data.items[0];
    newsId = news.id;
    newsTemplate = news.template;
    jobId = (await api('POST', 'Job/Query', { pageSize: 1 }, '')).data.items[0].id;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('renders every public page on the server, in the visitor\'s language, with its meta tags', async () => {
    for (const [path, zh, en] of ROUTES) {
      for (const [language, text, lang] of [['zh-CN,zh;q=0.9', zh, 'zh-CN'], ['en-US,en;q=0.9', en, 'en-US']] as const) {
        const page = await html(path, language);
        expect(page.status, `${path} ${lang}`).toBe(200);
        expect(page.text, `${path} ${lang}`).toContain(`<html lang="${lang}"`);
        expect(page.text, `${path} ${lang}`).toContain(text);
        expect(page.text).toMatch(/<title>[^<]+ - Portico<\/title>/);
        expect(page.text).toMatch(/<meta name="description" content="[^"]{10,}"/);
        expect(page.text).toContain(`<link rel="canonical" href="${portico.url}${path}"`);
        for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name', 'og:locale']) {
          expect(page.text, `${path} ${property}`).toContain(`property="${property}"`);
        }
      }
    }
  });

  it('renders news and job details with their structured data', async () => {
    const news = await html(`/News/${newsTemplate}?id=${newsId}`);
    expect(news.status).toBe(200);
    const article = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(news.text)![1]);
    expect(article).toMatchObject({ '@context': 'https://schema.org', '@type': 'NewsArticle', publisher: { name: '博远科技' } });
    expect(article.headline).toBeTruthy();
    expect(Date.parse(article.datePublished)).not.toBeNaN();
    expect(news.text).toContain(`<link rel="canonical" href="${portico.url}/News/${newsTemplate}?id=${newsId}"`);

    const job = await html(`/Jobs/detail?id=${jobId}`);
    expect(job.status).toBe(200);
    expect(job.text).toContain(`/ApplyNow?jobId=${jobId}`);
    const posting = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(job.text)![1]);
    expect(posting['@type']).toBe('JobPosting');
    for (const field of ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation', 'employmentType']) {
      expect(posting[field], field).toBeTruthy();
    }
    expect(posting.jobLocation.address.addressCountry).toMatch(/^[A-Z]{2}$/);

    for (const template of ['detail', 'details-two', 'details-three']) {
      expect((await html(`/News/${template}?id=${newsId}`)).status, template).toBe(200);
    }
    for (const path of ['/News/detail?id=999999', '/News/detail', '/Jobs/detail?id=abc', '/no-such-page']) {
      const missing = await html(path);
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('页面不存在');
    }
  });

  it('keeps drafts and closed jobs out of the sitemap; lists published news in RSS', async () => {
    const draft = (await api('POST', 'News/Query', { filters: { status: 'draft' } })).data.items[0];
    const closed = (await api('POST', 'Job/Query', { filters: { status: 'closed' } })).data.items[0];
    const sitemap = await (await fetch(`${portico.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toContain(`${portico.url}/Home`);
    expect(sitemap).toContain(`id=${newsId}</loc>`);
    expect(sitemap).toContain(`/Jobs/detail?id=${jobId}</loc>`);
    expect(sitemap).not.toContain(`id=${draft.id}</loc>`);
    expect(sitemap).not.toContain(`/Jobs/detail?id=${closed.id}</loc>`);
    const rss = await (await fetch(`${portico.url}/rss.xml`)).text();
    expect(rss).toContain('<rss version="2.0"');
    expect(rss).toContain(`id=${newsId}</link>`);
    expect(rss).not.toContain(`id=${draft.id}</link>`);
    const robots = await (await fetch(`${portico.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${portico.url}/sitemap.xml`);
  });

  it('shows staff changes at once, though pages are cached', async () => {
    const title = `Cache check ${Date.now()}`;
    expect((await html('/News')).text).not.toContain(title);
    const category = (await api('POST', 'NewsCategory/Query', {})).data.items[0].id;
    await api('POST', 'News', { title, content: '<p>fresh</p>', categoryId: category, status: 'published' });
    expect((await html('/News')).text).toContain(title);
  });

  it('shows every page in both languages without console errors, and passes axe', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const { context, consoleErrors } = await newContext(browser, locale);
      const page = await context.newPage();
      for (const [path] of ROUTES) {
        await page.goto(`${portico.url}${path}`, { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe(locale);
        if (locale === 'zh-CN') {
          // Evaluated, not added as a script element: the page's policy refuses inline scripts.
          await page.evaluate(AXE_SOURCE);
          const violations = await page.evaluate(async () => {
            const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run();
            return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
          });
          expect(violations, path).toEqual([]);
        }
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('switches language from the header and remembers it', async () => {
    const { context } = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await page.goto(`${portico.url}/AboutsUs`);
    // The switch links to the same page at the English address (issue 17, docs/decisions/0053).
    await page.getByRole('link', { name: /English/ }).click();
    await page.waitForURL(`${portico.url}/en/AboutsUs`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('About us');
    expect(await page.evaluate(() => localStorage.getItem('portico.locale'))).toBe('en-US');
    await page.goto(`${portico.url}/Services`);
    expect(await page.locator('h1').first().textContent()).toBe('Services');
    await context.close();
  });

  it('lets a language stored in the browser win over the browser language', async () => {
    const { context, consoleErrors } = await newContext(browser, 'zh-CN');
    // A visitor who chose English earlier but whose cookie is gone: localStorage comes first.
    await context.addInitScript(() => {
      if (location.protocol === 'http:') localStorage.setItem('portico.locale', 'en-US');
    });
    const page = await context.newPage();
    await page.goto(`${portico.url}/Services`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.locator('h1').first().textContent()).toBe('Services');
    expect((await context.cookies()).find((c) => c.name === 'portico.locale')?.value).toBe('en-US');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
