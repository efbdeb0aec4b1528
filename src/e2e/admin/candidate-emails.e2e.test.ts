import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_PATHS, applicationDetailsPath } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Issue 21, "Candidate e-mails" (docs/decisions/0056): a template edited, previewed and sent on a move. */
describe('candidate e-mails', () => {
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
    for (const [k, v] of Object.entries({ jobId: String(jobs.data.items[0].id), name, phone: '13800000078', email, consent: 'true', locale: 'en-US' })) form.set(k, v);
    form.set('resume', new Blob([PDF], { type: 'application/pdf' }), 'cv.pdf');
    const applied = await (await fetch(`${portico.url}/api/JobApplication`, { method: 'POST', body: form })).json();
    expect(applied.isSuccess).toBe(true);
    return { id: applied.data.id as number, jobTitle: applied.data.jobTitle as string };
  };
  const outbox = () => path.join(portico.dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : []);

  it('edits a template, previews the e-mail in the status move and sends it, shown in the history', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}/login`);
    await signInOnLoginPage(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.locator('.ui-menu').getByRole('link', { name: 'Candidate e-mails' }).click();
    await page.waitForURL(`**${ADMIN_PATHS.candidateEmails}`);
    const interview = page.getByRole('form', { name: 'Interview' });
    const subject = interview.getByLabel('Subject · English');
    // Typed and saved from the keyboard: Enter in a field submits its template.
    await subject.fill('Meet {company} about {job}');
    await subject.press('Enter');
    await page.getByText('Saved').first().waitFor();
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run({ include: [['.admin-content']] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);

    const { id, jobTitle } = await apply('Casey Candidate', 'casey.candidate@example.com');
    await page.goto(`${portico.url}${applicationDetailsPath(id)}`);
    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByTitle('Interview').last().click();
    await dialog.getByRole('checkbox', { name: 'Send an e-mail to the applicant' }).check();
    const preview = dialog.getByRole('region', { name: 'The e-mail to be sent' });
    await preview.getByText('casey.candidate@example.com').waitFor();
    const shownSubject = (await preview.getByText(/^Meet .* about /).textContent())!.trim();
    expect(shownSubject).toMatch(new RegExp(`^Meet .+ about ${jobTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await preview.getByText(/Dear Casey Candidate,/).waitFor();

    const before = mails();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`E-mail sent to casey.candidate@example.com: ${shownSubject}`).waitFor();
    const added = mails().filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox(), added[0]), 'utf8')).toMatch(/^To: casey\.candidate@example\.com/m);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
