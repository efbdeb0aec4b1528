import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { PAGE_KEYS, PAGE_PATHS } from '../../shared/schemas/page.js';
import { demoPages } from '../demo/pages-content.js';

/**
 * The public pages drawn from their published blocks, as a visitor's browser receives them: rendered
 * through the built web app (`npm run build` first).
 */

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const empty = text('', '');

describe.each(testEngines())('editable public pages on %s', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { web: true });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  const page = (url: string, locale: 'zh-CN' | 'en-US' = 'zh-CN', by: 'cookie' | 'header' = 'header') =>
    t.app.inject({ method: 'GET', url, headers: by === 'cookie' ? { cookie: `portico.locale=${locale}` } : { 'accept-language': locale } });
  const h1s = (html: string) => [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]);

  it('renders every page from its neutral starter blocks, one h1 each, naming none of the demo company', async () => {
    for (const key of PAGE_KEYS) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const res = await page(PAGE_PATHS[key], locale);
        expect(res.statusCode, `${key} ${locale}`).toBe(200);
        expect(h1s(res.body), `${key} ${locale}`).toHaveLength(1);
        expect(res.body).not.toContain('博远');
        const demoHero = demoPages[key].blocks[0];
        if (demoHero.type === 'hero') expect(res.body).not.toContain(demoHero.text[locale]);
      }
    }
    // The forms stay below their pages' introductions.
    expect((await page(PAGE_PATHS.contact)).body).toContain('id="contact-form-title"');
    expect((await page(PAGE_PATHS.joinus, 'en-US')).body).toContain('id="join-form-title"');
  });

  it('shows a published hero title at once, in both languages, and not before it is published', async () => {
    // Both languages are rendered (and kept in the page cache) before the change.
    expect((await page('/Home', 'zh-CN')).statusCode).toBe(200);
    expect((await page('/Home', 'en-US')).statusCode).toBe(200);
    const blocks = [
      { type: 'hero', title: text('星河首页标题', 'Galaxy home headline'), text: text('一段介绍', 'An introduction'), image: '', imageAlt: empty, actions: [{ label: text('联系', 'Contact'), href: '/ContactUs' }] },
      { type: 'figures', title: text('数据', 'Figures'), items: [{ value: text('42', '42'), label: text('答案', 'answers') }] },
      { type: 'latestNews', title: text('新闻块', 'News block'), count: 2 },
    ];
    const saved = await t.call('POST', '/api/Page/Update', { key: 'home', title: text('星河', 'Galaxy'), blocks }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page('/Home', 'zh-CN')).body).not.toContain('星河首页标题');

    expect((await t.call('POST', '/api/Page/Publish', { key: 'home' }, admin)).statusCode).toBe(200);
    const zh = (await page('/Home', 'zh-CN', 'cookie')).body;
    expect(h1s(zh)).toEqual(['星河首页标题']);
    expect(zh).toContain('<p>一段介绍</p>');
    expect(zh).toContain('<h2>新闻块</h2>');
    expect(zh).toMatch(/<title>星河 - [^<]+<\/title>/);
    expect(zh).toContain('href="/ContactUs"');
    const en = (await page('/Home', 'en-US', 'cookie')).body;
    expect(h1s(en)).toEqual(['Galaxy home headline']);
    expect(en).toContain('<strong>42</strong>answers');
    expect(en).toMatch(/<title>Galaxy - [^<]+<\/title>/);
  });

  it('gives a page without an opening hero its title as the h1, and draws rich text as cleaned', async () => {
    const blocks = [{ type: 'richText', title: text('段落', 'Paragraph'), html: text('<p>正文<script>alert(1)</script></p>', '<p>Body</p>') }];
    await t.call('POST', '/api/Page/Update', { key: 'strength', title: text('实力页', 'Strength page'), blocks }, admin);
    await t.call('POST', '/api/Page/Publish', { key: 'strength' }, admin);
    const html = (await page('/Strength')).body;
    expect(h1s(html)).toEqual(['实力页']);
    expect(html).toContain('<h2>段落</h2><div class="article-body rich-text"><p>正文</p></div>');
    expect(html).not.toContain('alert(1)');
  });
});
