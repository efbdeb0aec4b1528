import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { analyticsOriginIn, pagePolicy } from '../http/security-headers.js';
import { demoSiteSettings } from '../demo/site-settings.js';

/**
 * The public pages read the site settings: these tests render them through the built web app
 * (`npm run build` first), as a visitor's browser receives them.
 */

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const metaOf = (html: string, key: string) => {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`property="${key}"`) || t.includes(`name="${key}"`));
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : null;
};
const scriptSources = (policy: string) => /(?:^|; )script-src ([^;]*)/.exec(policy)![1].split(' ').filter((source) => !source.startsWith("'sha256-"));
const connectSources = (policy: string) => /(?:^|; )connect-src ([^;]*)/.exec(policy)![1].split(' ');

describe('the analytics allowance of a page policy', () => {
  const url = 'https://hm.baidu.com/hm.js?0123&x=1';
  const loading = `<html><head><script async="" src="https://hm.baidu.com/hm.js?0123&amp;x=1"></script></head></html>`;

  it('adds nothing when no analytics script is set', () => {
    expect(scriptSources(pagePolicy(loading, { frameAncestors: "'none'" }))).toEqual(["'self'"]);
    expect(connectSources(pagePolicy(loading, { frameAncestors: "'none'", analyticsScriptUrl: '' }))).toEqual(["'self'"]);
  });

  it('adds exactly the set script\'s origin, to scripts and connections, on a page that loads it', () => {
    const policy = pagePolicy(loading, { frameAncestors: "'none'", analyticsScriptUrl: url });
    expect(scriptSources(policy)).toEqual(["'self'", 'https://hm.baidu.com']);
    expect(connectSources(policy)).toEqual(["'self'", 'https://hm.baidu.com']);
  });

  it('adds nothing to a page that does not load the set script, or loads another', () => {
    expect(analyticsOriginIn('<html></html>', url)).toBeNull();
    expect(analyticsOriginIn('<script src="https://evil.example/x.js"></script>', url)).toBeNull();
    expect(analyticsOriginIn(loading, 'http://hm.baidu.com/hm.js')).toBeNull();
  });
});

