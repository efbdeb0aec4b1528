import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * A back-office screen's page sends the session check and the list's query while it is read, before
 * its scripts run, and the screen takes those answers instead of asking again (docs/decisions/0070).
 */
describe('the calls a back-office page sends while it loads', () => {
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

  async function signIn(page: Page) {
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}`);
    await signInOnLoginPage(page);
    await page.locator('tbody tr[data-row-key]').first().waitFor();
  }

  /** Every API call the page sends from here on, in order. */
  function calls(page: Page) {
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) sent.push(`${request.method()} ${pathname}`);
    });
    return sent;
  }

  /** When the page started fetching `path`, and when it had been read and began running its scripts. */
  const timing = (page: Page, path: string) =>
    page.evaluate((path) => {
      const call = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path);
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { sentAt: call?.startTime ?? null, readAt: navigation.domInteractive };
    }, path);

  it('sends the session check and the news list\'s query once, before the page\'s scripts run, and shows the rows', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await signIn(page);
    const sent = calls(page);
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}?sort=viewCount&order=desc`);
    await page.locator('tbody tr[data-row-key]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(sent.filter((call) => call === 'POST /api/News/Query')).toHaveLength(1);
    expect(sent.filter((call) => call === 'GET /api/security/current')).toHaveLength(1);
    const list = await timing(page, '/api/News/Query');
    expect(list.sentAt).not.toBeNull();
    expect(list.sentAt!).toBeLessThan(list.readAt);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Views');
    // Sorted again, the list asks the server: the page's answer served its first render only.
    await page.locator('th', { hasText: 'Views' }).first().click();
    await expect.poll(() => sent.filter((call) => call === 'POST /api/News/Query').length).toBe(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('carries a keyword from the address as data, never as script', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await signIn(page);
    const sent = calls(page);
    const keyword = '</script><script>window.__injected=1</script>';
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}?keyword=${encodeURIComponent(keyword)}`);
    await expect.poll(() => page.getByRole('searchbox', { name: 'Keyword' }).inputValue()).toBe(keyword);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(sent.filter((call) => call === 'POST /api/News/Query')).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends nothing from a tab without a session, which goes to sign-in', async () => {
    const { context } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    const sent = calls(page);
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}`);
    await page.waitForURL('**/login**');
    expect(sent.filter((call) => call === 'POST /api/News/Query' || call === 'GET /api/security/current')).toEqual([]);
    await context.close();
  });

  it('names no calls on a public page', async () => {
    const html = await (await fetch(`${portico.url}/News`)).text();
    expect(html).not.toContain('portico-early-calls');
  });
});
