import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
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

  // The browser asks for less motion, as a user may: antd then opens its dialogs in place. With
  // motion, a dialog sits at its final place for a few frames before its zoom starts, so a click
  // the browser judged safe could land beside the button once the dialog shrank to start zooming.
  async function signIn(
    userName: string,
    password: string,
    path = '/login',
    locale = 'en-US',
    reducedMotion: 'reduce' | 'no-preference' = 'reduce',
  ): Promise<{ page: Page; context: BrowserContext; errors: string[]; loginUrl: string }> {
    const { context, consoleErrors } = await newContext(browser, locale, { viewport: { width: 1280, height: 900 }, reducedMotion });
    const page = await context.newPage();
    await page.goto(`${portico.url}${path}`);
    await page.waitForURL('**/login**');
    const loginUrl = page.url();
    await signInOnLoginPage(page, userName, password);
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
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).textContent()).toContain('All users');
    // The tab names the screen, then the brand.
    await expect.poll(() => page.title()).toBe('All news - Portico');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All users' }).click();
    await expect.poll(() => page.title()).toBe('All users - Portico');
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
    const menu = await page.getByRole('navigation', { name: 'Main menu' }).textContent();
    expect(menu).toContain('All news');
    expect(menu).not.toContain('All users');
    await page.goto(`${portico.url}/UserManagement/list`);
    await expect.poll(() => page.locator('.ui-result h2').textContent()).toBe('403');
    expect(await page.locator('.ui-result p').textContent()).toBe('You do not have access to this page.');
    // The refusal comes from the menu the server computed, before any call: the session stays.
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toMatch(/.{20,}/);
    await page.getByRole('button', { name: 'Go to my first page' }).click();
    await page.waitForURL('**/NewsManagement/list-news');
    await context.close();
  });

  it('lands hr on the jobs list, the first menu of its first module', async () => {
    await api('POST', 'User', { userName: 'hr.e2e', password: 'hr-password-1', roles: ['hr'] });
    const { page, context } = await signIn('hr.e2e', 'hr-password-1');
    await page.waitForURL('**/JobManagement');
    await context.close();
  });

  it('creates, edits, publishes and deletes a news item with rich text, images, cover, layout, publish time and pin', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/modify-news');
    await page.waitForURL('**/NewsManagement/modify-news');
    await page.getByLabel('Title', { exact: true }).fill('E2E news item');
    await page.locator('#categoryId').click();
    await page.locator('.ant-select-item-option').first().click();
    const editor = page.locator('.ProseMirror').first();
    await editor.click();
    await page.keyboard.type('Written in the editor');
    await page.getByRole('button', { name: 'Bold' }).first().click();
    await page.keyboard.type(' bold words');
    await page.locator('.rich-editor input[type="file"]').first().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => editor.locator('img').count()).toBe(1);
    await page.getByLabel('Summary', { exact: true }).fill('A short summary');
    await page.locator('.ant-upload input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    // The cover goes into the media library; the picker shows its smallest WebP variant.
    await expect.poll(() => page.getByAltText('Chosen image').getAttribute('src')).toMatch(/^\/api\/Media\/\d+\/1\.webp$/);
    await page.locator('#template').click();
    await page.locator('.ant-select-item-option', { hasText: 'Wide cover with contents' }).click();
    await page.locator('#publishedAt').click();
    await page.locator('#publishedAt').fill('2026-03-04 09:30:00');
    // Enter would submit the whole form; the picker's own button takes the typed time.
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await page.locator('#isTop').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/NewsManagement/view-news?id=*');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = (await api('GET', `News/${id}`)).data;
    expect(saved).toMatchObject({ title: 'E2E news item', status: 'draft', summary: 'A short summary', template: 'details-two', isTop: true });
    // The library image's reference: its address, with its size and format for the public pages.
    expect(saved.coverUrl).toMatch(/^\/api\/File\/Download\/\d+#w=1&h=1&t=png$/);
    expect(new Date(saved.publishedAt).getTime()).toBe(new Date(2026, 2, 4, 9, 30, 0).getTime());
    expect(saved.content).toContain('<strong>');
    expect(saved.content).toMatch(/<img src="\/api\/File\/Download\/\d+"/);
    // A draft has no public page yet: view-news says so and shows the article itself.
    await expect.poll(() => page.locator('.news-preview h1').textContent()).toBe('E2E news item');
    expect(await page.locator('.ant-alert').textContent()).toContain('not public yet');

    await page.goto(`${portico.url}/NewsManagement/modify-news?id=${id}`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('E2E news item');
    await expect.poll(() => editor.textContent()).toContain('bold words');
    await page.getByLabel('Title', { exact: true }).fill('E2E news item, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/NewsManagement/view-news?id=${id}`);
    const edited = (await api('GET', `News/${id}`)).data;
    expect(edited).toMatchObject({ title: 'E2E news item, edited', template: 'details-two', isTop: true, summary: 'A short summary' });
    expect(edited.content).toBe(saved.content);

    await page.goto(`${portico.url}/NewsManagement/list-news`);
    const row = page.locator('tr', { hasText: 'E2E news item' });
    await row.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.ui-confirm').getByRole('button', { name: 'Publish' }).click();
    await expect.poll(async () => (await api('GET', `News/${id}`, undefined, null)).isSuccess).toBe(true);
    // Published, view-news opens the public page itself, in the chosen layout, when asked: each
    // showing counts as a public view, and no page of Portico may be framed, so it opens in a tab.
    await page.goto(`${portico.url}/NewsManagement/view-news?id=${id}`);
    await expect.poll(() => page.locator('.news-preview h1').textContent()).toBe('E2E news item, edited');
    expect(await page.locator('iframe').count()).toBe(0);
    const publicLink = page.getByRole('link', { name: 'Public page ↗' });
    expect(await publicLink.getAttribute('href')).toBe(`/News/details-two?id=${id}`);
    const [publicPage] = await Promise.all([context.waitForEvent('page'), publicLink.click()]);
    await expect.poll(() => publicPage.locator('h1').first().textContent()).toBe('E2E news item, edited');
    await publicPage.close();
    await page.goto(`${portico.url}/NewsManagement/list-news`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ui-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('GET', `News/${id}`)).errorCode).toBe(40004);
    await context.close();
  });

  it('labels list buttons with their action and asks first, shows scheduled news, keeps actions in view', async () => {
    const category = (await api('POST', 'JobCategory/Query', {})).data.items[0].id;
    const job = (await api('POST', 'Job', { title: 'Button label job', categoryId: category, description: '<p>d</p>', status: 'open' })).data;
    const newsCategory = (await api('POST', 'NewsCategory/Query', {})).data.items[0].id;
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await api('POST', 'News', { title: 'Scheduled news item', content: '<p>x</p>', categoryId: newsCategory, status: 'published', publishedAt: later });
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/JobManagement');
    await page.waitForURL('**/JobManagement');
    const row = page.locator('tr', { hasText: 'Button label job' });
    // An open job's button closes it, says so, and asks before it does; cancelling changes nothing.
    await row.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.ui-confirm').textContent()).toContain('no longer see this job');
    await page.locator('.ui-confirm').getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `Job/${job.id}`)).data.status).toBe('open');
    await row.getByRole('button', { name: 'Close' }).click();
    await page.locator('.ui-confirm').getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await api('GET', `Job/${job.id}`)).data.status).toBe('closed');
    await expect.poll(() => row.getByRole('button', { name: 'Reopen' }).count()).toBe(1);
    // At 1280 and 1366 px the actions column is in view without scrolling sideways.
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await row.getByRole('button', { name: 'Delete' }).boundingBox();
      expect(box && box.x + box.width, `jobs at ${width}`).toBeLessThanOrEqual(width);
    }
    await page.goto(`${portico.url}/NewsManagement/list-news`);
    const scheduled = page.locator('tr', { hasText: 'Scheduled news item' });
    await expect.poll(() => scheduled.textContent()).toContain('Scheduled for');
    expect(await scheduled.textContent()).not.toContain('Published');
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await scheduled.getByRole('button', { name: 'Delete' }).boundingBox();
      expect(box && box.x + box.width, `news at ${width}`).toBeLessThanOrEqual(width);
    }
    await context.close();
  });

  it('refuses a second category of the same name with a message in the reader\'s language', async () => {
    await api('POST', 'NewsCategory', { name: 'Unique name' });
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/category-news');
    await page.waitForURL('**/category-news');
    await page.getByRole('button', { name: 'New category' }).click();
    await page.locator('.ant-modal input').first().fill('unique NAME');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Another record already has this name').count()).toBeGreaterThan(0);
    const names = (await api('POST', 'NewsCategory/Query', { pageSize: 100 })).data.items.map((c: { name: string }) => c.name.toLowerCase());
    expect(names.filter((n: string) => n === 'unique name')).toHaveLength(1);
    await context.close();
  });

  it('creates and edits a job', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/JobManagement/Add');
    await page.waitForURL('**/JobManagement/Add');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#title_help').textContent()).toBe('Please fill this in');
    await page.getByLabel('Title', { exact: true }).fill('x'.repeat(201));
    await expect.poll(() => page.locator('#title_help').textContent()).toBe('At most 200 characters');
    await page.getByLabel('Title', { exact: true }).fill('E2E engineer');
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
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('E2E engineer');
    await page.getByLabel('Title', { exact: true }).fill('E2E senior engineer');
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
    // The history starts with the application's arrival, sent by the applicant.
    await expect.poll(() => page.locator('.ant-timeline').textContent()).toContain('Sent by the visitor');
    // The internal note is written on its own, and a status move's note does not replace it.
    await page.getByRole('button', { name: 'Edit internal note' }).click();
    await page.locator('.ant-modal textarea').fill('Referred by the CTO');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-descriptions').textContent()).toContain('Referred by the CTO');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.locator('.ant-modal #statusId').click();
    await page.locator('.ant-select-item-option', { hasText: 'Interview' }).click();
    await page.locator('.ant-modal textarea').fill('Strong portfolio');
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-timeline').textContent()).toContain('Strong portfolio');
    await expect.poll(() => page.locator('.ant-descriptions').textContent()).toContain('Referred by the CTO');
    const record = (await api('GET', `JobApplication/${applied.data.id}`)).data;
    expect(record.statusId).toBe(3);
    expect(record.note).toBe('Referred by the CTO');
    expect(record.history).toMatchObject([
      { statusId: 1, note: '', byUserName: null },
      { statusId: 3, note: 'Strong portfolio', byUserName: 'admin' },
    ]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download résumé' }).click();
    expect((await download).suggestedFilename()).toBe('pipeline.pdf');
    await page.getByRole('button', { name: 'Preview résumé' }).click();
    await expect.poll(() => page.locator('iframe.resume-frame').getAttribute('src')).toMatch(/^blob:/);
    expect(await page.locator('.ant-modal-title').textContent()).toBe('pipeline.pdf');
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
    await page.locator('.ui-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('POST', 'ContactInfo/Query', { keyword: 'Message Sender' })).data.meta.total).toBe(0);
    await context.close();
  });

  it('creates a user and resets their password', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/UserManagement/list');
    await page.waitForURL('**/UserManagement/list');
    await page.getByRole('button', { name: 'New user' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('User name').fill('new.person');
    await modal.getByLabel('Password', { exact: true }).fill('first-password-1');
    await modal.getByLabel('Display name').fill('New Person');
    // Ticked by default in the back-office (the API's default is false): the new user changes it first.
    expect(await modal.getByLabel('Must change password at next sign-in').isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'new.person' }).count()).toBe(1);
    const first = await api('POST', 'security/login', { userName: 'new.person', password: 'first-password-1' }, null);
    expect(first.isSuccess).toBe(true);
    expect(first.data.user.mustChangePassword).toBe(true);
    await page.locator('tr', { hasText: 'new.person' }).getByRole('button', { name: 'Reset password' }).click();
    await page.locator('.ant-modal').getByLabel('New password').fill('second-password-2');
    await page.locator('.ant-modal').getByLabel('Must change password at next sign-in').uncheck();
    await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api('POST', 'security/login', { userName: 'new.person', password: 'second-password-2' }, null)).isSuccess).toBe(true);
    expect((await api('POST', 'security/login', { userName: 'new.person', password: 'second-password-2' }, null)).data.user.mustChangePassword).toBe(false);
    await context.close();
  });

  it('creates, renames and deletes a category once per click, and explains why one in use cannot go', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/category-news');
    await page.waitForURL('**/NewsManagement/category-news');
    await page.getByRole('button', { name: 'New category' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('Name').fill('E2E category');
    await modal.getByRole('button', { name: 'Save' }).dblclick();
    await expect.poll(() => modal.count()).toBe(0);
    const named = async (name: string) => (await api('POST', 'NewsCategory/Query', { pageSize: 100 })).data.items.filter((c: { name: string }) => c.name === name);
    expect(await named('E2E category')).toHaveLength(1);
    const category = (await named('E2E category'))[0];

    await page.locator('tr', { hasText: 'E2E category' }).getByRole('button', { name: 'Edit' }).click();
    await modal.getByLabel('Name').fill('E2E renamed');
    await modal.getByLabel('Order').fill('-5');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api('GET', `NewsCategory/${category.id}`)).data).toMatchObject({ name: 'E2E renamed', sortOrder: -5 });
    // The lowest order comes first in the list as the server sorts it.
    await expect.poll(() => page.locator('tbody tr[data-row-key]').first().textContent()).toContain('E2E renamed');

    const news = (await api('POST', 'News', { title: 'Keeps the category busy', content: '<p>x</p>', categoryId: category.id })).data;
    const row = page.locator('tr', { hasText: 'E2E renamed' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('still holds 1 items, so it cannot be deleted');
    expect((await api('GET', `NewsCategory/${category.id}`)).isSuccess).toBe(true);

    await api('POST', `News/${news.id}`, {});
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('GET', `NewsCategory/${category.id}`)).errorCode).toBe(40004);
    await context.close();
  });

  it('keeps a form dialog and what was typed when the user clicks beside it, and animates dialogs only for users who have not asked for less motion', async () => {
    // Every class the dialog has had since it was asked for, so a zoom that came and went is seen.
    const recordDialogClasses = (page: Page) =>
      page.evaluate(() => {
        const seen: string[] = ((window as unknown as { dialogClasses: string[] }).dialogClasses = []);
        new MutationObserver(() => {
          for (const dialog of document.querySelectorAll('.ant-modal')) seen.push(dialog.className);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
    const dialogClasses = (page: Page) => page.evaluate(() => (window as unknown as { dialogClasses: string[] }).dialogClasses.join(' '));

    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/category-news');
    await page.waitForURL('**/NewsManagement/category-news');
    await recordDialogClasses(page);
    await page.getByRole('button', { name: 'New category' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByLabel('Name').fill('Typed, not saved');
    await page.mouse.click(20, 880);
    await page.mouse.click(1260, 20);
    expect(await modal.count()).toBe(1);
    expect(await modal.getByLabel('Name').inputValue()).toBe('Typed, not saved');
    // antd still measures the dialog in a "prepare" step, but never starts the zoom.
    expect(await dialogClasses(page)).not.toMatch(/ant-zoom-appear-(start|active)/);
    // Leaving is a choice the user makes: Esc, like Cancel and the close button, closes it.
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    expect((await api('POST', 'NewsCategory/Query', { keyword: 'Typed, not saved' })).data.meta.total).toBe(0);
    await context.close();

    const animated = await signIn('admin', E2E_ADMIN_PASSWORD, '/NewsManagement/category-news', 'en-US', 'no-preference');
    await animated.page.waitForURL('**/NewsManagement/category-news');
    await recordDialogClasses(animated.page);
    await animated.page.getByRole('button', { name: 'New category' }).click();
    await expect.poll(() => dialogClasses(animated.page)).toContain('ant-zoom-appear-active');
    await animated.context.close();
  });

  it('exports the filtered list of applications as CSV', async () => {
    const job = (await api('POST', 'Job/Query', { filters: { status: 'open' } })).data.items[0];
    const apply = async (name: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ jobId: String(job.id), name, phone: '13800000002', email: 'csv@example.com', consent: 'true' })) form.set(k, v);
      form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
      return (await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json()).data;
    };
    const offered = await apply('Offered Olivia');
    await apply('Waiting Walter');
    expect((await api('POST', `JobApplication/${offered.id}`, { statusId: 4, note: 'Offer sent' })).isSuccess).toBe(true);
    expect((await api('POST', `JobApplication/${offered.id}/Note`, { note: 'Relocating in May' })).isSuccess).toBe(true);
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/ApplyInfoManagement');
    await page.waitForURL('**/ApplyInfoManagement');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Waiting Walter');
    await page.locator('.admin-toolbar').getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Offer' });
    await expect.poll(() => page.locator('tbody').textContent()).not.toContain('Waiting Walter');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv.startsWith('\uFEFF"ID","Position","Name"')).toBe(true);
    expect(csv).toContain('"Offered Olivia"');
    expect(csv).toContain('"Relocating in May"');
    expect(csv).not.toContain('Waiting Walter');
    // Times are the reader's local time with its offset, never a bare UTC stamp.
    expect(csv).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}"/);
    expect(csv).not.toMatch(/T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    await context.close();
  });

  it('edits roles and the active flag, deletes a user, and shows the server\'s refusals', async () => {
    const created = (await api('POST', 'User', { userName: 'edit.me', password: 'edit-me-password', roles: ['editor'] })).data;
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/UserManagement/list');
    await page.waitForURL('**/UserManagement/list');
    const modal = page.locator('.ant-modal');
    await page.locator('tr', { hasText: 'edit.me' }).getByRole('button', { name: 'Edit' }).click();
    await modal.locator('#roles').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Human resources' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'News editor' }).click();
    await modal.locator('#roles').press('Escape');
    await modal.locator('#isActive').click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api('POST', 'User/Query', { keyword: 'edit.me' })).data.items[0]).toMatchObject({ roles: ['hr'], isActive: false });
    expect((await api('POST', 'security/login', { userName: 'edit.me', password: 'edit-me-password' }, null)).isSuccess).toBe(false);

    // The server refuses to let administrators lock themselves out; the refusal is explained in the interface's language.
    await page.locator('tr', { hasText: 'Administrator' }).first().getByRole('button', { name: 'Edit' }).click();
    await modal.locator('#isActive').click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('You cannot deactivate your own account.');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('tr', { hasText: 'Administrator' }).first().getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);

    await page.locator('tr', { hasText: 'edit.me' }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await api('GET', `User/${created.id}`)).errorCode).toBe(40004);
    await context.close();
  });

  it('lets a user change their own password, showing a wrong current password on its field', async () => {
    await api('POST', 'User', { userName: 'self.e2e', password: 'self-password-1', roles: ['editor'] });
    const { page, context } = await signIn('self.e2e', 'self-password-1');
    await page.waitForURL('**/NewsManagement/list-news');
    const oldToken = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    // One's own password is changed in My account (docs/decisions/0038).
    await page.getByRole('button', { name: 'My account' }).click();
    await page.waitForURL('**/Account');
    const change = page.getByRole('button', { name: 'Change password' });
    await page.getByLabel('New password', { exact: true }).fill('short');
    await change.click();
    await expect.poll(() => page.locator('#newPassword_help').textContent()).toBe('At least 8 characters');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('self-password-2');
    await page.getByLabel('New password again').fill('self-password-2');
    await change.click();
    await expect.poll(() => page.locator('#oldPassword_help').textContent()).toBe('The current password is wrong');
    await page.getByLabel('Current password').fill('self-password-1');
    await change.click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Password changed');
    // Every earlier token is revoked; this tab carries on with the new one the server answered.
    const newToken = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    expect(newToken).not.toBe(oldToken);
    expect((await api('GET', 'security/current', undefined, oldToken)).errorCode).toBe(40005);
    expect((await api('GET', 'security/current', undefined, newToken)).isSuccess).toBe(true);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News categories' }).click();
    await page.waitForURL('**/NewsManagement/category-news');
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toBe(newToken);
    expect((await api('POST', 'security/login', { userName: 'self.e2e', password: 'self-password-2' }, null)).isSuccess).toBe(true);
    await context.close();
  });

  it('shows the throttling message once sign-in is locked', async () => {
    for (let i = 0; i < 10; i++) await api('POST', 'security/login', { userName: 'locked.e2e', password: `wrong-${i}` }, null);
    const { page, context } = await signIn('locked.e2e', 'any-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Too many failed sign-ins');
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toBeNull();
    await context.close();
  });

  it('signs out: the token stops working and the session is cleared', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    const token = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    expect(await page.evaluate(() => [sessionStorage.getItem('portico.token'), localStorage.getItem('portico.user')])).toEqual([null, null]);
    expect((await api('GET', 'security/current', undefined, token)).errorCode).toBe(40005);
    await context.close();
  });

  it('sends the user to sign in when the session is revoked, clearing local storage', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    const token = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    expect(await page.evaluate(() => localStorage.getItem('portico.user'))).not.toBeNull();
    // Off the list first: a call of its own, refused once the session is revoked, would send it to
    // sign-in too and abort the navigation below (seen in CI as net::ERR_ABORTED). The tab's storage
    // stays, as it does when a user comes back to Portico in the same tab.
    await page.goto('about:blank');
    await api('POST', 'security/logout', {}, token);
    // The screen's first call is refused and the page moves on to sign-in, which may be before the
    // screen's own page has finished loading: the navigation is followed from its start.
    await page.goto(`${portico.url}/ContactInfoManagement`, { waitUntil: 'commit' });
    await page.waitForURL('**/login**');
    // The sign-in page says why the user is there.
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your session has ended');
    expect(await page.evaluate(() => localStorage.getItem('portico.user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('portico.token'))).toBeNull();
    await context.close();
  });

  it('names every screen in the breadcrumb and the tab, explains a missing id, and spaces the résumé buttons', async () => {
    const news = (await api('POST', 'News/Query', { pageSize: 1 })).data.items[0];
    const job = (await api('POST', 'Job/Query', { filters: { status: 'open' } })).data.items[0];
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(job.id), name: 'Crumb Person', phone: '13800000003', email: 'crumb@example.com', consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'crumb.pdf');
    const applied = (await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json()).data;
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    for (const [path, crumb] of [
      [`/NewsManagement/modify-news?id=${news.id}`, 'Edit news item'],
      ['/NewsManagement/modify-news', 'New news item'],
      [`/NewsManagement/view-news?id=${news.id}`, 'View news item'],
      [`/JobManagement/Add?id=${job.id}`, 'Edit job'],
      [`/ApplyInfoManagement/ContactDetails?id=${applied.id}`, 'Application'],
    ]) {
      await page.goto(`${portico.url}${path}`);
      await expect.poll(() => page.locator('.admin-breadcrumb li').last().textContent(), { message: path }).toContain(crumb);
      await expect.poll(() => page.title(), { message: path }).toMatch(new RegExp(`^${crumb}`));
    }
    const [preview, download] = await Promise.all([
      page.getByRole('button', { name: 'Preview résumé' }).boundingBox(),
      page.getByRole('button', { name: 'Download résumé' }).boundingBox(),
    ]);
    expect(download!.x - (preview!.x + preview!.width)).toBeGreaterThanOrEqual(4);
    await page.goto(`${portico.url}/NewsManagement/view-news`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('does not say which record to open');
    expect(await page.getByRole('alert').textContent()).not.toContain(': id');
    await context.close();
  });

  it('tells a user whose role was taken away while signed in why they are signing in again', async () => {
    const user = (await api('POST', 'User', { userName: 'demoted.e2e', password: 'demoted-password-1', roles: ['hr'] })).data;
    const { page, context } = await signIn('demoted.e2e', 'demoted-password-1');
    await page.waitForURL('**/JobManagement');
    // The screen has confirmed the session and read its list before the role goes.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).textContent()).toContain('All jobs');
    await api('POST', 'User/Update', { id: user.id, roles: ['service'] });
    // The applications list the menu still offers asks the server, which refuses (403): the session
    // ends and sign-in says why.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All applications' }).click();
    await page.waitForURL('**/login**');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your permissions have changed');
    await context.close();
  });

  it('shows staff with the site module what the site still lacks until it is done, and nobody else', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    const checklist = page.getByRole('region', { name: /Make the site your own/ });
    // The demo site has a name, contact details and jobs, but no logo, and nobody has saved its home page.
    await expect.poll(() => checklist.getAttribute('aria-label')).toBe('Make the site your own: 2 of 5 steps left');
    expect(await checklist.getByRole('link').allTextContents()).toEqual(['Upload a logo', 'Edit and save the home page']);
    await checklist.getByRole('link', { name: 'Edit and save the home page' }).click();
    await page.waitForURL('**/SiteManagement/pages/edit?key=home');
    const home = (await api('GET', 'Page/home?draft=1')).data;
    await api('POST', 'Page/Update', { key: 'home', blocks: home.blocks });
    await api('POST', 'Site/Update', { logo: '/favicon.svg' });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All news' }).click();
    await expect.poll(() => checklist.count()).toBe(0);
    await context.close();
    const hr = await signIn('hr.e2e', 'hr-password-1');
    await hr.page.waitForURL('**/JobManagement');
    await expect.poll(() => hr.page.locator('h1').count()).toBeGreaterThan(0);
    expect(await hr.page.locator('.first-run-checklist').count()).toBe(0);
    await hr.context.close();
  });

  it('switches the back-office language', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD, '/login', 'zh-CN');
    await page.waitForURL('**/NewsManagement/list-news');
    await expect.poll(() => page.locator('h1').textContent()).toBe('新闻列表');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('All news');
    // The way back reads 中文, not the 中 文 antd would space two Chinese characters into.
    expect(await page.locator('.admin-user button[lang="zh-CN"]').textContent()).toBe('中文');
    expect(await page.evaluate(() => localStorage.getItem('portico.locale'))).toBe('en-US');
    // An ended session clears localStorage, but the sign-in page keeps the chosen language.
    const token = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    await api('POST', 'security/logout', {}, token);
    // The screen's first call is refused and the page moves on to sign-in, which may be before the
    // screen's own page has finished loading: the navigation is followed from its start.
    await page.goto(`${portico.url}/ContactInfoManagement`, { waitUntil: 'commit' });
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await context.close();
  });

  it('folds the menu to its modules\' icons on a narrow window, and unfolds it from the keyboard', async () => {
    const { page, context } = await signIn('admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/NewsManagement/list-news');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'All news' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => menu.getByRole('link', { name: 'All news' }).count()).toBe(0);
    const news = menu.getByRole('button', { name: 'News' });
    expect(await news.getAttribute('aria-expanded')).toBe('false');
    await news.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getByRole('link', { name: 'All news' }).isVisible()).toBe(true);
    // Folded again from its own button, and wide again, it opens by itself.
    await page.getByRole('button', { name: 'Fold the menu' }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'All news' }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menu.getByRole('link', { name: 'All news' }).isVisible()).toBe(true);
    await context.close();
  });
});
