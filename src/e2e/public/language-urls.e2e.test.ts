import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * A URL per language (docs/decisions/0053), as an English visitor on a Chinese browser meets it:
 * `/en/…` speaks English whatever the browser says, its links stay in English, and the language
 * switch leads to the same page in Chinese.
 */
describe('a URL per language', () => {
  let portico: Portico;
  let browser: Browser;
  let news: { id: number; title: string };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    const answer = await (await fetch(`${portico.url}/api/News/Query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: 1 }) })).json();
    news = answer.data.items[0];
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  /** Every link of the page to an address of this site (the language switch apart). */
  const siteLinks = (page: Page) =>
    page.$$eval('a[href^="/"]:not(.locale-switch)', (links) => links.map((link) => link.getAttribute('href')!));

  it('shows /en/Home in English to a Chinese browser, and every link it follows stays under /en/', async () => {
    const { context, consoleErrors } = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await page.goto(`${portico.url}/en/Home`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.locator('h1').first().textContent()).toContain('Real-time data for every factory');
    expect(await page.locator('.site-nav').getByRole('link').first().textContent()).toBe('Home');
    for (const href of await siteLinks(page)) expect(href).toMatch(/^\/en\//);

    await page.locator('.site-nav').getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${portico.url}/en/News`);
    expect(await page.locator('h1').first().textContent()).toBe('News');
    for (const href of await siteLinks(page)) expect(href).toMatch(/^\/en\//);

    // A news item, its breadcrumb back, then the careers pages.
    await page.locator('.list h3 a').first().click();
    await page.waitForURL(/\/en\/News\/[\w-]+\?id=\d+$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.locator('.crumbs').getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${portico.url}/en/News`);
    await page.locator('.site-nav').getByRole('link', { name: 'Careers' }).click();
    await page.waitForURL(`${portico.url}/en/Jobs`);
    await page.locator('.list h3 a').first().click();
    await page.waitForURL(/\/en\/Jobs\/detail\?id=\d+$/);
    await page.locator('.actions').getByRole('link', { name: 'Apply' }).first().click();
    await page.waitForURL(/\/en\/ApplyNow\?jobId=\d+$/);
    expect(await page.locator('h1').first().textContent()).toBe('Apply');
    // The search form of the jobs list keeps the language too.
    await page.goto(`${portico.url}/en/Jobs`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/en\/Jobs\?/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('switches /en/News/detail?id=… to /zh/News/detail?id=… of the same item, and remembers the choice', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${portico.url}/en/News/detail?id=${news.id}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByRole('link', { name: '中文' }).click();
    await page.waitForURL(`${portico.url}/zh/News/detail?id=${news.id}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.locator('h1').first().textContent()).toBe(news.title);
    expect(await page.locator('.site-nav').getByRole('link').first().textContent()).toBe('首页');
    expect(await page.evaluate(() => localStorage.getItem('portico.locale'))).toBe('zh-CN');
    // The choice is what the seed's paths negotiate by from now on, though the browser says English.
    await page.goto(`${portico.url}/Services`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    // And back: the switch on a Chinese page leads to the English one of the same item.
    await page.goto(`${portico.url}/zh/News/detail?id=${news.id}`);
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${portico.url}/en/News/detail?id=${news.id}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps an address\'s language over a different choice stored in the browser, without reloading', async () => {
    const { context, consoleErrors } = await newContext(browser, 'zh-CN');
    await context.addInitScript(() => {
      if (location.protocol === 'http:') localStorage.setItem('portico.locale', 'zh-CN');
    });
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${portico.url}/en/Services`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.locator('h1').first().textContent()).toBe('Services');
    expect(loads).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
