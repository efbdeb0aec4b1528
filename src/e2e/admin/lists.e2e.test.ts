import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const INTERVIEW = 3;

/**
 * Issue 21, defect 5: filter the applications, open one, press Back, and the filters were gone. A
 * list keeps its filters, keyword, sort and page in the address, so Back, a reload and a copied link
 * all show the same rows (docs/decisions/0049).
 */
describe('a back-office list that remembers', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${portico.url}/api/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { isSuccess: boolean; data: any };
  };
  const apply = async (jobId: number, name: string, statusId: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(jobId), name, phone: '13800000021', email: 'lists@example.com', consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    const applied = (await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json()) as { isSuccess: boolean; data: { id: number } };
    expect(applied.isSuccess).toBe(true);
    if (statusId !== 1) expect((await api(`JobApplication/${applied.data.id}`, { statusId })).isSuccess).toBe(true);
  };

  beforeAll(async () => {
    // Seventeen applications from one address, more than a visitor's form may send in the window.
    portico = await startPortico({ FORM_MAX_PER_ADDRESS: '100' });
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }) });
    token = (await login.json()).data.accessToken.token;
    const job = (await api('Job/Query', { filters: { status: 'open' } })).data.items[0];
    // Thirteen match the keyword and the status: two pages of ten, sorted by name (the newest first
    // would be the other way round). The others each miss one of the two, so a list that lost either
    // shows other rows.
    for (let n = 1; n <= 13; n++) await apply(job.id, `Lister ${String(n).padStart(2, '0')}`, INTERVIEW);
    for (const name of ['Lister 00', 'Lister 99']) await apply(job.id, name, 1);
    for (const name of ['Abel Other', 'Zora Other']) await apply(job.id, name, INTERVIEW);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  // The applicant's name: the first column after the row's selection box.
  const names = (page: Page) => page.locator('.ui-table tbody tr[data-row-key] td.ui-select-cell + td').allTextContents();

  /** What the list shows it is set to, read from its controls, and the rows it shows. */
  async function shown(page: Page) {
    await page.locator('.ui-table tbody tr[data-row-key]').first().waitFor();
    await expect.poll(() => page.locator('.ui-table[aria-busy]').count()).toBe(0);
    return {
      keyword: await page.getByRole('searchbox', { name: 'Keyword' }).inputValue(),
      status: await page.locator('.admin-toolbar').getByRole('combobox', { name: 'Status' }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? null),
      sortedByName: await page.locator('th', { hasText: 'Name' }).first().getAttribute('aria-sort'),
      page: await page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]').textContent(),
      rows: await names(page),
    };
  }

  it('shows the same filters, sort, page and rows after opening an application and pressing Back, and after a reload', async () => {
    const { context } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // What the page asks its own server for (not the API): a route's data, on a navigation.
    const routeData: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) routeData.push(request.url());
    });
    await page.goto(`${portico.url}${ADMIN_PATHS.newsList}`);
    await signInOnLoginPage(page);
    await page.waitForURL(`**${ADMIN_PATHS.newsList}`);
    // Reached from the menu, as staff reach it: the fresh list, with a clean address.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All applications' }).click();
    await page.waitForURL((url) => url.pathname === ADMIN_PATHS.applications);
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => names(page)).toContain('Abel Other');
    routeData.length = 0;

    await page.locator('.admin-toolbar').getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Interview' });
    await expect.poll(() => names(page)).not.toContain('Lister 00');
    await page.getByRole('searchbox', { name: 'Keyword' }).fill('Lister');
    await page.getByRole('searchbox', { name: 'Keyword' }).press('Enter');
    await expect.poll(() => names(page)).not.toContain('Abel Other');
    await page.locator('th', { hasText: 'Name' }).first().click();
    await expect.poll(() => names(page)).toEqual(['Lister 01', 'Lister 02', 'Lister 03', 'Lister 04', 'Lister 05', 'Lister 06', 'Lister 07', 'Lister 08', 'Lister 09', 'Lister 10']);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => names(page)).toEqual(['Lister 11', 'Lister 12', 'Lister 13']);
    const left = await shown(page);
    expect(left).toEqual({ keyword: 'Lister', status: 'Interview', sortedByName: 'ascending', page: '2', rows: ['Lister 11', 'Lister 12', 'Lister 13'] });
    const listUrl = page.url();
    // The list changed in place: no change waited for the server's page data (a change made while
    // one waited would have started from the address before it, and undone it).
    expect(routeData).toEqual([]);
    expect(Object.fromEntries(new URL(listUrl).searchParams)).toEqual({ keyword: 'Lister', statusId: String(INTERVIEW), sort: 'name', order: 'asc', page: '2' });

    await page.getByRole('link', { name: 'Lister 12' }).click();
    await page.waitForURL('**/ApplyInfoManagement/ContactDetails?id=*');
    await page.getByRole('heading', { name: /Lister 12/ }).waitFor();
    await page.goBack();
    await page.waitForURL(listUrl);
    expect(await shown(page)).toEqual(left);

    await page.reload();
    await page.waitForURL(listUrl);
    expect(await shown(page)).toEqual(left);

    // The filters replaced the list's history entry rather than adding one each: one Back leaves the list.
    await page.goBack();
    await page.waitForURL(`**${ADMIN_PATHS.newsList}`);
    await context.close();

    // The address, copied to a colleague who is not signed in, opens the same view once they are.
    const colleague = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const theirs = await colleague.context.newPage();
    await theirs.goto(listUrl);
    await signInOnLoginPage(theirs);
    await theirs.waitForURL(listUrl);
    expect(await shown(theirs)).toEqual(left);
    await colleague.context.close();
  });
});
