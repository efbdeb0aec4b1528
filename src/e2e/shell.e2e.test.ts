import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, startPortico } from './harness.js';
import type { Portico } from './harness.js';

describe('the web shell', () => {
  let portico: Portico;
  let browser: Browser;
  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('redirects / to /Home and renders it on the server in the visitor\'s language', async () => {
    const root = await fetch(`${portico.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/Home');
    const zh = await (await fetch(`${portico.url}/Home`)).text();
    expect(zh).toContain('<html lang="zh-CN"');
    const en = await (await fetch(`${portico.url}/Home`, { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })).text();
    expect(en).toContain('<html lang="en-US"');
    const cookie = await (await fetch(`${portico.url}/Home`, { headers: { cookie: 'portico.locale=en-US', 'Accept-Language': 'zh-CN' } })).text();
    expect(cookie).toContain('<html lang="en-US"');
  });

  it('answers unknown paths with the not-found page and HTTP 404', async () => {
    for (const path of ['/no-such-page', '/clientdashboard', '/findwork']) {
      const res = await fetch(`${portico.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>页面不存在 - Portico</title>');
    }
    const english = await fetch(`${portico.url}/no-such-page`, { headers: { 'Accept-Language': 'en-US' } });
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('<title>Page not found - Portico</title>');
    const api = await fetch(`${portico.url}/api/no-such-call`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ isSuccess: false, errorCode: 40004 });
  });

  it('answers a HEAD with the page\'s headers, and never keeps an empty page for the next visitor', async () => {
    for (const path of ['/Services', '/News', '/Jobs']) {
      const head = await fetch(`${portico.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toContain('text/html');
      const get = await fetch(`${portico.url}${path}`);
      expect(get.headers.get('content-type'), path).toContain('text/html');
      const body = await get.text();
      expect(body, path).toContain('</html>');
      expect(head.headers.get('content-length'), path).toBe(get.headers.get('content-length'));
      expect(Number(head.headers.get('content-length')), path).toBeGreaterThan(1000);
    }
  });

  it('gives visitors arriving together the same whole page', async () => {
    const path = '/AboutsUs';
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${portico.url}${path}`)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(bodies[0]).toContain('</html>');
    expect(new Set(bodies).size).toBe(1);
  });

  it('serves hashed assets with a year-long cache lifetime', async () => {
    const html = await (await fetch(`${portico.url}/Home`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${portico.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('hydrates in Chromium without console errors', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${portico.url}/Home`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
