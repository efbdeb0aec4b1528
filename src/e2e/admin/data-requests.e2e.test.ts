import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { ADMIN_PATHS } from '../../shared/paths.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('data requests in the back-office', () => {
  let portico: Portico;
  let browser: Browser;
  let adminToken: string;

  const api = async (method: string, path: string, body?: unknown, token: string | null = adminToken) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const apply = async (jobId: number, email: string, phone: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(jobId), name: 'Data Person', phone, email, consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    return applied.data.id as number;
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    adminToken = (await api('POST', 'security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD }, null)).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('finds one person by e-mail, exports the archive and erases it all after a confirmation that keeps the focus on Cancel', async () => {
    const category = (await api('POST', 'JobCategory', { name: 'R&D' })).data.id;
    const jobId = (await api('POST', 'Job', { title: 'Engineer', categoryId: category, description: '<p>x</p>', status: 'open' })).data.id;
    const hers = await apply(jobId, 'Data.Person@example.com', '+86 138 0000 0000');
    expect((await api('POST', 'ContactInfo', { name: 'Data Person', email: 'data.person@example.com', message: 'Hello' }, null)).isSuccess).toBe(true);
    const someoneElse = await apply(jobId, 'someone@example.com', '139 0000 0000');

    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.dataRequests}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.dataRequests}`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).textContent()).toContain('Data requests');

    // Type the address as the person wrote it to us, and Enter searches.
    await page.locator('input[name="email"]').fill('DATA.person@Example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Records found: 2').count()).toBe(1);
    expect(await page.locator('.data-requests-result .ant-card-head-title').allTextContents()).toEqual(['Applications (1)', 'Contact messages (1)']);
    expect(await page.getByRole('link', { name: `#${hers}` }).getAttribute('href')).toBe(`${ADMIN_PATHS.applicationDetails}?id=${hers}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Export archive/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^data-subject-\d{8}-\d{6}\.tar\.gz$/);
    const archive = gunzipSync(await streamBytes(await download.createReadStream()));
    expect(archive.includes(Buffer.from('records.json'))).toBe(true);
    expect(archive.includes(PDF)).toBe(true);

    await page.getByRole('button', { name: /Erase all/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('cannot be undone');
    expect(await dialog.textContent()).toContain('Erase all 2 records of this person?');
    // The focus is on Cancel: Enter alone erases nothing.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Erase 2 records' }).click();
    await expect.poll(() => page.getByText('Records erased: 2').count()).toBe(1);
    await expect.poll(() => page.getByText('Nothing is held under this e-mail address or phone number.').count()).toBe(1);

    expect((await api('GET', `JobApplication/${hers}`)).errorCode).toBe(40004);
    expect((await api('GET', `JobApplication/${someoneElse}`)).isSuccess).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lists the privacy notice\'s versions under Privacy, and an application opens the one its sender agreed to', async () => {
    const category = (await api('POST', 'JobCategory', { name: 'Notice' })).data.id;
    const jobId = (await api('POST', 'Job', { title: 'Notice reader', categoryId: category, description: '<p>x</p>', status: 'open' })).data.id;
    // Sent under version 0, the built-in notice, before the company writes its own.
    const before = await apply(jobId, 'before.notice@example.com', '137 0000 0000');
    expect((await api('POST', 'Site/Update', { privacyNotice: { 'zh-CN': '## 新声明\n\n浏览器测试。', 'en-US': '## New notice\n\nWritten by the browser test.' } })).isSuccess).toBe(true);

    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.dataRequests}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.dataRequests}`);
    // An administrator has both modules that read it, and finds it once, under Privacy.
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Privacy notice versions' }).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Privacy notice versions' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.privacyNotice}`);
    const row = (version: number) => page.locator('tr', { has: page.getByText(`Version ${version}`, { exact: true }) });
    await expect.poll(() => row(1).textContent()).toContain('Current');
    expect(await row(1).textContent()).toContain('admin');
    expect(await row(0).textContent()).toContain('In force before versions were kept');
    await row(0).getByRole('button', { name: /expand row/i }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'What we collect' }).count()).toBe(1);

    await page.goto(`${portico.url}${ADMIN_PATHS.applicationDetails}?id=${before}`);
    await page.getByRole('button', { name: 'Read this version' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('In force before versions were kept');
    expect(await dialog.getByRole('heading', { name: 'What we collect' }).count()).toBe(1);
    expect(await dialog.textContent()).not.toContain('Written by the browser test.');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
