import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { ADMIN_PATHS, PUBLIC_PATHS } from '../../shared/paths.js';

describe('the editable pages', () => {
  let portico: Portico;
  let browser: Browser;

  beforeAll(async () => {
    // A new site without demo content: its pages are the neutral starter pages.
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  const heading = (page: Page) => page.locator('main h1').textContent();

  it('lets the administrator set the home hero in the back-office, preview it and publish it; the public site shows it at once in both languages', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.sitePageEdit}?key=home`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.sitePageEdit}?key=home`);

    const hero = page.locator('[data-block-type="hero"]').first();
    const chinese = hero.getByLabel('Title · 中文');
    await expect.poll(() => chinese.inputValue()).toBe('欢迎');
    await chinese.fill('星河示例首页');
    // By keyboard: Tab from the Chinese title reaches the English one.
    await chinese.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id ?? '')).toContain('en-US');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Galaxy Example home');

    // The preview opens in a new tab with the saved draft; visitors still see the published page.
    const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /Preview/ }).click()]);
    await preview.waitForURL('**/SiteManagement/pages/preview?key=home');
    await expect.poll(() => heading(preview)).toBe('Galaxy Example home');
    expect(await preview.getByRole('status').textContent()).toContain('Preview');
    const visitor = await context.newPage();
    await visitor.goto(`${portico.url}${PUBLIC_PATHS.home}`);
    expect(await heading(visitor)).toBe('Welcome');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText('Published; the website shows it now').count()).toBe(1);

    await visitor.goto(`${portico.url}${PUBLIC_PATHS.home}`);
    expect(await heading(visitor)).toBe('Galaxy Example home');
    expect(consoleErrors).toEqual([]);
    await context.close();

    const zh = await newContext(browser, 'zh-CN');
    const chinesePage = await zh.context.newPage();
    await chinesePage.goto(`${portico.url}${PUBLIC_PATHS.home}`);
    expect(await heading(chinesePage)).toBe('星河示例首页');
    expect(zh.consoleErrors).toEqual([]);
    await zh.context.close();
  });
});
