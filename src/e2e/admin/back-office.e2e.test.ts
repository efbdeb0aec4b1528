import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the back-office', () => {
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

  async function signIn(userName: string, password: string, path = '/login', locale = 'en-US'): Promise<{ page: Page; context: BrowserContext; errors: string[]; loginUrl: string }> {
    const { context, consoleErrors } = await newContext(browser, locale, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${portico.url}${path}`);
    await page.waitForURL('**/login**');
    const loginUrl = page.url();
    await page.locator('[name="userName"]').fill(userName);
    await page.locator('[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    return { page, context, errors: consoleErrors, loginUrl };
  }

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    adminToken = (await api('POST', 'security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD }, null)).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('refuses a wrong password with the product\'s message and signs the administrator in to the first menu', async () => {
    const { page, context, errors } = await signIn('admin', 'wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('User name or password is wrong');
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toBeNull();
    await page.locator('[name="password"]').fill(E2E_ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/NewsManagement/list-news');
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toMatch(/.{20,}/);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('portico.user'))) ?? '{}');
    expect(stored.userName).toBe('admin');
    await expect.poll(() => page.getByRole('menu').first().textContent()).toContain('All users');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a session to sign in, and back to where they were going', async () => {
    const { page, context, loginUrl } = await signIn('admin', E2E_ADMIN_PASSWORD, '/JobManagement/Add');
    expect(new URL(loginUrl).searchParams.get('redirect')).toBe('/JobManagement/Add');
    await page.waitForURL('**/JobManagement/Add');
    await context.close();
  });

  it('shows an editor only the news module and refuses the rest', async () => {
    await api('POST', 'User', { userName: 'editor.e2e', password: 'editor-password-1', roles: ['editor'] });
    const { page, context } = await signIn('editor.e2e', 'editor-password-1');
    await page.waitForURL('**/NewsManagement/list-news');
    const menu = await page.getByRole('menu').first().textContent();
    expect(menu).toContain('All news');
    expect(menu).not.toContain('All users');
    await page.goto(`${portico.url}/UserManagement/list`);
    await expect.poll(() => page.locator('.ant-result-title').textContent()).toBe('403');
    await context.close();
  });

  it('lands hr on the jobs list, the first menu of its first module', async () => {
    await api('POST', 'User', { userName: 'hr.e2e', password: 'hr-password-1', roles: ['hr'] });
    const { page, context } = await signIn('hr.e2e', 'hr-password-1');
    await page.waitForURL('**/JobManagement');
    await context.close();
  });

  it('creates, publishes and deletes a news item with rich text and an uploaded image', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/modify-news');
    await page.waitForURL('**/NewsManagement/modify-news');
    await page.getByLabel('Title').fill('E2E news item');
    await page.locator('#categoryId').click();
    await page.locator('.ant-select-item-option').first().click();
    const editor = page.locator('.ProseMirror').first();
    await editor.click();
    await page.keyboard.type('Written in the editor');
    await page.getByRole('button', { name: 'Bold' }).first().click();
    await page.keyboard.type(' bold words');
    await page.locator('.rich-editor input[type="file"]').first().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => editor.locator('img').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/NewsManagement/view-news?id=*');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = (await api('GET', `News/${id}`)).data;
    expect(saved).toMatchObject({ title: 'E2E news item', status: 'draft' });
    expect(saved.content).toContain('<strong>');
    expect(saved.content).toMatch(/<img src="\/api\/File\/Download\/\d+"/);

    await page.goto(`${portico.url}/NewsManagement/list-news`);
    const row = page.locator('tr', { hasText: 'E2E news item' });
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(async () => (await api('GET', `News/${id}`, undefined, null)).isSuccess).toBe(true);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('GET', `News/${id}`)).errorCode).toBe(40004);
    await context.close();
  });

  it('creates and edits a job', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/JobManagement/Add');
    await page.waitForURL('**/JobManagement/Add');
    await page.getByLabel('Title').fill('E2E engineer');
    await page.locator('#categoryId').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByLabel('Location').fill('Shanghai');
    await page.locator('.ProseMirror').first().click();
    await page.keyboard.type('Build things.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/JobManagement');
    const job = (await api('POST', 'Job/Query', { keyword: 'E2E engineer' })).data.items[0];
    expect(job).toMatchObject({ title: 'E2E engineer', location: 'Shanghai', status: 'draft' });
    await page.goto(`${portico.url}/JobManagement/Add?id=${job.id}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('E2E engineer');
    await page.getByLabel('Title').fill('E2E senior engineer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/JobManagement');
    expect((await api('GET', `Job/${job.id}`)).data.title).toBe('E2E senior engineer');
    await context.close();
  });

  it('moves an application through the pipeline and downloads its résumé', async () => {
    const job = (await api('POST', 'Job/Query', { filters: { status: 'open' } })).data.items[0];
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(job.id), name: 'Pipeline Person', phone: '13800000001', email: 'pipeline@example.com', consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'pipeline.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, `/ApplyInfoManagement/ContactDetails?id=${applied.data.id}`);
    await page.waitForURL('**/ContactDetails?id=*');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('.ant-modal #statusId').click();
    await page.locator('.ant-select-item-option', { hasText: 'Interview' }).click();
    await page.locator('.ant-modal textarea').fill('Strong portfolio');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-timeline').textContent()).toContain('Strong portfolio');
    const record = (await api('GET', `JobApplication/${applied.data.id}`)).data;
    expect(record.statusId).toBe(3);
    expect(record.history[0]).toMatchObject({ statusId: 3, note: 'Strong portfolio', byUserName: 'admin' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download résumé' }).click();
    expect((await download).suggestedFilename()).toBe('pipeline.pdf');
    await context.close();
  });

  it('handles a contact message: read, status, delete', async () => {
    await api('POST', 'ContactInfo', { name: 'Message Sender', email: 'sender@example.com', message: 'Please call me back.' }, null);
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/ContactInfoManagement');
    await page.waitForURL('**/ContactInfoManagement');
    const row = page.locator('tr', { hasText: 'Message Sender' });
    await row.getByRole('button', { name: 'View' }).click();
    await expect.poll(() => page.locator('.ant-drawer').textContent()).toContain('Please call me back.');
    await page.locator('.ant-drawer-close').click();
    await row.getByRole('button', { name: 'Change status' }).click();
    await page.locator('.ant-modal #statusId').click();
    await page.locator('.ant-select-item-option', { hasText: 'Done' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.textContent()).toContain('Done');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('POST', 'ContactInfo/Query', { keyword: 'Message Sender' })).data.meta.total).toBe(0);
    await context.close();
  });

  it('creates a user and resets their password', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/UserManagement/list');
    await page.waitForURL('**/UserManagement/list');
    await page.getByRole('button', { name: 'New user' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('User name').fill('new.person');
    await modal.getByLabel('Password').fill('first-password-1');
    await modal.getByLabel('Display name').fill('New Person');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'new.person' }).count()).toBe(1);
    expect((await api('POST', 'security/login', { userName: 'new.person', password: 'first-password-1' }, null)).isSuccess).toBe(true);
    await page.locator('tr', { hasText: 'new.person' }).getByRole('button', { name: 'Reset password' }).click();
    await page.locator('.ant-modal').getByLabel('New password').fill('second-password-2');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api('POST', 'security/login', { userName: 'new.person', password: 'second-password-2' }, null)).isSuccess).toBe(true);
    await context.close();
  });

  it('sends the user to sign in when the session is revoked, clearing local storage', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    const token = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    await api('POST', 'security/logout', {}, token);
    await page.goto(`${portico.url}/ContactInfoManagement`);
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => localStorage.getItem('portico.user'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toBeNull();
    await context.close();
  });

  it('switches the back-office language', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/login', 'zh-CN');
    await page.waitForURL('**/NewsManagement/list-news');
    await expect.poll(() => page.locator('h1').textContent()).toBe('新闻列表');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('All news');
    expect(await page.evaluate(() => localStorage.getItem('portico.locale'))).toBe('en-US');
    await context.close();
  });
});
