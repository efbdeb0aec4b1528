import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { ADMIN_PATHS, PUBLIC_PATHS } from '../../shared/paths.js';

describe('the site settings', () => {
  let portico: Portico;
  let browser: Browser;

  beforeAll(async () => {
    // A new site without demo content: named "Portico" until the administrator names it.
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('lets the administrator name the company and upload its logo in the back-office, and the public site shows both at once in both languages', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.siteSettings}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.siteSettings}`);

    const chinese = page.getByLabel('Company name · 中文');
    await expect.poll(() => chinese.inputValue()).toBe('Portico');
    // The logo: uploaded into the library from its field, shown there at once.
    const logo = await sharp({ create: { width: 480, height: 120, channels: 4, background: { r: 200, g: 40, b: 60, alpha: 1 } } }).png().toBuffer();
    const logoField = page.locator('.ant-form-item').filter({ has: page.getByText('Logo (light backgrounds)', { exact: true }) });
    await logoField.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect.poll(() => logoField.locator('img.image-picker-preview').count()).toBe(1);
    // By keyboard: type, Tab to the English field, type, then Enter saves the form.
    await chinese.fill('星河示例科技');
    await chinese.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id ?? '')).toContain('en-US');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Galaxy Example Technology');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Site settings saved; the public site shows them now').count()).toBe(1);

    const english = await context.newPage();
    await english.goto(`${portico.url}${PUBLIC_PATHS.home}`);
    // The header draws the uploaded logo in the place of the name, named by the company, at the size
    // its reference carries, and the browser could load it.
    const headerLogo = english.locator('header .brand img.brand-logo');
    await expect.poll(() => headerLogo.getAttribute('alt')).toBe('Galaxy Example Technology');
    expect([await headerLogo.getAttribute('width'), await headerLogo.getAttribute('height')]).toEqual(['480', '120']);
    await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await english.locator('footer').textContent()).toContain('Galaxy Example Technology');
    expect(consoleErrors).toEqual([]);
    await context.close();

    const zh = await newContext(browser, 'zh-CN');
    const chinesePage = await zh.context.newPage();
    await chinesePage.goto(`${portico.url}${PUBLIC_PATHS.home}`);
    await expect.poll(() => chinesePage.locator('header .brand img.brand-logo').getAttribute('alt')).toBe('星河示例科技');
    expect(await chinesePage.title()).toMatch(/ - Portico$/);
    expect(zh.consoleErrors).toEqual([]);
    await zh.context.close();
  });
});
