import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The audit log screen in a real browser (issue 19, docs/decisions/0036). */
describe('the audit log screen', () => {
  let portico: Portico;
  let browser: Browser;
  let adminToken: string;
  const newsIds: number[] = [];

  const api = async (path: string, body: unknown, token: string | null = adminToken) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    adminToken = (await api('security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD }, null)).data.accessToken.token;
    // Entries to find: a name somebody tried and failed with, and a dozen news items, more than a page.
    expect((await api('security/login', { userName: 'mallory', password: 'not-the-password' }, null)).errorCode).toBe(40001);
    const categoryId = (await api('NewsCategory', { name: 'Audit e2e' })).data.id;
    for (let i = 1; i <= 12; i++) {
      const created = await api('News', { title: `Audited item ${i}`, content: '<p>x</p>', categoryId });
      expect(created.isSuccess).toBe(true);
      newsIds.push(created.data.id);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  const rows = (page: Page) => page.locator('.ui-table tbody tr[data-row-key]');
  const rowTexts = (page: Page) => rows(page).allTextContents();

  it('opens from the menu, shows what was just done, filters by action and by user, pages, and passes axe', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page);
    await page.waitForURL('**/NewsManagement/list-news');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.auditLog}`);
    await expect.poll(() => page.title()).toBe('Activity - Portico');
    await expect.poll(() => rows(page).count()).toBe(10);

    // Newest first: this browser's sign-in, then the news items, the last created first.
    const firstPage = await rowTexts(page);
    expect(firstPage[0]).toContain('Signed in');
    expect(firstPage[0]).toContain('admin (#1)');
    expect(firstPage[1]).toContain(`Created`);
    expect(firstPage[1]).toContain(`News item ${newsIds.at(-1)}`);
    expect(firstPage[2]).toContain(`News item ${newsIds.at(-2)}`);
    // The record links to its editor.
    expect(await rows(page).nth(1).getByRole('link', { name: `News item ${newsIds.at(-1)}` }).getAttribute('href')).toBe(`/NewsManagement/modify-news?id=${newsIds.at(-1)}`);
    // sign-in (API), sign-in failed, category, 12 news items, sign-in (browser).
    await expect.poll(() => page.locator('.ui-pagination-total').textContent()).toBe('16 in all');

    // The second page goes on where the first stopped.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(6);
    const secondPage = await rowTexts(page);
    expect(secondPage[0]).toContain(`News item ${newsIds.at(-10)}`);
    expect(secondPage.at(-1)).toContain('Signed in');
    expect(secondPage.some((text) => firstPage.includes(text))).toBe(false);

    // By action: the failed sign-in alone, under the name tried.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Sign-in failed' });
    await expect.poll(() => rows(page).count()).toBe(1);
    expect((await rowTexts(page))[0]).toContain('mallory');
    expect(await page.locator('.ui-pagination-total').textContent()).toBe('1 in all');
    // The select's first choice is its label, and choosing it clears the filter.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Action' });
    await expect.poll(() => page.locator('.ui-pagination-total').textContent()).toBe('16 in all');

    // By user: a name, then an id.
    const user = page.getByRole('searchbox', { name: 'User (ID or user name)' });
    await user.fill('mallory');
    await user.press('Enter');
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringContaining('Sign-in failed')]);
    await user.fill('1');
    await user.press('Enter');
    await expect.poll(() => page.locator('.ui-pagination-total').textContent()).toBe('15 in all');
    expect((await rowTexts(page)).every((text) => text.includes('admin (#1)'))).toBe(true);

    // Evaluated, not added as a script element: the page's policy refuses inline scripts.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run();
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
