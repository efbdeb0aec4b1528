import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { DISCARD_LIMIT } from './form-posts.js';

/**
 * The public forms posted as a browser without JavaScript posts them: to their own page, URL-encoded
 * or multipart, answered with a page. The pages' actions live in the built web app, so these tests
 * run against `npm run build`'s output.
 */

const FORM_MAX = 3;

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What the page shows in a field: an input's or a textarea's value, a select's chosen option, a box's tick. */
function shown(html: string, name: string): string | boolean | null {
  const input = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(` name="${name}"`));
  if (input) {
    if (input.includes('type="checkbox"')) return / checked=""/.test(input);
    const value = / value="([^"]*)"/.exec(input);
    return value ? decode(value[1]) : '';
  }
  const textarea = new RegExp(`<textarea\\b[^>]* name="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  if (textarea) return decode(textarea[1]);
  const select = new RegExp(`<select\\b[^>]* name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  if (select) return /<option value="([^"]*)" selected="">/.exec(select[1])?.[1] ?? null;
  return null;
}

/** The attributes of the page's form (HTML names, any case, as React writes them). */
function formOf(html: string): Record<string, string> {
  const tag = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/ ([\w-]+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), decode(m[2])]));
}

/** The error shown on a field, or null. */
const errorOn = (html: string, name: string) => {
  const match = new RegExp(`<p class="field-error" id="error-${name}" role="alert">([^<]*)</p>`).exec(html);
  return match ? decode(match[1]) : null;
};
/** The message at the top of the form, or null. */
const failureOf = (html: string) => {
  const match = /<p class="notice error" role="alert">([^<]*)<\/p>/.exec(html);
  return match ? decode(match[1]) : null;
};

