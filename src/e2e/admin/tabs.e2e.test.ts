import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/** Issue 21, defect 9: a new tab keeps the session of a signed-in tab; signing out ends it in both. */
describe('tabs of one browser', () => {
  let portico: Portico;
  let browser: Browser;

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('opens a back-office link in a new tab without signing in again, and signs both out together', async () => {
    const { context } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const first = await context.newPage();
    await first.goto(`${portico.url}/login`);
    await signInOnLoginPage(first);
    await first.waitForURL((url) => !url.pathname.startsWith('/login'));
    await first.getByRole('button', { name: 'Sign out' }).waitFor();

    // A link opened in a new tab (from an HR e-mail, say): sessionStorage is empty there.
    const second = await context.newPage();
    await second.goto(`${portico.url}${ADMIN_PATHS.newsList}`);
    await second.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(new URL(second.url()).pathname).toBe(ADMIN_PATHS.newsList);
    expect(await second.evaluate(() => sessionStorage.getItem('portico.token'))).toBe(await first.evaluate(() => sessionStorage.getItem('portico.token')));
    expect(await second.evaluate(() => Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes(sessionStorage.getItem('portico.token')!)))).toBe(false);

    await first.getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL('**/login**');
    await second.waitForURL('**/login**');
    expect(await second.evaluate(() => sessionStorage.getItem('portico.token'))).toBeNull();
    await context.close();
  });

  it('still asks for a sign-in in a new browser with no signed-in tab', async () => {
    const { context } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}`);
    await page.waitForURL('**/login**');
    await context.close();
  });
});
