import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the public forms', () => {
  let portico: Portico;
  let browser: Browser;
  let admin: string;

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify(body),
    });
    return (await res.json()).data;
  };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    const login = await fetch(`${portico.url}/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
    });
    admin = (await login.json()).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  async function open(path: string, locale = 'zh-CN'): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const { context, consoleErrors } = await newContext(browser, locale);
    const page = await context.newPage();
    await page.goto(`${portico.url}${path}`, { waitUntil: 'networkidle' });
    return { page, errors: consoleErrors, close: () => context.close() };
  }

  it('stores a contact message typed into the form, after showing what was missing', async () => {
    const { page, close } = await open('/ContactUs', 'en-US');
    await page.locator('[name="name"]').fill('Visitor One');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('#error-email').textContent()).toBe('Please fill this in');
    expect(await page.locator('#error-message').textContent()).toBe('Please fill this in');
    await page.locator('[name="email"]').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('#error-email').textContent()).toBe('Please enter a valid email address');
    await page.locator('[name="email"]').fill('visitor.one@example.com');
    await page.locator('[name="company"]').fill('Example Works');
    await page.locator('[name="subject"]').fill('A question about gateways');
    await page.locator('[name="message"]').fill('How many protocols do your gateways speak?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Message sent');
    const stored = await api('ContactInfo/Query', { keyword: 'visitor.one@example.com' });
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ name: 'Visitor One', company: 'Example Works', subject: 'A question about gateways', message: 'How many protocols do your gateways speak?' });
    await close();
  });

  it('stores a join-us entry typed into the form', async () => {
    const { page, close } = await open('/Joinus');
    await page.locator('[name="name"]').fill('赵六');
    await page.locator('[name="phone"]').fill('13912345678');
    await page.locator('[name="company"]').fill('华南自动化');
    await page.locator('[name="region"]').fill('广东');
    await page.locator('[name="cooperationType"]').selectOption('distribution');
    await page.locator('[name="message"]').fill('希望代理贵公司的边缘网关产品。');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('申请已提交');
    const stored = await api('JoinUs/Query', { keyword: '华南自动化' });
    expect(stored.items[0]).toMatchObject({ name: '赵六', phone: '13912345678', region: '广东', cooperationType: 'distribution' });
    await close();
  });

  it('applies for a job with a résumé, and shows the server refusing a file that is not one', async () => {
    const job = (await api('Job/Query', { filters: { status: 'open' }, pageSize: 1 })).items[0];
    const { page, errors, close } = await open(`/Jobs/detail?id=${job.id}`);
    await page.getByRole('link', { name: '立即申请' }).first().click();
    await page.waitForURL(`**/ApplyNow?jobId=${job.id}`);
    expect(await page.locator('[name="jobId"]').inputValue()).toBe(String(job.id));
    await page.locator('[name="name"]').fill('钱七');
    await page.locator('[name="phone"]').fill('13800138000');
    await page.locator('[name="email"]').fill('qian.qi@example.com');
    await page.locator('[name="education"]').selectOption('master');
    await page.locator('[name="yearsOfExperience"]').fill('6');
    // A picture named like a PDF: the browser cannot tell, the server reads its bytes.
    await page.locator('[name="resume"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PNG });
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.locator('#error-consent').textContent()).toBe('请阅读并同意隐私声明');
    await page.locator('[name="consent"]').check();
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.locator('#error-resume').textContent()).toBe('简历须为 PDF、DOC 或 DOCX 文件');
    expect(await page.locator('[name="name"]').inputValue()).toBe('钱七');
    await page.locator('[name="resume"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('qian.qi@example.com');
    const stored = await api('JobApplication/Query', { keyword: 'qian.qi@example.com' });
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({ jobId: job.id, name: '钱七', education: 'master', yearsOfExperience: 6, resumeName: 'resume.pdf' });
    const resume = await fetch(`${portico.url}${stored.items[0].resumeUrl}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(Buffer.from(await resume.arrayBuffer()).equals(PDF)).toBe(true);
    expect(errors.filter((e) => !/Failed to load resource.*(415|400)/.test(e))).toEqual([]);
    await close();
  });

  it('keeps what was typed when the privacy notice changes while the form is open, and asks to agree to the new one', async () => {
    const job = (await api('Job/Query', { filters: { status: 'open' }, pageSize: 1 })).items[0];
    const { page, errors, close } = await open(`/ApplyNow?jobId=${job.id}`, 'en-US');
    await page.locator('[name="name"]').fill('Zhou Notice');
    await page.locator('[name="phone"]').fill('13800138001');
    await page.locator('[name="email"]').fill('zhou.notice@example.com');
    await page.locator('[name="resume"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.locator('[name="consent"]').check();
    const shown = Number(await page.locator('[name="privacyVersion"]').inputValue());
    // Meanwhile the company publishes a new privacy notice.
    const site = await api('Site/Update', { privacyNotice: { 'zh-CN': `新的隐私声明 ${Date.now()}`, 'en-US': `A new privacy notice ${Date.now()}` } });
    expect(site).toBeTruthy();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('The privacy notice changed while you were filling in this form');
    expect(await page.locator('[name="name"]').inputValue()).toBe('Zhou Notice');
    expect(await page.locator('[name="email"]').inputValue()).toBe('zhou.notice@example.com');
    expect(await page.locator('[name="consent"]').isChecked()).toBe(false);
    expect(Number(await page.locator('[name="privacyVersion"]').inputValue())).toBe(shown + 1);
    expect((await api('JobApplication/Query', { keyword: 'zhou.notice@example.com' })).items).toHaveLength(0);
    // Agreed again: sent, under the new version.
    await page.locator('[name="consent"]').check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('zhou.notice@example.com');
    const stored = await api('JobApplication/Query', { keyword: 'zhou.notice@example.com' });
    expect(stored.items).toHaveLength(1);
    expect(errors.filter((e) => !/Failed to load resource.*409/.test(e))).toEqual([]);
    await close();
  });

  it('offers a job picker when no job is given', async () => {
    const { page, close } = await open('/ApplyNow', 'en-US');
    const options = await page.locator('[name="jobId"] option').count();
    const openJobs = (await api('Job/Query', { filters: { status: 'open' } })).meta.total;
    expect(options).toBe(openJobs + 1);
    expect(await page.locator('[name="jobId"]').inputValue()).toBe('');
    await close();
  });

  it('is usable from 375 px to 1440 px without sideways scrolling, and by keyboard', async () => {
    for (const width of [375, 768, 1440]) {
      const { context } = await newContext(browser, 'zh-CN', { viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const path of ['/Home', '/News', '/Jobs', '/ApplyNow', '/ContactUs']) {
        await page.goto(`${portico.url}${path}`, { waitUntil: 'networkidle' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
    const { page, close } = await open('/ContactUs', 'en-US');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.locator('[name="name"]').focus();
    await page.keyboard.type('Keyboard User');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard@example.com');
    expect(await page.locator('[name="email"]').inputValue()).toBe('keyboard@example.com');
    await close();
  });

  // The budget of every public page's first load, measured as the browser receives it (compressed).
  const FIRST_LOAD_JS_BUDGET_KB = 100;

  it('keeps the first-load JavaScript of every public page within its budget', async () => {
    const weights: Record<string, number> = {};
    for (const path of ['/Home', '/AboutsUs', '/News', '/News/detail?id=1', '/Jobs', '/Jobs/detail?id=1', '/ApplyNow', '/ContactUs', '/Joinus']) {
      const { context } = await newContext(browser, 'zh-CN');
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Set<string>();
      let bytes = 0;
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.add(e.requestId);
      });
      cdp.on('Network.loadingFinished', (e) => {
        if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
      });
      await page.goto(`${portico.url}${path}`, { waitUntil: 'networkidle' });
      weights[path] = Math.round(bytes / 1024);
      await context.close();
    }
    console.log('first-load JavaScript, KB compressed:', weights);
    for (const [path, kb] of Object.entries(weights)) expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    // Pages with a form hydrate it, so they carry React; pages without one do not.
    expect(weights['/ContactUs']).toBeGreaterThan(weights['/Home']);
  });
});
