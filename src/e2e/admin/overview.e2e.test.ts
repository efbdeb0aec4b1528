import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Issue 21, "at a glance": badges of new items on the menu and the overview screen (docs/decisions/0051). */
describe('the back-office at a glance', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }) });
    token = (await login.json()).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  const apply = async (name: string, email: string) => {
    const jobs = await (await fetch(`${portico.url}/api/Job/Query`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ filters: { status: 'open' } }) })).json();
    const form = new FormData();
    for (const [k, v] of Object.entries({ jobId: String(jobs.data.items[0].id), name, phone: '13800000077', email, consent: 'true' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    return applied.data.id as number;
  };
  const badgeOf = async (page: Page) => {
    const badge = page.locator('.ui-menu').getByRole('link', { name: /All applications/ }).locator('[aria-label$=" new"]');
    return (await badge.count()) ? Number(/\d+/.exec((await badge.first().getAttribute('aria-label')) ?? '')?.[0] ?? '0') : 0;
  };

  it('counts a new application on the menu, lists it on the overview, and passes axe there', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('.ui-menu').getByRole('link', { name: 'Overview' }).waitFor();
    const before = await badgeOf(page);

    await apply('Glance Applicant', 'glance.applicant@example.com');
    // Read again as staff move to another screen.
    await page.locator('.ui-menu').getByRole('link', { name: 'All jobs' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.jobs}`);
    await expect.poll(() => badgeOf(page), { timeout: 15_000 }).toBe(before + 1);

    await page.locator('.ui-menu').getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.overview}`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.getByRole('heading', { name: /Applications of the last 7 days/ }).waitFor();
    expect(await page.title()).toBe('Overview - Portico');
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run({ include: [['.admin-content']] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length}): ${(v.nodes as { target: string[]; any: { message: string }[] }[]).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
    });
    expect(violations).toEqual([]);

    // The newest application is not among the oldest until the older ones are handled; open one that is listed.
    const listed = page.locator('section').filter({ has: page.getByRole('heading', { name: /Oldest applications/ }) }).getByRole('link').first();
    const name = await listed.textContent();
    await listed.click();
    await page.getByRole('heading', { name: new RegExp(name!.trim()) }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