describe.each(testEngines())('public pages with the site settings on %s', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { web: true });
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  const page = (url: string, locale: 'zh-CN' | 'en-US' = 'zh-CN') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': locale } });
  const update = async (body: unknown) => {
    const res = await t.call('POST', '/api/Site/Update', body, admin);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('is neutral without demo content: named Portico, none of the demo company\'s details', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const html = (await page('/Home', locale)).body;
      expect(html).toMatch(/<title>[^<]+ - Portico<\/title>/);
      expect(metaOf(html, 'og:site_name')).toBe('Portico');
      const demo = demoSiteSettings;
      for (const text of [demo.address[locale], demo.phone, demo.email, demo.footerText[locale], demo.tagline[locale], demo.legalName[locale], demo.officeHours[locale]]) {
        expect(html, text).not.toContain(text);
      }
      // The page texts of home, about, services and strength still tell the demo company's story
      // (they become editable pages later); the frame the settings fill names no company.
      const frame = [/<header[\s\S]*<\/header>/.exec(html)![0], /<footer[\s\S]*<\/footer>/.exec(html)![0], /<script type="application\/ld\+json">[^<]*<\/script>/.exec(html)![0]].join('');
      for (const name of [demo.companyName['zh-CN'], demo.companyName['en-US']]) expect(frame, name).not.toContain(name);
    }
  });

  it('is first drawn once read up to its footer, whose id the head names', async () => {
    // A page drawn halfway through its reading moved its header's menu as its links came (decision 0067).
    for (const url of ['/Home', '/News', '/Jobs', '/en/Home']) {
      const html = (await page(url)).body;
      const head = /<head>[\s\S]*<\/head>/.exec(html)![0];
      expect(head, url).toContain('<link rel="expect" href="#site-footer" blocking="render"/>');
      expect(html.match(/ id="site-footer"/g), url).toHaveLength(1);
      expect(html.indexOf('<footer id="site-footer"'), url).toBeGreaterThan(html.indexOf('<header'));
    }
  });

  it('shows a new name at once after an update, in both languages', async () => {
    await page('/Home', 'zh-CN'); // kept in the page cache
    await page('/Home', 'en-US');
    await update({ companyName: { 'zh-CN': '星河示例', 'en-US': 'Galaxy Example' }, brandName: { 'zh-CN': '星河', 'en-US': 'Galaxy' } });
    const zh = (await page('/Home', 'zh-CN')).body;
    expect(zh).toContain('星河示例');
    expect(zh).toMatch(/<title>[^<]+ - 星河<\/title>/);
    const en = (await page('/Home', 'en-US')).body;
    expect(en).toContain('Galaxy Example');
    expect(en).toMatch(/<title>[^<]+ - Galaxy<\/title>/);
    expect(metaOf(en, 'og:site_name')).toBe('Galaxy');
  });

  it('names the RSS feed after the site', async () => {
    const rss = (await t.app.inject('/rss.xml')).body;
    expect(rss).toContain('<title>星河示例 · 新闻 · News</title>');
    expect(rss).not.toContain('博远');
  });

  it('shares the built-in image, then the logo, then the share image, as absolute addresses', async () => {
    const publicUrl = t.app.ctx.config.publicUrl;
    let html = (await page('/AboutsUs')).body;
    expect(metaOf(html, 'og:image')).toBe(`${publicUrl}/share-default.png`);
    expect(metaOf(html, 'og:image:alt')).toBe('星河示例');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    await update({ logo: '/api/File/Download/5' });
    html = (await page('/AboutsUs')).body;
    expect(metaOf(html, 'og:image')).toBe(`${publicUrl}/api/File/Download/5`);
    expect(html).toContain('<img class="brand-logo" src="/api/File/Download/5" alt="星河示例"/>');
    // A library reference carries the logo's size: the header keeps its room before the image loads.
    await update({ logo: '/api/File/Download/5#w=480&h=120&t=png' });
    html = (await page('/AboutsUs')).body;
    expect(html).toContain('<img class="brand-logo" src="/api/File/Download/5" alt="星河示例" width="480" height="120"/>');
    await update({ shareImage: 'https://cdn.example.com/share.png', shareImageAlt: { 'zh-CN': '星河大楼', 'en-US': 'Galaxy building' } });
    html = (await page('/AboutsUs', 'en-US')).body;
    expect(metaOf(html, 'og:image')).toBe('https://cdn.example.com/share.png');
    expect(metaOf(html, 'og:image:alt')).toBe('Galaxy building');
  });

  it('carries the RSS link, the Organization data, the favicon and the colour', async () => {
    await update({
      legalName: { 'zh-CN': '星河示例有限公司', 'en-US': 'Galaxy Example Ltd.' },
      weiboUrl: 'https://weibo.com/galaxy',
      favicon: '/api/File/Download/6',
      primaryColor: '#aa3300',
    });
    const html = (await page('/Home', 'en-US')).body;
    // The feed of the page's language (issue 17: `/rss.xml` is the Chinese feed, `/en/rss.xml` the English).
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Galaxy RSS" href="/en/rss.xml"/>');
    expect((await page('/Home', 'zh-CN')).body).toContain('<link rel="alternate" type="application/rss+xml" title="星河 RSS" href="/rss.xml"/>');
    expect(html).toContain('<link rel="icon" href="/api/File/Download/6"/>');
    expect(html).toContain('--brand:#aa3300');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(ld).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'Galaxy Example', legalName: 'Galaxy Example Ltd.', sameAs: ['https://weibo.com/galaxy'] }));
  });

  it('shows the contact details, the filing numbers with their links and the footer text', async () => {
    await update({
      address: { 'zh-CN': '北京市示例路 9 号', 'en-US': '9 Example Road, Beijing' },
      phone: '010-1234-5678',
      email: 'hello@galaxy.example',
      icpNumber: '京ICP备00000000号-1',
      icpUrl: 'https://beian.miit.gov.cn/',
      psbNumber: '京公网安备00000000000000号',
      psbUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=00000000000000',
      footerText: { 'zh-CN': '© 2026 星河示例', 'en-US': '© 2026 Galaxy Example' },
    });
    const zh = (await page('/ContactUs')).body;
    expect(zh).toContain('北京市示例路 9 号');
    expect(zh).toContain('href="tel:01012345678"');
    expect(zh).toContain('href="mailto:hello@galaxy.example"');
    expect(zh).toContain('<a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">京ICP备00000000号-1</a>');
    expect(zh).toContain('京公网安备00000000000000号</a>');
    expect(zh).toContain('© 2026 星河示例');
    expect((await page('/ContactUs', 'en-US')).body).toContain('9 Example Road, Beijing');
  });

  it('shows the privacy notice from the settings, in the page\'s language', async () => {
    await update({ privacyNotice: { 'zh-CN': '## 收集\n\n我们只收集必要信息。', 'en-US': '## Collection\n\nWe collect only what we need.' } });
    const zh = (await page('/privacy')).body;
    expect(zh).toContain('<h2>收集</h2><p>我们只收集必要信息。</p>');
    expect((await page('/privacy', 'en-US')).body).toContain('<h2>Collection</h2><p>We collect only what we need.</p>');
  });

  it('loads a set analytics script and allows exactly its origin; an unset one adds nothing', async () => {
    const before = await page('/Home');
    expect(scriptSources(String(before.headers['content-security-policy']))).toEqual(["'self'"]);
    expect(connectSources(String(before.headers['content-security-policy']))).toEqual(["'self'"]);
    await update({ analyticsScriptUrl: 'https://plausible.example/js/script.js' });
    const after = await page('/Home');
    expect(after.body).toContain('<script async="" src="https://plausible.example/js/script.js"></script>');
    expect(scriptSources(String(after.headers['content-security-policy']))).toEqual(["'self'", 'https://plausible.example']);
    expect(connectSources(String(after.headers['content-security-policy']))).toEqual(["'self'", 'https://plausible.example']);
    // The back-office's pages do not load it, so their policy does not allow it.
    const login = await page('/login');
    expect(login.body).not.toContain('plausible.example');
    expect(String(login.headers['content-security-policy'])).not.toContain('plausible.example');
    await update({ analyticsScriptUrl: '' });
    const unset = await page('/Home');
    expect(unset.body).not.toContain('plausible.example');
    expect(String(unset.headers['content-security-policy'])).not.toContain('plausible.example');
  });
});

describe.each(testEngines())('public pages of the demo site on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { PORTICO_DEMO: '1' }, { web: true });
  });
  afterAll(() => t?.close());

  it('show the demo company from its seeded settings, in both languages', async () => {
    const zh = (await t.app.inject({ url: '/Home', headers: { 'accept-language': 'zh-CN' } })).body;
    expect(zh).toContain('<span>博远科技</span>');
    expect(zh).toContain(demoSiteSettings.address['zh-CN']);
    expect(zh).toMatch(/<title>[^<]+ - Portico<\/title>/);
    const en = (await t.app.inject({ url: '/Home', headers: { 'accept-language': 'en-US' } })).body;
    expect(en).toContain('<span>Portico Technology</span>');
    expect(en).toContain(demoSiteSettings.footerText['en-US']);
  });
});
