import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * The jobs list's place filter as an English visitor meets it (docs/decisions/0058): every office
 * once, in English where it has an English name, in the offices' order, and choosing one lists its
 * jobs only.
 */
describe('offices on the jobs list', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  const api = async (path: string, body: unknown, auth = true) =>
    (await (
      await fetch(`${portico.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { isSuccess: boolean; data: { id: number; items: { id: number; name: string; title: string; location: string }[]; meta: { total: number } } };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }) });
    token = (await login.json()).data.accessToken.token;
    // An office no job names yet, and one without an English name: the filter lists both.
    expect((await api('Office', { name: '西安', city: '西安', country: 'CN', sortOrder: 90, translations: { 'en-US': { name: "Xi'an", city: "Xi'an" } } })).isSuccess).toBe(true);
    expect((await api('Office', { name: '苏州', city: '苏州', country: 'CN', sortOrder: 91 })).isSuccess).toBe(true);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('lists every office once in English and filters the jobs by the one chosen', async () => {
    const offices = (await api('Office/Query', { pageSize: 100, locale: 'en-US' }, false)).data.items;
    expect(offices.map((office) => office.name)).toEqual(['Shanghai', 'Beijing', 'Shenzhen', 'Hangzhou', 'Singapore', "Xi'an", '苏州']);
    const { context, consoleErrors } = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await page.goto(`${portico.url}/en/Jobs`);
    const select = page.getByLabel('Location');
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(['Any', 'Shanghai', 'Beijing', 'Shenzhen', 'Hangzhou', 'Singapore', "Xi'an", '苏州']);
    // The name without an English text is marked as Chinese.
    expect(await select.locator('option', { hasText: '苏州' }).getAttribute('lang')).toBe('zh-CN');
    expect(await select.locator('option', { hasText: 'Singapore' }).getAttribute('lang')).toBeNull();

    const singapore = offices.find((office) => office.name === 'Singapore')!;
    const expected = (await api('Job/Query', { pageSize: 100, locale: 'en-US', filters: { officeId: singapore.id } }, false)).data;
    expect(expected.meta.total).toBeGreaterThan(0);
    await select.selectOption({ label: 'Singapore' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`/en/Jobs\\?.*office=${singapore.id}`));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const titles = await page.locator('.list h3 a').allTextContents();
    expect(titles.sort()).toEqual(expected.items.map((job) => job.title).sort());
    const places = await page.locator('.list .meta span:first-child').allTextContents();
    expect(new Set(places)).toEqual(new Set(['Singapore']));
    // The chosen office stays chosen on the filtered page.
    expect(await page.getByLabel('Location').inputValue()).toBe(String(singapore.id));

    // An office no job names: its entry leads to an empty list, not an error.
    const xian = offices.find((office) => office.name === "Xi'an")!;
    await page.goto(`${portico.url}/en/Jobs?office=${xian.id}`);
    expect(await page.locator('.list h3').count()).toBe(0);

    // The old free-text filter of earlier addresses still answers.
    await page.goto(`${portico.url}/en/Jobs?location=Singapore`);
    expect((await page.locator('.list h3 a').allTextContents()).length).toBeGreaterThan(0);

    // A job's page names its office in English, and its structured data the office's city and country.
    await page.goto(`${portico.url}/en/Jobs/detail?id=${expected.items[0].id}`);
    expect(await page.locator('.facts').textContent()).toContain('Singapore');
    const postings = await page.$$eval('script[type="application/ld+json"]', (scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>));
    const posting = postings.find((ld) => ld['@type'] === 'JobPosting') as { jobLocation: { address: Record<string, string> } };
    expect(posting.jobLocation.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Singapore', addressCountry: 'SG' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
