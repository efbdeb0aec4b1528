import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';
import { ADMIN_PATHS, jobEditPath, newsEditPath } from '../../shared/paths.js';

/**
 * Issue 21, "edits never lost" (docs/decisions/0050). Defect 1: an edit in the back-office, then a
 * click on a menu entry, and the changes were gone without a word. Now leaving asks first, and the
 * news and job editors keep a local draft that outlives a reload or the end of a session.
 */
describe('edits never lost', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  let newsCategory: number;
  let jobCategory: number;

  const call = async (path: string, body?: unknown, method = 'POST', as = token) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Authorization: `Bearer ${as}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()).data;
  };

  beforeAll(async () => {
    portico = await startPortico({ PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    const res = await fetch(`${portico.url}/api/security/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    token = (await res.json()).data.accessToken.token;
    newsCategory = (await call('NewsCategory', { name: 'Harbour' })).id;
    jobCategory = (await call('JobCategory', { name: 'Marine' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  /** A signed-in page at `path`, in English, and every browser dialog it raises (`beforeunload`), accepted. */
  async function signedIn(path: string) {
    const opened = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await opened.context.newPage();
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.goto(`${portico.url}${path}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${path}`);
    return { ...opened, page, browserDialogs };
  }

  /** Types at the end of a field as a person does (keys, which also count as the user's gesture). */
  async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
    await field.click();
    await field.press('End');
    await page.keyboard.type(text);
  }

  /** The titles of the drafts this browser keeps, read from its IndexedDB as the editors wrote them. */
  const draftTitles = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const request = indexedDB.open('portico-drafts');
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('drafts')) return resolve([]);
            const all = db.transaction('drafts').objectStore('drafts').getAll();
            all.onsuccess = () => {
              resolve(all.result.map((draft: { values: { title: string } }) => draft.values.title));
              db.close();
            };
          };
        }),
    );

  // Each test edits a record of its own.
  const newNews = async (title: string): Promise<number> => (await call('News', { title, content: '<p>Opening day.</p>', categoryId: newsCategory, locale: 'en-US' })).id;
  const newJob = async (title: string): Promise<number> => (await call('Job', { title, categoryId: jobCategory, description: '<p>Bring ships in.</p>', status: 'open', locale: 'en-US' })).id;

  const menuEntry = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });

  it('asks before a menu entry or Back drops an edited news item; staying keeps the text, leaving goes', async () => {
    const newsId = await newNews('The harbour opens');
    // Into the editor from the list, as staff do: the list is where Back goes.
    const { page, context, consoleErrors } = await signedIn(ADMIN_PATHS.newsList);
    await page.getByRole('row', { name: /The harbour opens/ }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**${newsEditPath(newsId)}`);
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('The harbour opens');
    await typeInto(page, title, ' on Monday');

    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });
    await menuEntry(page, 'All news').click();
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Your changes have not been saved. If you leave, they will be lost.');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(newsEditPath(newsId));
    expect(await title.inputValue()).toBe('The harbour opens on Monday');

    // The browser's Back asks too. Pressed once the dialog's answer has reached the router (its
    // blocker is reset after "Stay"), as a person's next click always is; a Back in the same frame as
    // the click on "Stay" could reach the router while the first navigation is still held.
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap'), undefined, { timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    await page.evaluate(() => history.back());
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe(`?id=${newsId}`);
    expect(await title.inputValue()).toBe('The harbour opens on Monday');

    await menuEntry(page, 'All news').click();
    await prompt.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.newsList}`);
    // Left unsaved, as the user chose, and nothing kept of it.
    expect((await call(`News/${newsId}`, undefined, 'GET')).title).toBe('The harbour opens');
    await expect.poll(() => draftTitles(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('asks while the news item is unsaved, and nothing once it is saved', async () => {
    const newsId = await newNews('The ferry sails');
    const { page, context, browserDialogs } = await signedIn(newsEditPath(newsId));
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('The ferry sails');
    await typeInto(page, title, ' at noon');
    const prompt = page.getByRole('dialog', { name: 'Leave this page?' });
    await menuEntry(page, 'All news').click();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await prompt.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/view-news**');
    await menuEntry(page, 'All news').click();
    await page.waitForURL(`**${ADMIN_PATHS.newsList}`);
    expect(await prompt.count()).toBe(0);
    expect(browserDialogs).toEqual([]);
    expect((await call(`News/${newsId}`, undefined, 'GET')).title).toBe('The ferry sails at noon');
    await context.close();
  });

  it('keeps a job being edited through a reload, offers it when the editor opens again, and restores it', async () => {
    const jobId = await newJob('Harbour pilot');
    const { page, context, browserDialogs, consoleErrors } = await signedIn(jobEditPath(jobId));
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('Harbour pilot');
    await typeInto(page, title, ', night shift');
    await expect.poll(() => draftTitles(page)).toEqual(['Harbour pilot, night shift']);

    await page.reload();
    // The browser asked before reloading, in its own words.
    expect(browserDialogs).toEqual(['beforeunload']);
    await expect.poll(() => title.inputValue()).toBe('Harbour pilot');
    const offer = page.getByRole('alert').filter({ hasText: 'This browser kept changes you had not saved, written at' });
    await offer.waitFor();
    expect(await offer.textContent()).toMatch(/written at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);
    await offer.getByRole('button', { name: 'Restore changes' }).click();
    expect(await title.inputValue()).toBe('Harbour pilot, night shift');
    await offer.waitFor({ state: 'hidden' });

    // Saved: the draft goes, and the editor opens on the record alone.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.jobs}`);
    expect((await call(`Job/${jobId}`, undefined, 'GET')).title).toBe('Harbour pilot, night shift');
    await expect.poll(() => draftTitles(page)).toEqual([]);
    await page.goto(`${portico.url}${jobEditPath(jobId)}`);
    await expect.poll(() => title.inputValue()).toBe('Harbour pilot, night shift');
    expect(await page.getByText('This browser kept changes').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lets a session that ended go to sign-in unasked, and offers the job draft after signing in again', async () => {
    const jobId = await newJob('Ferry pilot');
    const { page, context, browserDialogs } = await signedIn(jobEditPath(jobId));
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('Ferry pilot');
    await typeInto(page, title, ', weekends');
    await expect.poll(() => draftTitles(page)).toEqual(['Ferry pilot, weekends']);

    // The session ends on the server (signed out elsewhere, say); the next save finds out.
    const pageToken = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    await call('security/logout', {}, 'POST', pageToken!);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/login**');
    expect(browserDialogs).toEqual([]);
    // localStorage went with the session; the draft did not.
    expect(await page.evaluate(() => localStorage.getItem('portico.user'))).toBeNull();

    await signInOnLoginPage(page);
    await page.waitForURL(`**${jobEditPath(jobId)}`);
    await expect.poll(() => title.inputValue()).toBe('Ferry pilot');
    const offer = page.getByRole('alert').filter({ hasText: 'This browser kept changes you had not saved' });
    await offer.getByRole('button', { name: 'Restore changes' }).click();
    expect(await title.inputValue()).toBe('Ferry pilot, weekends');
    await context.close();
  });
});
