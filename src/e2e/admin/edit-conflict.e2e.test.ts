import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { newsEditPath } from '../../shared/paths.js';

/**
 * Two members of staff edit the same news item in two browsers (docs/decisions/0037): the first save
 * goes through; the second is refused, the editor says so, and the second user's text is still there
 * to copy, beside the first user's version.
 */
describe('an edit conflict on a news item', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  let newsId: number;

  const call = async (path: string, body: unknown, method = 'POST') => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()).data;
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    token = (await call('security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD })).accessToken.token;
    const categoryId = (await call('NewsCategory', { name: 'Harbour' })).id;
    newsId = (await call('News', { title: 'The harbour opens', content: '<p>Opening day.</p>', categoryId, locale: 'en-US' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  async function openEditor(page: Page) {
    await page.goto(`${portico.url}${newsEditPath(newsId)}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${newsEditPath(newsId)}`);
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('The harbour opens');
    return title;
  }

  it('refuses the second save, says why, and keeps the second user\'s text to copy', async () => {
    const first = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const second = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const pageA = await first.context.newPage();
    const pageB = await second.context.newPage();
    const titleA = await openEditor(pageA);
    const titleB = await openEditor(pageB);

    await titleA.fill('The harbour opens on Monday');
    await pageA.getByRole('button', { name: 'Save' }).click();
    await pageA.waitForURL('**/view-news**');

    await titleB.fill('The new harbour opens this week');
    await pageB.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => pageB.getByText('Someone else changed this record').count()).toBe(1);
    // Nothing typed is lost: still in the form, and in a box to copy.
    expect(await titleB.inputValue()).toBe('The new harbour opens this week');
    const mine = pageB.getByRole('textbox', { name: 'My unsaved text' });
    expect(await mine.inputValue()).toContain('The new harbour opens this week');
    // Their version, beside the user's changes.
    await pageB.getByRole('button', { name: 'See their version' }).click();
    const theirs = pageB.getByRole('region', { name: 'Their version → my changes' });
    await expect.poll(() => theirs.locator('del').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Monday')]));
    // The record is the first user's.
    expect((await call(`News/${newsId}`, undefined, 'GET')).title).toBe('The harbour opens on Monday');

    expect(first.consoleErrors).toEqual([]);
    // The refused save's 409 is the only error the browser reports.
    expect(second.consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
