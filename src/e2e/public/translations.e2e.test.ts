import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { PUBLIC_PATHS, newsEditPath } from '../../shared/paths.js';

/**
 * News in two languages (docs/decisions/0054): an English visitor reads an English translation in
 * English and an untranslated item in Chinese marked `lang="zh-CN"`; a member of staff writes an
 * English translation in the editor's English tab, and visitors read it.
 */
describe('news in two languages', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  let untranslatedId: number;

  const call = async (path: string, body?: unknown, method = 'POST') => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()).data;
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    token = (await call('security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD })).accessToken.token;
    const categoryId = (await call('NewsCategory', { name: '港口', translations: { 'en-US': { name: 'Harbour' } } })).id;
    await call('News', {
        title: '港口开放',
        content: '<p>今天开放。</p>',
        categoryId,
        status: 'published',
        translations: { 'en-US': { title: 'The harbour opens', content: '<p>Open today.</p>' } },
      });
    untranslatedId = (await call('News', { title: '灯塔修缮', content: '<p>灯塔正在修缮。</p>', categoryId, status: 'published' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('shows an English visitor the English text, and the untranslated one in Chinese inside lang="zh-CN"', async () => {
    const { context } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${portico.url}${PUBLIC_PATHS.news}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await expect.poll(() => page.getByRole('link', { name: 'The harbour opens' }).count()).toBe(1);
    // The translated item and its category carry no other language.
    const translated = page.locator('li', { has: page.getByRole('link', { name: 'The harbour opens' }) });
    expect(await translated.locator('[lang="zh-CN"]').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Harbour', exact: true }).count()).toBe(1);
    // The untranslated one is in Chinese, marked as such.
    const fallback = page.locator('[lang="zh-CN"]', { hasText: '灯塔修缮' });
    expect(await fallback.count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: '灯塔修缮' }).click();
    await page.waitForURL(`**id=${untranslatedId}`);
    expect(await page.locator('h1 [lang="zh-CN"]').textContent()).toBe('灯塔修缮');
    expect(await page.locator('.article-body[lang="zh-CN"]').count()).toBe(1);
    const lds = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as { '@type'?: string; inLanguage?: string });
    expect(lds.find((ld) => ld['@type'] === 'NewsArticle')?.inLanguage).toBe('zh-CN');
    await context.close();
  });

  it('lets staff write the English text in the editor\'s English tab, which visitors then read', async () => {
    const { context } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${newsEditPath(untranslatedId)}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${newsEditPath(untranslatedId)}`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('灯塔修缮');
    await page.getByRole('tab', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Copy the Chinese text as a starting point' }).click();
    const title = page.getByLabel('Title (English)');
    await expect.poll(() => title.inputValue()).toBe('灯塔修缮');
    await title.fill('The lighthouse is repaired');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await call(`News/${untranslatedId}`, undefined, 'GET')).translations?.['en-US']?.title).toBe('The lighthouse is repaired');
    const saved = await fetch(`${portico.url}/api/News/${untranslatedId}?locale=en-US`).then((res) => res.json());
    expect(saved.data).toMatchObject({ title: 'The lighthouse is repaired', locale: 'en-US' });
    await context.close();
  });
});
