import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * Issue 21, "custom roles" (docs/decisions/0059): an administrator composes a "jobs only" role in
 * the Roles screen and gives it to a new user, who then sees the jobs menus alone and is refused by
 * the server everywhere else; a "jobs read-only" role sees the jobs and none of the buttons that
 * would change them.
 */
describe('custom roles in the back-office', () => {
  let portico: Portico;
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    admin = await tokenOf('admin', E2E_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  async function tokenOf(userName: string, password: string): Promise<string> {
    const login = await fetch(`${portico.url}/api/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password }) });
    const body = await login.json();
    if (!body.isSuccess) throw new Error(`sign-in as ${userName} failed: ${JSON.stringify(body)}`);
    return body.data.accessToken.token;
  }
  const call = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
    fetch(`${portico.url}/api/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });

  async function signIn(userName: string, password: string): Promise<{ page: Page; close: () => Promise<void>; consoleErrors: string[] }> {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page, userName, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { page, close: () => context.close(), consoleErrors };
  }

  it('lets an administrator make a "jobs only" role and user, who sees the jobs alone and is refused the rest', async () => {
    const { page, close, consoleErrors } = await signIn('admin', E2E_ADMIN_PASSWORD);
    // The menu leads to the screen, after the users list.
    await page.locator('a.admin-menu-link', { hasText: 'Roles' }).click();
    await page.waitForURL((url) => url.pathname === ADMIN_PATHS.roles);
    await page.getByRole('row', { name: /Administrator/ }).waitFor();

    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key').fill('jobs-only');
    await dialog.getByLabel('Name', { exact: true }).fill('仅职位');
    // Keyboard: the jobs module's group is reached and set with the arrow keys.
    const jobs = dialog.getByRole('radiogroup', { name: 'Jobs' });
    await jobs.getByRole('radio', { name: 'None' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => jobs.getByRole('radio', { name: 'Read and write' }).isChecked()).toBe(true);
    await dialog.getByRole('tab', { name: /English/ }).click();
    await dialog.getByLabel('Name (English)').fill('Jobs only');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Jobs only/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Jobs · Read and write');

    // The users screen offers the role by its name in the reader's language.
    await page.goto(`${portico.url}${ADMIN_PATHS.usersList}`);
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('User name').fill('jobs.clerk');
    await form.getByLabel('Password', { exact: true }).fill('clerk-password-7');
    await form.getByLabel('Must change password at next sign-in').click();
    await form.getByLabel('Roles').click();
    await page.locator('.ant-select-dropdown').getByTitle('Jobs only').click();
    await page.locator('.ant-select-dropdown').getByTitle('News editor').click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /jobs\.clerk/ }).waitFor();
    expect(await page.getByRole('row', { name: /jobs\.clerk/ }).innerText()).toContain('Jobs only');
    expect(consoleErrors).toEqual([]);
    await close();

    const clerk = await signIn('jobs.clerk', 'clerk-password-7');
    await clerk.page.locator('a.admin-menu-link').first().waitFor();
    expect(await clerk.page.locator('a.admin-menu-link').allInnerTexts()).toEqual(['All jobs', 'Job categories', 'Offices']);
    expect(new URL(clerk.page.url()).pathname).toBe(ADMIN_PATHS.jobs);
    await clerk.page.getByRole('button', { name: 'New job' }).waitFor();
    await clerk.close();

    const token = await tokenOf('jobs.clerk', 'clerk-password-7');
    expect((await call('POST', 'Job/Query', token, {})).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', 'News', { title: 'x', content: '<p>x</p>', categoryId: 1 }],
      ['POST', 'NewsCategory/Bulk/Delete', { ids: [1] }],
      ['POST', 'JobApplication/Query', {}],
      ['POST', 'User/Query', {}],
      ['POST', 'Role/Query', {}],
      ['GET', 'Site/Edit', undefined],
      ['POST', 'Site/Update', {}],
    ] as const) {
      const res = await call(method, path, token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).errorCode).toBe(40003);
    }
  }, 180_000);

  it('shows a "jobs read-only" role the jobs list without create, edit, delete or bulk delete', async () => {
    const role = await (await call('POST', 'Role', admin, { key: 'jobs-read', name: '职位只读', translations: { 'en-US': { name: 'Jobs read-only' } }, grants: { jobs: 'read' } })).json();
    expect(role.isSuccess).toBe(true);
    const user = await (await call('POST', 'User', admin, { userName: 'jobs.reader', password: 'reader-password-7', roles: ['jobs-read'] })).json();
    expect(user.isSuccess).toBe(true);

    const { page, close, consoleErrors } = await signIn('jobs.reader', 'reader-password-7');
    await page.goto(`${portico.url}${ADMIN_PATHS.jobs}`);
    const first = page.locator('.ui-table tbody tr[data-row-key]').first();
    await first.waitFor();
    await page.getByText('Read only').first().waitFor();
    expect(await page.getByRole('button', { name: 'New job' }).count()).toBe(0);
    expect(await first.getByRole('link', { name: 'View' }).count()).toBe(1);
    for (const name of ['Edit', 'Delete', 'Archive', 'Close']) expect(await first.getByRole(name === 'Edit' ? 'link' : 'button', { name, exact: true }).count(), name).toBe(0);
    // No row to tick: deleting several at once is the only bulk action on jobs.
    expect(await page.locator('.ui-table').getByRole('checkbox').count()).toBe(0);

    // The job opens as a view: its fields disabled, nothing to save.
    await first.getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === ADMIN_PATHS.jobEdit);
    const title = page.locator('.admin-article input#title');
    await title.waitFor();
    expect(await title.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await close();

    const token = await tokenOf('jobs.reader', 'reader-password-7');
    const refused = await call('POST', 'Job/Bulk/Delete', token, { ids: [1] });
    expect(refused.status).toBe(403);
  }, 180_000);
});
