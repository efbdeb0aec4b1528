import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * The public forms in a browser that runs no JavaScript: each is a plain HTML form posted to its own
 * page, answered with that page (docs/decisions/0028-forms-without-javascript.md).
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function signIn(portico: Portico): Promise<string> {
  const login = await fetch(`${portico.url}/api/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  return (await login.json()).data.accessToken.token;
}

/**
 * Opens a page in a browser context with JavaScript switched off, under the harness's checks: with
 * no script running, a refusal of the policy still reaches the test as the browser's console line.
 */
async function openWithoutJs(browser: Browser, url: string, locale: string) {
  const { context } = await newContext(browser, locale, { javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  // Nothing on the page runs: the forms are only what the server wrote.
  expect(await page.locator('[data-island]').count()).toBe(1);
  return { page, close: () => context.close() };
}

/** Clicks the submit button and waits for the page the post is answered with. */
async function submit(page: Page, label: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'),
    page.getByRole('button', { name: label }).click(),
  ]);
  await page.waitForLoadState('load');
  return response;
}

const TEXT = {
  'zh-CN': {
    contactSubmit: '发送留言',
    joinSubmit: '提交申请',
    applySubmit: '提交申请',
    required: '请填写此项',
    invalidEmail: '请输入有效的电子邮箱',
    fixErrors: '请修正标出的内容后再提交。',
    consent: '请阅读并同意隐私声明',
    resumeAgain: '请重新选择简历文件',
    contactSent: '留言已发送',
    joinSent: '申请已提交',
    applySent: '申请已提交',
    tooMany: '提交过于频繁，请稍后再试。',
  },
  'en-US': {
    contactSubmit: 'Send message',
    joinSubmit: 'Send application',
    applySubmit: 'Send application',
    required: 'Please fill this in',
    invalidEmail: 'Please enter a valid email address',
    fixErrors: 'Please correct the marked fields and send again.',
    consent: 'Please read and accept the privacy notice',
    resumeAgain: 'Please choose your résumé file again',
    contactSent: 'Message sent',
    joinSent: 'Application sent',
    applySent: 'Application sent',
    tooMany: 'Too many submissions; please try again later.',
  },
} as const;

const LOCALES = ['zh-CN', 'en-US'] as const;

describe('the public forms without JavaScript', () => {
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
    admin = await signIn(portico);
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('posts each form to its own page: method, address and encoding as the server wrote them', async () => {
    for (const [url, enctype] of [
      ['/ContactUs', 'application/x-www-form-urlencoded'],
      ['/Joinus', 'application/x-www-form-urlencoded'],
      ['/ApplyNow?jobId=1', 'multipart/form-data'],
      ['/Jobs/ApplyNow', 'multipart/form-data'],
    ] as const) {
      const { page, close } = await openWithoutJs(browser, `${portico.url}${url}`, 'en-US');
      const form = page.locator('form.form');
      expect(await form.getAttribute('method')).toBe('post');
      expect(await form.getAttribute('action')).toBe(url);
      // The DOM's own reading of the attribute, as the browser will send the form.
      expect(await form.evaluate((element: HTMLFormElement) => element.enctype)).toBe(enctype);
      await close();
    }
  });

  for (const locale of LOCALES) {
    const text = TEXT[locale];

    it(`sends the contact form in ${locale}, after showing the reasons with what was typed`, async () => {
      const email = `no-js.contact.${locale}@example.com`;
      const { page, close } = await openWithoutJs(browser, `${portico.url}/ContactUs`, locale);
      await page.locator('[name="name"]').fill('Visitor 无脚本');
      await page.locator('[name="email"]').fill('not-an-email');
      await page.locator('[name="subject"]').fill('Without JavaScript');
      const refused = await submit(page, text.contactSubmit);
      expect(refused.status()).toBe(400);
      expect(await page.locator('#error-email').textContent()).toBe(text.invalidEmail);
      expect(await page.locator('#error-message').textContent()).toBe(text.required);
      expect(await page.locator('.notice.error').textContent()).toBe(text.fixErrors);
      expect(await page.locator('[name="name"]').inputValue()).toBe('Visitor 无脚本');
      expect(await page.locator('[name="subject"]').inputValue()).toBe('Without JavaScript');
      expect(await page.locator('[name="email"]').inputValue()).toBe('not-an-email');

      await page.locator('[name="email"]').fill(email);
      await page.locator('[name="message"]').fill('Does the form work with scripts off? 脚本关闭时表单可用吗？');
      const sent = await submit(page, text.contactSubmit);
      expect(sent.status()).toBe(200);
      expect(await page.getByRole('status').textContent()).toContain(text.contactSent);
      expect(await page.locator('form.form').count()).toBe(0);
      const stored = await api('ContactInfo/Query', { keyword: email });
      expect(stored.items).toHaveLength(1);
      expect(stored.items[0]).toMatchObject({ name: 'Visitor 无脚本', subject: 'Without JavaScript', message: 'Does the form work with scripts off? 脚本关闭时表单可用吗？' });
      // The success notice leads back to an empty form.
      await page.locator('.notice.success a').click();
      await page.waitForLoadState('load');
      expect(await page.locator('[name="name"]').inputValue()).toBe('');
      await close();
    });

    it(`sends the join-us form in ${locale}, after showing what was missing`, async () => {
      const company = `无脚本合作 ${locale}`;
      const { page, close } = await openWithoutJs(browser, `${portico.url}/Joinus`, locale);
      await page.locator('[name="name"]').fill('赵六');
      await page.locator('[name="company"]').fill(company);
      await page.locator('[name="cooperationType"]').selectOption('technology');
      await page.locator('[name="message"]').fill('希望技术合作。');
      const refused = await submit(page, text.joinSubmit);
      expect(refused.status()).toBe(400);
      expect(await page.locator('#error-phone').textContent()).toBe(text.required);
      expect(await page.locator('[name="cooperationType"]').inputValue()).toBe('technology');
      expect(await page.locator('[name="message"]').inputValue()).toBe('希望技术合作。');

      await page.locator('[name="phone"]').fill('13912345678');
      const sent = await submit(page, text.joinSubmit);
      expect(sent.status()).toBe(200);
      expect(await page.getByRole('status').textContent()).toContain(text.joinSent);
      const stored = await api('JoinUs/Query', { keyword: company });
      expect(stored.items).toHaveLength(1);
      expect(stored.items[0]).toMatchObject({ name: '赵六', phone: '13912345678', cooperationType: 'technology' });
      await close();
    });

    it(`applies with a résumé in ${locale}: the file is chosen again after a refusal and arrives byte for byte`, async () => {
      const email = `no-js.apply.${locale}@example.com`;
      const job = (await api('Job/Query', { filters: { status: 'open' }, pageSize: 1 })).items[0];
      const start = locale === 'zh-CN' ? `/ApplyNow?jobId=${job.id}` : '/Jobs/ApplyNow';
      const { page, close } = await openWithoutJs(browser, `${portico.url}${start}`, locale);
      if (locale === 'en-US') await page.locator('[name="jobId"]').selectOption(String(job.id));
      await page.locator('[name="name"]').fill('钱七');
      await page.locator('[name="phone"]').fill('13800138000');
      await page.locator('[name="email"]').fill(email);
      await page.locator('[name="education"]').selectOption('master');
      await page.locator('[name="yearsOfExperience"]').fill('6');
      await page.locator('[name="resume"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
      const refused = await submit(page, text.applySubmit);
      expect(refused.status()).toBe(400);
      expect(page.url()).toBe(`${portico.url}${start}`);
      expect(await page.locator('#error-consent').textContent()).toBe(text.consent);
      expect(await page.locator('#hint-resume').textContent()).toContain(text.resumeAgain);
      expect(await page.locator('[name="jobId"]').inputValue()).toBe(String(job.id));
      expect(await page.locator('[name="name"]').inputValue()).toBe('钱七');
      expect(await page.locator('[name="email"]').inputValue()).toBe(email);
      expect(await page.locator('[name="education"]').inputValue()).toBe('master');
      expect(await page.locator('[name="yearsOfExperience"]').inputValue()).toBe('6');
      expect(await page.locator('[name="resume"]').inputValue()).toBe('');
      expect((await api('JobApplication/Query', { keyword: email })).items).toHaveLength(0);

      await page.locator('[name="consent"]').check();
      await page.locator('[name="resume"]').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
      const sent = await submit(page, text.applySubmit);
      expect(sent.status()).toBe(200);
      expect(await page.getByRole('status').textContent()).toContain(text.applySent);
      expect(await page.getByRole('status').textContent()).toContain(email);
      const stored = await api('JobApplication/Query', { keyword: email });
      expect(stored.items).toHaveLength(1);
      expect(stored.items[0]).toMatchObject({ jobId: job.id, name: '钱七', education: 'master', yearsOfExperience: 6, resumeName: 'resume.pdf' });
      const resume = await fetch(`${portico.url}${stored.items[0].resumeUrl}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(Buffer.from(await resume.arrayBuffer()).equals(PDF)).toBe(true);
      await close();
    });
  }

  it('answers a robot that fills the honeypot like anyone, and keeps nothing', async () => {
    const email = 'no-js.robot@example.com';
    const { page, close } = await openWithoutJs(browser, `${portico.url}/ContactUs`, 'en-US');
    await page.locator('[name="name"]').fill('Robot');
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="message"]').fill('Buy now');
    // People never see it; a robot fills every field it finds.
    await page.locator('[name="website"]').fill('https://spam.example', { force: true });
    const answer = await submit(page, 'Send message');
    expect(answer.status()).toBe(200);
    expect(await page.getByRole('status').textContent()).toContain('Message sent');
    expect((await api('ContactInfo/Query', { keyword: email })).items).toHaveLength(0);
    await close();
  });
});

