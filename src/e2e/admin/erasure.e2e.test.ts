import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { applicationDetailsPath } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Issue 20, item 1: staff erase an applicant's data from the back-office, after a confirmation. */
describe('erasing an applicant from the back-office', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${portico.url}/api/${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }) });
    token = (await login.json()).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('deletes an application, its résumé and the mail naming the applicant, after saying what goes', async () => {
    const job = (await api('POST', 'Job/Query', { filters: { status: 'open' } })).body.data.items[0];
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(job.id), name: 'Erase Me', phone: '13800000009', email: 'erase.me@example.com', consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'erase-me.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    const id = applied.data.id as number;
    const resumeUrl = (await api('GET', `JobApplication/${id}`)).body.data.resumeUrl as string;
    const outbox = path.join(portico.dataDir, 'outbox');
    const naming = () => fs.readdirSync(outbox).filter((name) => fs.readFileSync(path.join(outbox, name), 'utf8').toLowerCase().includes('erase.me@example.com'));
    expect(naming().length).toBeGreaterThan(0);

    const { context } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login?redirect=${encodeURIComponent(applicationDetailsPath(id))}`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    if (!page.url().includes('ContactDetails')) await page.goto(`${portico.url}${applicationDetailsPath(id)}`);
    await page.getByRole('heading', { name: /Erase Me/ }).waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmation = page.locator('.ui-confirm');
    await expect.poll(() => confirmation.textContent()).toContain('the résumé file');
    // Cancelling keeps everything.
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `JobApplication/${id}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('.ui-confirm').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/ApplyInfoManagement');
    expect((await api('GET', `JobApplication/${id}`)).status).toBe(404);
    expect((await fetch(`${portico.url}${resumeUrl}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect(naming()).toEqual([]);
    const audit = (await api('POST', 'AuditLog/Query', { filters: { action: 'erase' } })).body.data.items;
    expect(audit[0]).toMatchObject({ entity: 'JobApplication', entityId: String(id), changes: null });
    await context.close();
  });
});
