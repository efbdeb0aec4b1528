import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MODULES } from '../../shared/modules.js';
import { ADMIN_PATHS, applicationDetailsPath, jobEditPath } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every menu entry's screen, and the screens below them that open from a list. */
function screens(firstApplication: number, firstJob: number): string[] {
  const menus = MODULES.flatMap((m) => m.menus.flatMap((menu) => [menu.path, ...(menu.menus ?? []).map((sub) => sub.path)]));
  return [
    ADMIN_PATHS.overview,
    ...menus,
    ADMIN_PATHS.newsEdit,
    jobEditPath(firstJob),
    jobEditPath(),
    applicationDetailsPath(firstApplication),
    `${ADMIN_PATHS.sitePageEdit}?key=home`,
    ADMIN_PATHS.account,
  ];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; any: { message: string }[] }[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
  });
}

/** Issue 21: no serious or critical axe-core violation on any back-office screen, in both languages. */
describe('the back-office for every reader', () => {
  let portico: Portico;
  let browser: Browser;
  let token: string;
  const api = async (path: string, body: unknown) =>
    (await (await fetch(`${portico.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()).data;

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

  for (const locale of ['zh-CN', 'en-US']) {
    it(`has no serious or critical axe violation on any screen in ${locale}`, async () => {
      const application = (await api('JobApplication/Query', { pageSize: 1 })).items[0]?.id ?? 1;
      const job = (await api('Job/Query', { pageSize: 1 })).items[0]?.id ?? 1;
      const { context } = await newContext(browser, locale, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`${portico.url}/login`);
      await signInOnLoginPage(page);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const found: Record<string, string[]> = {};
      for (const path of screens(application, job)) {
        await page.goto(`${portico.url}${path}`, { waitUntil: 'networkidle' });
        await page.locator('.admin-content').waitFor();
        // Wait for the screen's data: no spinner, no skeleton and no list still loading left.
        await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ui-table[aria-busy], .ui-loading'), undefined, { timeout: 10_000 }).catch(() => undefined);
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
      }
      // The office dialog (a tab per language, a country to choose), opened from the keyboard.
      await page.goto(`${portico.url}${ADMIN_PATHS.offices}`, { waitUntil: 'networkidle' });
      await page.locator('.admin-content tr[data-row-key]').first().waitFor();
      await page.getByRole('button', { name: locale === 'zh-CN' ? '新建办公地点' : 'New office' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Tab');
      const dialogViolations = await seriousViolations(page);
      if (dialogViolations.length) found[`${ADMIN_PATHS.offices} (dialog)`] = dialogViolations;
      // The roles screen's editor: names in both languages and one radio group per module (docs/decisions/0059).
      await page.goto(`${portico.url}${ADMIN_PATHS.roles}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: locale === 'zh-CN' ? '新建角色' : 'New role' }).click();
      await page.getByRole('dialog').getByRole('radiogroup').first().waitFor();
      const roleDialogViolations = await seriousViolations(page);
      if (roleDialogViolations.length) found[`${ADMIN_PATHS.roles} (editor)`] = roleDialogViolations;
      await context.close();
      expect(found).toEqual({});
    });
  }
});