describe('the public forms without JavaScript, beyond the allowance', () => {
  let portico: Portico;
  let browser: Browser;
  const ALLOWED = 2;

  beforeAll(async () => {
    portico = await startPortico({ FORM_MAX_PER_ADDRESS: String(ALLOWED) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  it('refuses the visitor with a translated message and keeps what they typed', async () => {
    const admin = await signIn(portico);
    for (let i = 0; i <= ALLOWED; i++) {
      const { page, close } = await openWithoutJs(browser, `${portico.url}/ContactUs`, 'zh-CN');
      await page.locator('[name="name"]').fill(`访客 ${i}`);
      await page.locator('[name="email"]').fill(`no-js.burst${i}@example.com`);
      await page.locator('[name="message"]').fill('第几条留言？');
      const answer = await submit(page, '发送留言');
      if (i < ALLOWED) {
        expect(answer.status()).toBe(200);
        expect(await page.getByRole('status').textContent()).toContain('留言已发送');
      } else {
        expect(answer.status()).toBe(429);
        expect(await page.locator('.notice.error').textContent()).toBe(TEXT['zh-CN'].tooMany);
        expect(await page.locator('[name="name"]').inputValue()).toBe(`访客 ${i}`);
        expect(await page.locator('[name="message"]').inputValue()).toBe('第几条留言？');
      }
      await close();
    }
    const stored = await fetch(`${portico.url}/api/ContactInfo/Query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ keyword: 'no-js.burst' }),
    });
    expect((await stored.json()).data.meta.total).toBe(ALLOWED);
  });
});
