import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

const emlIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : []);

/** A message as written to the outbox, its headers and body decoded (nodemailer may use QP or base64). */
function decoded(raw: string): { to: string; subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => unfolded.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '';
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
  let text = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = text.replace(/=\r?\n/g, '');
    text = Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return { to: header('To'), subject: words(header('Subject')).trim(), text: text.replace(/\r\n/g, '\n').trim() };
}

describe.each(testEngines())('candidate e-mails on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobId: number;
  const outbox = () => path.join(t.dataDir, 'outbox');
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '后端工程师', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    const site = await t.call('POST', '/api/Site/Update', { companyName: { 'zh-CN': '示例科技', 'en-US': 'Example Works' } }, admin);
    expect(site.statusCode, site.body).toBe(200);
  });
  afterAll(() => t.close());

  let address = 0;
  const apply = async (extra: Record<string, string>, headers: Record<string, string> = {}) => {
    const fields = { jobId: String(jobId), name: '张三', phone: '+86 138 0000 0000', email: 'zhang.san@example.com', consent: 'true', ...extra };
    const body = multipart(fields, { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } });
    address++;
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: { ...body.headers, ...headers }, remoteAddress: `10.40.${Math.floor(address / 200)}.${address % 200}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const templates = async (token = admin) => (await t.call('POST', '/api/CandidateEmailTemplate/Query', { pageSize: 100 }, token)).json().data.items;
  const templateOf = async (statusId: number) => (await templates()).find((x: { statusId: number }) => x.statusId === statusId);
  const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

  it('starts a new database with one template per status: none for new, neutral starters in both languages for the others', async () => {
    const list = await templates();
    expect(list.map((x: { statusId: number }) => x.statusId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list[0]).toMatchObject({ statusId: 1, enabled: false, subject: text('', ''), body: text('', '') });
    for (const template of list.slice(1)) {
      expect(template.enabled).toBe(true);
      for (const locale of ['zh-CN', 'en-US']) {
        expect(template.subject[locale]).not.toBe('');
        expect(template.body[locale]).toContain('{name}');
        // No company is written into them: the company is the site settings'.
        expect(template.body[locale]).toContain('{company}');
        expect(`${template.subject[locale]} ${template.body[locale]}`).not.toMatch(/Portico|示例/);
      }
    }
  });

  it('lets only staff with the applications module read and change templates (401 signed out, 403 without it)', async () => {
    const interview = await templateOf(3);
    const body = { id: interview.id, enabled: true, subject: interview.subject, body: interview.body };
    expect((await t.call('POST', '/api/CandidateEmailTemplate/Query', {})).statusCode).toBe(401);
    expect((await t.call('GET', `/api/CandidateEmailTemplate/${interview.id}`)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/CandidateEmailTemplate/Update', body)).statusCode).toBe(401);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('POST', '/api/CandidateEmailTemplate/Query', {}, editor.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/CandidateEmailTemplate/${interview.id}`, undefined, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/CandidateEmailTemplate/Update', body, editor.token)).statusCode).toBe(403);
    const hr = await buildUser(t, admin, ['hr']);
    expect((await t.call('GET', `/api/CandidateEmailTemplate/${interview.id}`, undefined, hr.token)).json().data).toMatchObject({ statusId: 3 });
    const changed = await t.call('POST', '/api/CandidateEmailTemplate/Update', { ...body, subject: text('面试邀请 {job}', 'Interview: {job}') }, hr.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ statusId: 3, subject: text('面试邀请 {job}', 'Interview: {job}'), updatedBy: hr.userName });
    // Recorded in the audit log like every staff write, with what changed.
    const audit = await t.app.ctx.db.kysely.selectFrom('audit_events').selectAll().where('entity', '=', 'CandidateEmailTemplate').where('action', '=', 'update').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_name: hr.userName, entity_id: String(interview.id) });
    expect(JSON.parse(audit[0].changes!)).toEqual({ subject: [interview.subject, text('面试邀请 {job}', 'Interview: {job}')] });
  });

  it('refuses unknown placeholders, an enabled template missing a language, and a template that is not there', async () => {
    const offer = await templateOf(4);
    const update = (changes: Record<string, unknown>) => t.call('POST', '/api/CandidateEmailTemplate/Update', { id: offer.id, enabled: true, subject: offer.subject, body: offer.body, ...changes }, admin);
    const unknown = await update({ body: text('{name}，{salary}', 'Dear {Name}') });
    expect(unknown.statusCode).toBe(400);
    const issues = unknown.json().data.issues as { path: string; code: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'body.zh-CN', code: 'unknown_placeholder', params: { placeholders: '{salary}' }, message: 'Unknown placeholder {salary}: use {name}, {job} or {company}' },
        { path: 'body.en-US', code: 'unknown_placeholder', params: { placeholders: '{Name}' }, message: 'Unknown placeholder {Name}: use {name}, {job} or {company}' },
      ]),
    );
    const missing = await update({ subject: text('录用', '') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.issues).toEqual([{ path: 'subject.en-US', code: 'required', message: 'Required while the e-mail is on' }]);
    // Off, a template may be left unwritten.
    const off = await update({ enabled: false, subject: text('', ''), body: text('', '') });
    expect(off.statusCode, off.body).toBe(200);
    await update({});
    for (const body of [{ id: offer.id }, { id: offer.id, enabled: true, subject: offer.subject, body: offer.body, statusId: 2 }, { id: offer.id, enabled: 'yes', subject: offer.subject, body: offer.body }, { id: offer.id, enabled: true, subject: { ...offer.subject, fr: 'x' }, body: offer.body }]) {
      expect((await t.call('POST', '/api/CandidateEmailTemplate/Update', body, admin)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/api/CandidateEmailTemplate/Update', { id: 999999, enabled: false, subject: text('', ''), body: text('', '') }, admin)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/CandidateEmailTemplate/999999', undefined, admin)).statusCode).toBe(404);
  });

  it('previews the e-mail in the applicant\'s language, with the name, the job and the company of the site settings', async () => {
    const rejected = await templateOf(6);
    await t.call(
      'POST',
      '/api/CandidateEmailTemplate/Update',
      { id: rejected.id, enabled: true, subject: text('{company}：{job}', '{company}: {job}'), body: text('{name}，您好。{company}', 'Dear {name}, {company} {job}') },
      admin,
    );
    const zh = await apply({ name: 'Mallory {job} <b>x</b>', locale: 'zh-CN' });
    const en = await apply({ name: 'Jane Doe', email: 'jane.doe@example.com', locale: 'en-US' });
    const zhPreview = await t.call('GET', `/api/JobApplication/${zh}/EmailPreview?statusId=6`, undefined, admin);
    expect(zhPreview.statusCode, zhPreview.body).toBe(200);
    // The name is data: a placeholder or markup in it stays as typed, never filled or interpreted.
    expect(zhPreview.json().data).toEqual({ statusId: 6, locale: 'zh-CN', to: 'zhang.san@example.com', subject: '示例科技：后端工程师', body: 'Mallory {job} <b>x</b>，您好。示例科技' });
    const enPreview = (await t.call('GET', `/api/JobApplication/${en}/EmailPreview?statusId=6`, undefined, admin)).json().data;
    expect(enPreview).toEqual({ statusId: 6, locale: 'en-US', to: 'jane.doe@example.com', subject: 'Example Works: 后端工程师', body: 'Dear Jane Doe, Example Works 后端工程师' });
    // Without a locale field, the request's language is the applicant's.
    const byHeader = await apply({ name: 'Header' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect((await t.call('GET', `/api/JobApplication/${byHeader}`, undefined, admin)).json().data.locale).toBe('en-US');
    // A status without a template switched on, an unknown status or application.
    const none = await t.call('GET', `/api/JobApplication/${zh}/EmailPreview?statusId=1`, undefined, admin);
    expect(none.statusCode).toBe(409);
    expect(none.json().data).toEqual({ reason: 'no-email-template' });
    expect((await t.call('GET', `/api/JobApplication/${zh}/EmailPreview?statusId=7`, undefined, admin)).statusCode).toBe(400);
    expect((await t.call('GET', `/api/JobApplication/${zh}/EmailPreview`, undefined, admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/JobApplication/999999/EmailPreview?statusId=6', undefined, admin)).statusCode).toBe(404);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('GET', `/api/JobApplication/${zh}/EmailPreview?statusId=6`, undefined, editor.token)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/JobApplication/${zh}/EmailPreview?statusId=6`)).statusCode).toBe(401);
  });

  it('sends exactly one e-mail on a move with sendEmail, as previewed, and records it in the history', async () => {
    const id = await apply({ name: 'Jane Roe', email: 'jane.roe@example.com', locale: 'en-US' });
    const preview = (await t.call('GET', `/api/JobApplication/${id}/EmailPreview?statusId=2`, undefined, admin)).json().data;
    expect(preview.subject).toBe('Your application is being reviewed: 后端工程师');
    expect(preview.body).toContain('Dear Jane Roe,');
    expect(preview.body).toContain('at Example Works.');
    const before = emlIn(outbox());
    const moved = await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, note: 'CV fits', sendEmail: true }, admin);
    expect(moved.statusCode, moved.body).toBe(200);
    const added = emlIn(outbox()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const mail = decoded(fs.readFileSync(path.join(outbox(), added[0]), 'utf8'));
    expect(mail).toEqual({ to: 'jane.roe@example.com', subject: preview.subject, text: preview.body });
    expect(moved.json().data.statusId).toBe(2);
    expect(moved.json().data.history).toEqual([
      { statusId: 1, note: '', byUserName: null, at: expect.any(String) },
      { statusId: 2, note: 'CV fits', byUserName: 'admin', at: expect.stringMatching(/Z$/), email: { to: 'jane.roe@example.com', subject: preview.subject } },
    ]);
    // The audit log says the move sent an e-mail, without the address or subject (applications are personal data).
    const audit = await t.app.ctx.db.kysely.selectFrom('audit_events').selectAll().where('entity', '=', 'JobApplication').where('entity_id', '=', String(id)).where('action', '=', 'status-move').execute();
    expect(audit.map((e) => JSON.parse(e.changes!))).toEqual([{ statusId: [null, null], email: [null, null] }]);
  });

  it('sends nothing without sendEmail, and refuses sendEmail to a status without a template, leaving the status as it was', async () => {
    const id = await apply({ name: '李四', email: 'li.si@example.com' });
    const before = emlIn(outbox());
    const plain = await t.call('POST', `/api/JobApplication/${id}`, { statusId: 3 }, admin);
    expect(plain.statusCode, plain.body).toBe(200);
    const unasked = await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, sendEmail: false }, admin);
    expect(unasked.statusCode, unasked.body).toBe(200);
    expect(unasked.json().data.history.every((h: { email?: unknown }) => h.email === undefined)).toBe(true);
    const audit = await t.app.ctx.db.kysely.selectFrom('audit_events').select('changes').where('entity', '=', 'JobApplication').where('entity_id', '=', String(id)).where('action', '=', 'status-move').execute();
    expect(audit.map((e) => JSON.parse(e.changes!))).toEqual([{ statusId: [null, null] }, { statusId: [null, null] }]);
    const refused = await t.call('POST', `/api/JobApplication/${id}`, { statusId: 1, sendEmail: true }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'no-email-template' } });
    expect(emlIn(outbox())).toEqual(before);
    const record = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data;
    expect(record.statusId).toBe(2);
    expect(record.history.map((h: { statusId: number }) => h.statusId)).toEqual([1, 3, 2]);
    expect((await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, sendEmail: 'yes' }, admin)).statusCode).toBe(400);
  });

  it('erases what it kept of the e-mail with the application: anonymised, the history says only that one was sent', async () => {
    const db = t.app.ctx.db.kysely;
    const anonymised = await apply({ name: 'Ann Onymous', email: 'ann.onymous@example.com', locale: 'en-US' });
    const erased = await apply({ name: 'Eve Rased', email: 'eve.rased@example.com', locale: 'en-US' });
    for (const id of [anonymised, erased]) {
      expect((await t.call('POST', `/api/JobApplication/${id}`, { statusId: 3, sendEmail: true }, admin)).statusCode).toBe(200);
    }
    expect((await t.call('POST', `/api/JobApplication/${anonymised}/Anonymise`, undefined, admin)).statusCode).toBe(200);
    const record = (await t.call('GET', `/api/JobApplication/${anonymised}`, undefined, admin)).json().data;
    expect(record.history[1].email).toEqual({ to: '', subject: '' });
    const rows = await db.selectFrom('status_history').select(['email_to', 'email_subject']).where('entity', '=', 'JobApplication').where('record_id', '=', anonymised).execute();
    expect(JSON.stringify(rows)).not.toMatch(/ann\.onymous|Interview|面试/i);
    // No e-mail can be sent to an application without its address.
    const refused = await t.call('POST', `/api/JobApplication/${anonymised}`, { statusId: 6, sendEmail: true }, admin);
    expect(refused.json().data).toEqual({ reason: 'no-recipient' });
    expect((await t.call('DELETE', `/api/JobApplication/${erased}`, undefined, admin)).statusCode).toBe(200);
    expect(await db.selectFrom('status_history').select('id').where('entity', '=', 'JobApplication').where('record_id', '=', erased).execute()).toEqual([]);
    // The messages sent are gone from the outbox too.
    const left = emlIn(outbox()).map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'));
    expect(left.filter((m) => /ann\.onymous@example\.com|eve\.rased@example\.com/i.test(m))).toEqual([]);
  });
});