describe.each(testEngines())('forms posted without JavaScript on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobId: number;
  let closedJobId: number;

  beforeAll(async () => {
    // Only the loopback address is a trusted proxy: its X-Forwarded-For names the client.
    t = await createTestApp(engine, { FORM_MAX_PER_ADDRESS: String(FORM_MAX), TRUST_PROXY: 'loopback' }, { web: true });
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '后端工程师', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    closedJobId = (await t.call('POST', '/api/Job', { title: 'Closed', categoryId: category, description: '<p>x</p>', status: 'closed' }, admin)).json().data.id;
  });
  afterAll(() => t?.close());

  const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  /** A form post from `address` (the connection's), in `locale`. */
  const post = (url: string, payload: string | Buffer, options: { type?: string; address?: string; locale?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': options.type ?? 'application/x-www-form-urlencoded',
        'accept-language': options.locale ?? 'en-US',
        ...options.headers,
      },
      remoteAddress: options.address ?? '10.0.0.1',
    } as InjectOptions);

  const contact = (extra: Record<string, string> = {}) => ({
    name: 'Visitor One',
    company: 'Example Works',
    email: 'visitor.one@example.com',
    phone: '',
    subject: 'Gateways',
    message: 'How many protocols do your gateways speak?',
    website: '',
    ...extra,
  });

  const application = (extra: Record<string, string> = {}) => ({
    jobId: String(jobId),
    name: '钱七',
    phone: '13800138000',
    email: 'qian.qi@example.com',
    education: 'master',
    yearsOfExperience: '6',
    coverLetter: '',
    website: '',
    consent: 'true',
    ...extra,
  });
  /** Multipart as a browser sends it: every field, and an empty file part when no file was chosen. */
  const applicationBody = (fields: Record<string, string>, resume = { name: '', type: 'application/octet-stream', content: Buffer.alloc(0) }) =>
    multipart(fields, { resume });

  const contactRows = (email: string) =>
    t.app.ctx.db.kysely.selectFrom('contact_infos').select(['name', 'message', 'client_address']).where('email', '=', email).execute();

  it('shows the contact form again with what was typed and each reason, in the page\'s language', async () => {
    const en = await post('/ContactUs', urlencoded(contact({ email: 'not-an-email', message: '  ' })), { address: '10.1.0.1' });
    expect(en.statusCode).toBe(400);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.body).not.toContain('isSuccess');
    expect(failureOf(en.body)).toBe('Please correct the marked fields and send again.');
    expect(errorOn(en.body, 'email')).toBe('Please enter a valid email address');
    expect(errorOn(en.body, 'message')).toBe('Please fill this in');
    expect(errorOn(en.body, 'name')).toBeNull();
    expect(shown(en.body, 'name')).toBe('Visitor One');
    expect(shown(en.body, 'email')).toBe('not-an-email');
    expect(shown(en.body, 'subject')).toBe('Gateways');
    expect(formOf(en.body)).toMatchObject({ method: 'post', action: '/ContactUs' });

    const zh = await post('/ContactUs', urlencoded(contact({ email: '', name: '<b>张三</b>' })), { address: '10.1.0.1', locale: 'zh-CN' });
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toContain('<html lang="zh-CN"');
    expect(errorOn(zh.body, 'email')).toBe('请填写此项');
    expect(failureOf(zh.body)).toBe('请修正标出的内容后再提交。');
    expect(shown(zh.body, 'name')).toBe('<b>张三</b>');
    expect(zh.body).not.toContain('<b>张三</b>');
    expect(await contactRows('not-an-email')).toEqual([]);
  });

  it('stores a contact message and answers a page that says so, keeping the visitor\'s address', async () => {
    const res = await post('/ContactUs', urlencoded(contact({ email: 'sent.one@example.com' })), { address: '10.1.0.2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Message sent');
    expect(res.body).toContain('Thank you for your message!');
    // The form is not shown again, nor what was typed.
    expect(formOf(res.body)).toEqual({});
    expect(res.body).not.toContain('How many protocols');
    expect(await contactRows('sent.one@example.com')).toEqual([{ name: 'Visitor One', message: 'How many protocols do your gateways speak?', client_address: '10.1.0.2' }]);

    const zh = await post('/contactus?from=footer', urlencoded(contact({ email: 'sent.two@example.com' })), { address: '10.1.0.2', locale: 'zh-CN' });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('留言已发送');
    expect(zh.body).toContain('href="/contactus?from=footer"');
    expect(await contactRows('sent.two@example.com')).toHaveLength(1);
  });

  it('stores a join-us entry, after showing what was missing', async () => {
    const entry = { name: '赵六', company: '华南自动化', phone: '', email: '', region: '广东', cooperationType: 'distribution', message: '希望代理贵公司的边缘网关产品。', website: '' };
    const refused = await post('/Joinus', urlencoded(entry), { address: '10.2.0.1', locale: 'zh-CN' });
    expect(refused.statusCode).toBe(400);
    expect(errorOn(refused.body, 'phone')).toBe('请填写此项');
    expect(shown(refused.body, 'cooperationType')).toBe('distribution');
    expect(shown(refused.body, 'region')).toBe('广东');
    expect(shown(refused.body, 'message')).toBe('希望代理贵公司的边缘网关产品。');

    const res = await post('/Joinus', urlencoded({ ...entry, phone: '13912345678' }), { address: '10.2.0.1', locale: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('申请已提交');
    const stored = await t.app.ctx.db.kysely.selectFrom('join_us').select(['name', 'phone', 'region', 'cooperation_type', 'client_address']).execute();
    expect(stored).toEqual([{ name: '赵六', phone: '13912345678', region: '广东', cooperation_type: 'distribution', client_address: '10.2.0.1' }]);
  });

  it('takes an application with its résumé byte for byte, from /ApplyNow and /Jobs/ApplyNow', async () => {
    // The box left unticked is not sent at all; no file was chosen.
    const { consent: _unticked, ...fields } = application();
    const noFile = applicationBody(fields);
    const refused = await post(`/ApplyNow?jobId=${jobId}`, noFile.payload, { type: noFile.headers['content-type'], address: '10.3.0.1' });
    expect(refused.statusCode).toBe(400);
    expect(errorOn(refused.body, 'consent')).toBe('Please read and accept the privacy notice');
    expect(errorOn(refused.body, 'resume')).toBe('Please attach your résumé');
    expect(refused.body).toContain('Please choose your résumé file again');
    expect(shown(refused.body, 'name')).toBe('钱七');
    expect(shown(refused.body, 'jobId')).toBe(String(jobId));
    expect(shown(refused.body, 'education')).toBe('master');
    expect(shown(refused.body, 'yearsOfExperience')).toBe('6');
    expect(shown(refused.body, 'consent')).toBe(false);
    expect(formOf(refused.body)).toMatchObject({ method: 'post', action: `/ApplyNow?jobId=${jobId}`, enctype: 'multipart/form-data' });

    // Bytes a text conversion would change: a NUL, CR LF, a lone CR, bytes above 0x7F, a boundary-like line.
    const resume = Buffer.concat([samples.pdf, Buffer.from([0, 13, 10, 13, 0xff, 0xfe, 0x80]), Buffer.from('\r\n--not-the-boundary\r\n'), Buffer.alloc(300_000, 0xa5)]);
    for (const [url, email] of [[`/ApplyNow?jobId=${jobId}`, 'apply.one@example.com'], ['/Jobs/ApplyNow', 'apply.two@example.com']] as const) {
      const body = applicationBody(application({ email }), { name: 'cv.pdf', type: 'application/pdf', content: resume });
      const res = await post(url, body.payload, { type: body.headers['content-type'], address: '10.3.0.2', locale: 'zh-CN' });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      expect(res.body).toContain('申请已提交');
      expect(res.body).toContain(email);
      const stored = (await t.call('POST', '/api/JobApplication/Query', { keyword: email }, admin)).json().data.items;
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ jobId, name: '钱七', education: 'master', yearsOfExperience: 6, resumeName: 'cv.pdf' });
      const file = await t.call('GET', stored[0].resumeUrl, undefined, admin);
      expect(file.rawPayload.equals(resume)).toBe(true);
    }
    const addresses = await t.app.ctx.db.kysely.selectFrom('job_applications').select('client_address').execute();
    expect(addresses.map((row) => row.client_address)).toEqual(['10.3.0.2', '10.3.0.2']);
  });

  it("sends the page's language with an application, in which the applicant is later written to (docs/decisions/0056)", async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const page = await t.app.inject({ method: 'GET', url: '/ApplyNow', headers: { 'accept-language': locale } });
      expect(shown(page.body, 'locale')).toBe(locale);
      const email = `language.${locale.toLowerCase()}@example.com`;
      const body = applicationBody(application({ email, locale }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf });
      // Posted by a browser whose own language is the other one: the page's field decides.
      const res = await post('/ApplyNow', body.payload, { type: body.headers['content-type'], address: '10.3.1.1', locale: locale === 'en-US' ? 'zh-CN' : 'en-US' });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      const stored = (await t.call('POST', '/api/JobApplication/Query', { keyword: email }, admin)).json().data.items;
      expect(stored.map((a: { locale: string }) => a.locale)).toEqual([locale]);
    }
  });

  it('refuses a file that is not a résumé (415), a closed job (400) and an oversized upload (413) with the form again', async () => {
    const png = applicationBody(application(), { name: 'cv.pdf', type: 'application/pdf', content: samples.png });
    const notResume = await post('/ApplyNow', png.payload, { type: png.headers['content-type'], address: '10.4.0.1' });
    expect(notResume.statusCode).toBe(415);
    expect(errorOn(notResume.body, 'resume')).toBe('The résumé must be a PDF, DOC or DOCX file');
    expect(shown(notResume.body, 'email')).toBe('qian.qi@example.com');

    const closed = applicationBody(application({ jobId: String(closedJobId) }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf });
    const closedJob = await post('/ApplyNow', closed.payload, { type: closed.headers['content-type'], address: '10.4.0.1', locale: 'zh-CN' });
    expect(closedJob.statusCode).toBe(400);
    expect(failureOf(closedJob.body)).toBe('该职位已关闭或不存在，请选择其他职位。');

    // Over the API's 10 MB for the file, within the page's limit: the API refuses it.
    const big = applicationBody(application(), { name: 'big.pdf', type: 'application/pdf', content: Buffer.concat([samples.pdf, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]) });
    const tooBig = await post('/ApplyNow', big.payload, { type: big.headers['content-type'], address: '10.4.0.2' });
    expect(tooBig.statusCode).toBe(413);
    expect(errorOn(tooBig.body, 'resume')).toBe('The résumé must not be larger than 10 MB');
    expect(shown(tooBig.body, 'name')).toBe('钱七');

    // Over the page's own limit: refused unread, with the page all the same.
    const huge = applicationBody(application(), { name: 'huge.pdf', type: 'application/pdf', content: Buffer.alloc(12 * 1024 * 1024, 0x20) });
    const tooHuge = await post('/ApplyNow', huge.payload, { type: huge.headers['content-type'], address: '10.4.0.3' });
    expect(tooHuge.statusCode).toBe(413);
    expect(errorOn(tooHuge.body, 'resume')).toBe('The résumé must not be larger than 10 MB');
    expect(huge.payload.length).toBeLessThan(DISCARD_LIMIT);
    expect(await t.app.ctx.db.kysely.selectFrom('job_applications').select('id').where('email', '=', 'qian.qi@example.com').execute()).toEqual([]);
  });

  it('answers a body of the wrong type or size with a page, never the API\'s JSON', async () => {
    const json = await post('/ContactUs', JSON.stringify(contact()), { type: 'application/json', address: '10.5.0.1' });
    expect(json.statusCode).toBe(415);
    expect(json.headers['content-type']).toMatch(/^text\/html/);
    expect(failureOf(json.body)).toBe('What you sent could not be read; please fill in the form on this page and send it again.');

    const urlencodedApplication = await post('/ApplyNow', urlencoded(application()), { address: '10.5.0.1', locale: 'zh-CN' });
    expect(urlencodedApplication.statusCode).toBe(415);
    expect(failureOf(urlencodedApplication.body)).toBe('无法读取提交的内容，请在本页重新填写并提交。');

    const long = await post('/ContactUs', urlencoded(contact({ message: '长'.repeat(20_000) })), { address: '10.5.0.1' });
    expect(long.statusCode).toBe(413);
    expect(failureOf(long.body)).toBe('What you sent is too large; please shorten it and send it again.');

    const broken = await post('/ApplyNow', Buffer.from('--x\r\nnot a part'), { type: 'multipart/form-data; boundary=x', address: '10.5.0.1' });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toMatch(/^text\/html/);
    expect(await contactRows('visitor.one@example.com')).toEqual([]);
  });

  it('accepts a filled honeypot like any message and keeps nothing', async () => {
    const res = await post('/ContactUs', urlencoded(contact({ email: 'robot@example.com', website: 'https://spam.example' })), { address: '10.6.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Message sent');
    expect(await contactRows('robot@example.com')).toEqual([]);
  });

  it('throttles each client address, as the API does, with a translated message', async () => {
    for (let i = 0; i < FORM_MAX; i++) {
      const res = await post('/ContactUs', urlencoded(contact({ email: `burst${i}@example.com` })), { address: '10.7.0.1' });
      expect(res.statusCode).toBe(200);
    }
    const over = await post('/ContactUs', urlencoded(contact({ email: 'burst.over@example.com' })), { address: '10.7.0.1', locale: 'zh-CN' });
    expect(over.statusCode).toBe(429);
    expect(failureOf(over.body)).toBe('提交过于频繁，请稍后再试。');
    expect(shown(over.body, 'email')).toBe('burst.over@example.com');
    // The same allowance as the API's own: a call straight to it from that address is refused too.
    const direct = await t.app.inject({ method: 'POST', url: '/api/ContactInfo', payload: contact({ email: 'direct@example.com' }), remoteAddress: '10.7.0.1' });
    expect(direct.statusCode).toBe(429);
    // Another visitor is not held back by the first one's posts.
    const other = await post('/ContactUs', urlencoded(contact({ email: 'other.visitor@example.com' })), { address: '10.7.0.2' });
    expect(other.statusCode).toBe(200);
  });

  it('counts the address Fastify believes (TRUST_PROXY), never one a client or a header chooses', async () => {
    // Through the trusted proxy: the forwarded address is the client's.
    const proxied = await post('/ContactUs', urlencoded(contact({ email: 'proxied@example.com' })), {
      address: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(proxied.statusCode).toBe(200);
    // Not through it: a forwarded address and a made-up visitor pass are both ignored.
    const forged = await post('/ContactUs', urlencoded(contact({ email: 'forged@example.com' })), {
      address: '10.8.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-portico-visitor': '198.51.100.8' },
    });
    expect(forged.statusCode).toBe(200);
    expect((await contactRows('proxied@example.com'))[0].client_address).toBe('198.51.100.7');
    expect((await contactRows('forged@example.com'))[0].client_address).toBe('10.8.0.1');
  });

  it('still serves the form pages to GET with the form posting to the page, and never keeps a post\'s answer', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/ApplyNow?jobId=${jobId}`, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(formOf(page.body)).toMatchObject({ method: 'post', action: `/ApplyNow?jobId=${jobId}`, enctype: 'multipart/form-data' });
    expect(/id="hint-resume">([^<]*)</.exec(page.body)?.[1]).toBe('PDF, DOC or DOCX, at most 10 MB');

    // The page is in the cache before the post, and must not be replaced by the post's answer.
    expect((await t.app.inject({ method: 'GET', url: '/Joinus', headers: { 'accept-language': 'en-US' } })).statusCode).toBe(200);
    const refused = await post('/Joinus', urlencoded({ name: 'Someone Private', phone: '', message: '' }), { address: '10.9.0.1' });
    expect(shown(refused.body, 'name')).toBe('Someone Private');
    const after = await t.app.inject({ method: 'GET', url: '/Joinus', headers: { 'accept-language': 'en-US' } });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('Someone Private');
    for (const url of ['/ContactUs', '/Joinus']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(formOf(res.body)).toMatchObject({ method: 'post', action: url });
      expect(formOf(res.body).enctype).toBeUndefined();
    }
  });
});
