import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Issue 21, "bulk actions" (docs/decisions/0057): a bulk status move in a real browser. */
describe('bulk actions in the back-office', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;

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

  const staff = async (path: string, body: unknown) =>
    (await fetch(`${portico.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json();
  const apply = async (name: string, jobId: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(jobId), name, phone: '13800000066', email: `${name.replace(/\s/g, '.')}@example.com`, consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    return applied.data.id as number;
  };

  it('moves the ticked applications to another status at once, each with the note in its history', async () => {
    const jobs = await staff('Job/Query', { filters: { status: 'open' } });
    const jobId = jobs.data.items[0].id as number;
    const ids = [await apply('Bulk One', jobId), await apply('Bulk Two', jobId), await apply('Bulk Three', jobId)];

    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${portico.url}${ADMIN_PATHS.applications}?keyword=Bulk`);

    for (const name of ['Bulk One', 'Bulk Three']) {
      await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect.poll(() => bar.getByText('2 selected').count()).toBe(1);
    await bar.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Move to').click();
    await page.locator('.ant-select-dropdown').getByTitle('Interview').click();
    await dialog.getByLabel('Note (optional, kept in the history of each)').fill('Invited together');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('2 done').waitFor();

    const read = async (id: number) => (await (await fetch(`${portico.url}/api/JobApplication/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    for (const id of [ids[0], ids[2]]) {
      const application = await read(id);
      expect(application.statusId).toBe(3);
      expect(application.history.at(-1)).toMatchObject({ statusId: 3, note: 'Invited together', byUserName: 'admin' });
    }
    expect((await read(ids[1])).statusId).toBe(1);
    // The list shows the move, and the bar is gone with the selection.
    await expect.poll(() => page.getByRole('row', { name: /Bulk One/ }).getByText('Interview').count()).toBe(1);
    expect(await bar.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('moves one application from its row, in the dialog the list loads on first use, and says so after it closes', async () => {
    const jobs = await staff('Job/Query', { filters: { status: 'open' } });
    const id = await apply('Row Mover', jobs.data.items[0].id as number);
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // What the list loads: antd's code only once a dialog is asked for.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${portico.url}${ADMIN_PATHS.applications}?keyword=Row%20Mover`);
    const row = page.getByRole('row', { name: /Row Mover/ });
    await row.waitFor();
    await page.waitForLoadState('networkidle');
    const beforeDialog = scripts.length;
    expect(scripts.some((script) => /antd-scope/.test(script))).toBe(false);

    await row.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(scripts.slice(beforeDialog).some((script) => /antd-scope/.test(script))).toBe(true);
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Interview' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog is closed and its notice stays to be read.
    await page.getByText('Saved').first().waitFor();
    await expect.poll(() => row.getByText('Interview').count()).toBe(1);
    const moved = (await (await fetch(`${portico.url}/api/JobApplication/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(moved.statusId).toBe(3);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
