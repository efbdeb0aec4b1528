import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { mailNames } from '../../erasure/outbox.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, docSample, docxSample, multipart, samples, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';
import { JOB_APPLICATION_LIST_FIELDS } from '../../../shared/schemas/job-application.js';

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

describe.each(testEngines())('job applications on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobId: number;
  let closedJobId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '后端工程师', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    closedJobId = (await t.call('POST', '/api/Job', { title: 'Closed', categoryId: category, description: '<p>x</p>', status: 'closed' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const fields = (extra: Record<string, string> = {}) => ({
    jobId: String(jobId),
    name: '张三',
    phone: '+86 138 0000 0000',
    email: 'zhang.san@example.com',
    consent: 'true',
    education: 'bachelor',
    yearsOfExperience: '5',
    coverLetter: '我对这个职位很感兴趣。',
    ...extra,
  });
  const apply = (f: Record<string, string>, resume?: { name: string; type: string; content: Buffer }, address = '10.0.0.1') => {
    const body = multipart(f, resume ? { resume } : {});
    return t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: address });
  };
  const filesDir = () => path.join(t.dataDir, 'files');
  const applicationCount = async () => Number((await t.app.ctx.db.kysely.selectFrom('job_applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('takes PDF, DOCX and DOC résumés, checked by content, and answers the record to staff', async () => {
    for (const [name, content, mime] of [
      ['cv.pdf', samples.pdf, 'application/pdf'],
      ['简历.docx', docxSample(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['cv.doc', docSample(), 'application/msword'],
    ] as const) {
      const res = await apply(fields(), { name, type: 'application/octet-stream', content }, `10.1.0.${name.length}`);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id;
      const record = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data;
      expect(record).toMatchObject({ jobId, jobTitle: '后端工程师', name: '张三', email: 'zhang.san@example.com', statusId: 1, education: 'bachelor', yearsOfExperience: 5, resumeName: name });
      expect(record.history).toEqual([{ statusId: 1, note: '', byUserName: null, at: record.createdAt }]);
      expect(record.resumeUrl).toMatch(/^\/api\/File\/Download\/\d+$/);
      expect(record.consentAt).toMatch(/Z$/);
      const file = await t.call('GET', record.resumeUrl, undefined, admin);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.rawPayload.equals(content)).toBe(true);
    }
  });

  it('refuses a file that is not a résumé by content, whatever its name, and keeps nothing', async () => {
    const before = await applicationCount();
    const filesBefore = filesIn(filesDir()).length;
    for (const content of [samples.png, samples.exe, samples.text]) {
      const res = await apply(fields(), { name: 'cv.pdf', type: 'application/pdf', content }, '10.2.0.1');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40015 });
    }
    expect(await applicationCount()).toBe(before);
    expect(filesIn(filesDir())).toHaveLength(filesBefore);
  });

  it('refuses a résumé over 10 MB with 413 and keeps nothing', async () => {
    const before = await applicationCount();
    const filesBefore = filesIn(filesDir()).length;
    const big = Buffer.concat([samples.pdf, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const res = await apply(fields(), { name: 'big.pdf', type: 'application/pdf', content: big }, '10.3.0.1');
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe(40013);
    expect(await applicationCount()).toBe(before);
    expect(filesIn(filesDir())).toHaveLength(filesBefore);
  });

  it('validates the form, naming each field', async () => {
    const resume = { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf };
    const cases: [Record<string, string>, typeof resume | undefined, string][] = [
      [fields({ consent: 'false' }), resume, 'consent'],
      [fields({ email: 'not-an-email' }), resume, 'email'],
      [fields({ name: '' }), resume, 'name'],
      [fields({ phone: 'call me' }), resume, 'phone'],
      [fields({ hobby: 'chess' }), resume, 'hobby'],
      [fields({ coverLetter: 'hello\u0000world' }), resume, 'coverLetter'],
      [fields(), undefined, 'resume'],
    ];
    for (const [f, r, field] of cases) {
      const res = await apply(f, r, '10.4.0.1');
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.issues.map((i: { path: string }) => i.path), field).toContain(field);
    }
    const json = await t.call('POST', '/api/JobApplication', { jobId, name: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ isSuccess: false, errorCode: 40015 });
  });

  it('answers 404 for a job that is not open', async () => {
    for (const id of [closedJobId, 999_999]) {
      const res = await apply(fields({ jobId: String(id) }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.5.0.1');
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe(40004);
    }
  });

  it('leaves no file when saving the record fails', async () => {
    const before = await applicationCount();
    const filesBefore = filesIn(filesDir()).length;
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    storage.put = async (key, content) => {
      await put(key, content);
      throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    };
    try {
      const res = await apply(fields(), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.6.0.1');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50000 });
      expect(res.body).not.toContain('disk full');
    } finally {
      storage.put = put;
    }
    expect(await applicationCount()).toBe(before);
    expect(filesIn(filesDir())).toHaveLength(filesBefore);
  });

  it('leaves no file and no file record when the application cannot be inserted', async () => {
    const kysely = t.app.ctx.db.kysely;
    const fileRows = async () => Number((await kysely.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await applicationCount();
    const filesBefore = filesIn(filesDir()).length;
    const fileRowsBefore = await fileRows();
    // The database itself refuses the insert, as a constraint or a full disk would.
    if (engine === 'postgres') {
      await sql`create function portico_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(kysely);
      await sql`create trigger portico_test_refuse before insert on job_applications for each row execute function portico_test_refuse()`.execute(kysely);
    } else {
      await sql`create trigger portico_test_refuse before insert on job_applications begin select raise(abort, 'refused by test'); end`.execute(kysely);
    }
    try {
      const res = await apply(fields(), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.6.0.2');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 50000 });
      expect(res.body).not.toContain('refused by test');
    } finally {
      await sql`drop trigger portico_test_refuse${sql.raw(engine === 'postgres' ? ' on job_applications' : '')}`.execute(kysely);
      if (engine === 'postgres') await sql`drop function portico_test_refuse()`.execute(kysely);
    }
    expect(await applicationCount()).toBe(before);
    expect(await fileRows()).toBe(fileRowsBefore);
    expect(filesIn(filesDir())).toHaveLength(filesBefore);
  });

  it('tells HR and confirms to the applicant by mail', async () => {
    const outbox = path.join(t.dataDir, 'outbox');
    const before = filesIn(outbox).length;
    const res = await apply(fields({ email: 'mail.check@example.com', name: '随便写的话 Words of a stranger' }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.7.0.1');
    expect(res.statusCode).toBe(200);
    // Without SMTP_URL both messages are in the outbox by the time the applicant gets the answer.
    const mails = fs.readdirSync(outbox).slice(before).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => /^To: hr@portico\.local/m.test(m))).toBe(true);
    const toApplicant = mails.find((m) => /^To: mail\.check@example\.com/m.test(m));
    expect(toApplicant).toBeDefined();
    // The confirmation carries nothing the visitor typed: an address typed by someone else gets no words of theirs.
    expect(mailNames(toApplicant!, ['Words of a stranger'])).toBe(false);
    expect(mailNames(toApplicant!, ['随便写的话'])).toBe(false);
    expect(mailNames(toApplicant!, ['We have received your résumé'])).toBe(true);
  });

  it('moves through the pipeline with notes kept as history, and filters by status', async () => {
    const id = (await apply(fields({ name: '李四' }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.8.0.1')).json().data.id;
    await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, note: '简历符合要求' }, admin);
    const moved = await t.call('POST', `/api/JobApplication/${id}`, { statusId: 3 }, admin);
    expect(moved.json().data.statusId).toBe(3);
    const record = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data;
    expect(record.history).toEqual([
      { statusId: 1, note: '', byUserName: null, at: record.createdAt },
      { statusId: 2, note: '简历符合要求', byUserName: 'admin', at: expect.stringMatching(/Z$/) },
      { statusId: 3, note: '', byUserName: 'admin', at: expect.stringMatching(/Z$/) },
    ]);
    for (const body of [{ statusId: 7 }, { statusId: 0 }, {}, { statusId: 2, owner: 'x' }]) {
      expect((await t.call('POST', `/api/JobApplication/${id}`, body, admin)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/api/JobApplication/999999', { statusId: 2 }, admin)).statusCode).toBe(404);
    const interviews = (await t.call('POST', '/api/JobApplication/Query', { filters: { statusId: 3 }, keyword: '李四' }, admin)).json().data;
    expect(interviews.items.map((a: { id: number }) => a.id)).toEqual([id]);
    const byJob = (await t.call('POST', '/api/JobApplication/Query', { filters: { jobId }, sort: { field: 'createdAt', order: 'asc' }, pageSize: 100 }, admin)).json().data;
    expect(byJob.meta.total).toBeGreaterThan(1);
  });

  it('answers the back-office list only what it shows, the same values as the whole record', async () => {
    const id = (await apply(fields({ name: '吴九' }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.8.0.9')).json().data.id;
    const body = { keyword: '吴九', sort: { field: 'createdAt', order: 'desc' } };
    const light = await t.call('POST', '/api/JobApplication/Query', { ...body, fields: JOB_APPLICATION_LIST_FIELDS }, admin);
    expect(light.statusCode, light.body).toBe(200);
    const whole = (await t.call('POST', '/api/JobApplication/Query', body, admin)).json().data.items.find((a: { id: number }) => a.id === id);
    const item = light.json().data.items.find((a: { id: number }) => a.id === id);
    expect(Object.keys(item).sort()).toEqual(['id', ...JOB_APPLICATION_LIST_FIELDS].sort());
    for (const field of JOB_APPLICATION_LIST_FIELDS) expect(item[field], field).toEqual(whole[field]);
    expect(item).toMatchObject({ name: '吴九', jobTitle: '后端工程师', resumeName: 'cv.pdf', resumeUrl: expect.stringMatching(/^\/api\/File\/Download\/\d+$/) });
    expect(whole.coverLetter).toBe('我对这个职位很感兴趣。');
  });

  it("keeps the internal note apart from status notes: a move never replaces it", async () => {
    const id = (await apply(fields({ name: '周七' }), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.8.0.2')).json().data.id;
    const noted = await t.call('POST', `/api/JobApplication/${id}/Note`, { note: '  推荐人：王经理  ' }, admin);
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().data).toMatchObject({ id, note: '推荐人：王经理', statusId: 1 });
    await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, note: '电话初筛通过' }, admin);
    const record = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data;
    expect(record.note).toBe('推荐人：王经理');
    expect(record.history.map((h: { note: string }) => h.note)).toEqual(['', '电话初筛通过']);
    expect((await t.call('POST', `/api/JobApplication/${id}/Note`, { note: '' }, admin)).json().data.note).toBe('');
    for (const body of [{}, { note: 5 }, { note: 'x'.repeat(5001) }, { note: 'a', statusId: 2 }]) {
      expect((await t.call('POST', `/api/JobApplication/${id}/Note`, body, admin)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/api/JobApplication/999999/Note', { note: 'x' }, admin)).statusCode).toBe(404);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('POST', `/api/JobApplication/${id}/Note`, { note: 'x' }, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/JobApplication/${id}/Note`, { note: 'x' })).statusCode).toBe(401);
  });

  it('lets only staff with the applications module download a résumé', async () => {
    const id = (await apply(fields(), { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf }, '10.9.0.1')).json().data.id;
    const url = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data.resumeUrl;
    expect((await t.call('GET', url)).statusCode).toBe(401);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('GET', url, undefined, editor.token)).statusCode).toBe(403);
    const hr = await buildUser(t, admin, ['hr']);
    expect((await t.call('GET', url, undefined, hr.token)).statusCode).toBe(200);
  });

  it('accepts no more than 20 applications from one address when they arrive all at once', async () => {
    const resume = { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf };
    const burst = await Promise.all(Array.from({ length: 24 }, () => apply(fields({ name: '并发' }), resume, '10.11.0.1')));
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('accepts at most 20 applications per address per window, and silently drops a robot\'s', async () => {
    const address = '10.10.0.1';
    const resume = { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf };
    const before = await applicationCount();
    const robot = await apply(fields({ website: 'http://spam.example' }), resume, address);
    expect(robot.json()).toMatchObject({ isSuccess: true });
    expect(await applicationCount()).toBe(before);
    // An invalid attempt does not spend the allowance.
    expect((await apply(fields({ email: 'bad' }), resume, address)).statusCode).toBe(400);
    for (let i = 1; i < 20; i++) expect((await apply(fields(), resume, address)).statusCode, `submission ${i + 1}`).toBe(200);
    const refused = await apply(fields(), resume, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe(40029);
    expect((await apply(fields(), resume, '10.10.0.2')).statusCode).toBe(200);
  });
});
