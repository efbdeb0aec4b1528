import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_PATHS, PUBLIC_PATHS, newsDetailPath } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

describe('the media library', () => {
  let portico: Portico;
  let browser: Browser;
  let adminToken: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${adminToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    adminToken = (await login.json()).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('uploads an image in the media screen, describes it, refuses to delete it while a news item uses it, and the public page draws it', async () => {
    const photo = await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 20, g: 110, b: 180 } } }).jpeg().toBuffer();
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.media}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.media}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Media library');

    await page.locator('.ant-upload input[type="file"]').setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo });
    const grid = page.getByRole('list', { name: 'Media library' });
    const card = grid.getByRole('listitem').filter({ hasText: 'harbour.jpg' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('1400 × 900 px');
    // No alt text yet: the thumbnail is decorative beside its name, until it is described.
    const thumbnail = card.locator('img');
    await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^\/api\/Media\/\d+\/320\.webp$/);
    // The thumbnail is a real 320-pixel WebP the browser drew.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    await card.getByRole('button', { name: 'Alt text' }).click();
    await page.getByLabel('Alt text (English)').fill('The harbour at dawn');
    await page.getByLabel('Alt text (Chinese)').fill('清晨的港口');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => thumbnail.getAttribute('alt')).toBe('The harbour at dawn');

    const id = Number(/\/api\/Media\/(\d+)\//.exec((await thumbnail.getAttribute('src'))!)![1]);
    const media = (await api('GET', `Media/${id}`)).data;
    const category = (await api('POST', 'NewsCategory', { name: 'Harbour' })).data;
    const news = (await api('POST', 'News', { title: 'The harbour opens', content: '<p>Open.</p>', categoryId: category.id, coverUrl: media.reference, status: 'published' })).data;

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    const warning = page.getByRole('dialog').filter({ hasText: 'This image is in use' });
    await expect.poll(() => warning.count()).toBe(1);
    expect(await warning.getByRole('link', { name: 'News: The harbour opens' }).getAttribute('href')).toBe(`/NewsManagement/modify-news?id=${news.id}`);
    await warning.getByRole('button', { name: 'OK' }).click();
    expect((await api('GET', `Media/${id}`)).isSuccess).toBe(true);

    // The public page draws the cover with its variants at its size, first, without a script.
    const publicPage = await context.newPage();
    await publicPage.goto(`${portico.url}${newsDetailPath('detail', news.id)}`);
    const cover = publicPage.locator('article picture img');
    expect(await cover.getAttribute('width')).toBe('1400');
    expect(await cover.getAttribute('height')).toBe('900');
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    expect(await publicPage.locator('article picture source[type="image/avif"]').getAttribute('srcset')).toContain(`/api/Media/${id}/640.avif 640w`);
    // Chromium takes AVIF: what it drew is the AVIF variant of the width `sizes` asks for.
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`/api/Media/${id}/\\d+\\.avif$`));
    // Lists draw covers lazily, at their size: the news list and the home page.
    for (const path of [PUBLIC_PATHS.news, PUBLIC_PATHS.home]) {
      await publicPage.goto(`${portico.url}${path}`);
      const listed = publicPage.locator('.list picture img').first();
      expect(await listed.getAttribute('loading'), path).toBe('lazy');
      expect(await listed.getAttribute('width'), path).toBe('1400');
      expect(await listed.getAttribute('sizes'), path).toBe('(max-width: 640px) 100vw, 200px');
    }
    // The refused delete is the one failed request the browser reports.
    expect(consoleErrors.filter((line) => !line.includes('status of 409'))).toEqual([]);
    await context.close();
  });
});
