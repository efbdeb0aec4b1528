import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { mailNames } from './outbox.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('outbox search', () => {
  it('finds an address written plainly, split by quoted-printable or inside base64', () => {
    expect(mailNames('To: A.B@Example.com\n\nhello', ['a.b@example.com'])).toBe(true);
    expect(mailNames('Content-Transfer-Encoding: quoted-printable\n\nEmail: a.b@exam=\nple.com =E5=BC=A0', ['a.b@example.com'])).toBe(true);
    const base64 = Buffer.from('您好 a.b@example.com').toString('base64');
    expect(mailNames(`Content-Transfer-Encoding: base64\n\n${base64}\n`, ['a.b@example.com'])).toBe(true);
    expect(mailNames('To: other@example.com\n\nhello', ['a.b@example.com'])).toBe(false);
  });
});

describe.each(testEngines())('erasure and anonymisation on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let service: string;
  let editor: string;
  let categoryId: number;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    hr = (await buildUser(t, admin, ['hr'])).token;
    service = (await buildUser(t, admin, ['service'])).token;
    editor = (await buildUser(t, admin, ['editor'])).token;
    categoryId = (await t.call('POST', '/api/JobCategory', { name: '研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '测试工程师', categoryId, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db.kysely;
  const outbox = () => path.join(t.dataDir, 'outbox');
  const outboxMentioning = (email: string) =>
    (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []).filter((name) => mailNames(fs.readFileSync(path.join(outbox(), name), 'utf8'), [email]));

  let applicant = 0;
  async function apply(job = jobId) {
    applicant++;
    const email = `Applicant.${applicant}@Example.com`;
    const body = multipart(
      { jobId: String(job), name: `欧阳娜娜${applicant}`, phone: `1390000${String(applicant).padStart(4, '0')}`, email, consent: 'true', coverLetter: '请联系我' },
      { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: `10.9.0.${applicant}` });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await t.call('POST', `/api/JobApplication/${id}`, { statusId: 2, note: '电话 13900000000' }, hr);
    const file = await db().selectFrom('job_applications').innerJoin('files', 'files.id', 'job_applications.resume_file_id').select(['files.id', 'files.storage_key']).where('job_applications.id', '=', id).executeTakeFirstOrThrow();
    return { id, email, name: `欧阳娜娜${applicant}`, fileId: Number(file.id), storageKey: file.storage_key };
  }

  const termCount = async (term: string) =>
    Number((await db().selectFrom('job_application_term_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('applications'), eb.lit(0)).as('n')).where('term', '=', term).executeTakeFirstOrThrow()).n);
  const count = async (table: 'job_application_terms', column: 'application_id', id: number) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(sql.ref(column), '=', id).executeTakeFirstOrThrow()).n);

  it('erases an application: its row, history, search terms and counts, résumé file and the mail naming the applicant', async () => {
    const kept = await apply();
    const gone = await apply();
    expect(await count('job_application_terms', 'application_id', gone.id)).toBeGreaterThan(0);
    expect(await termCount('欧阳')).toBe(2);
    expect(outboxMentioning(gone.email).length).toBeGreaterThan(0);
    expect(await t.app.ctx.storage.exists(gone.storageKey)).toBe(true);

    expect((await t.call('DELETE', `/api/JobApplication/${gone.id}`, undefined, service)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/JobApplication/${gone.id}`, undefined, editor)).statusCode).toBe(403);
    const res = await t.call('DELETE', `/api/JobApplication/${gone.id}`, undefined, hr);
    expect(res.json()).toMatchObject({ isSuccess: true, data: { id: gone.id } });

    expect(await db().selectFrom('job_applications').select('id').where('id', '=', gone.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('files').select('id').where('id', '=', gone.fileId).executeTakeFirst()).toBeUndefined();
    expect(await t.app.ctx.storage.exists(gone.storageKey)).toBe(false);
    expect(await count('job_application_terms', 'application_id', gone.id)).toBe(0);
    expect(await db().selectFrom('status_history').select('id').where('entity', '=', 'JobApplication').where('record_id', '=', gone.id).execute()).toEqual([]);
    expect(await termCount('欧阳')).toBe(1);
    expect((await t.call('POST', '/api/JobApplication/Query', { keyword: '欧阳' }, hr)).json().data.meta.total).toBe(1);
    expect(outboxMentioning(gone.email)).toEqual([]);
    expect(outboxMentioning(kept.email).length).toBeGreaterThan(0);
    expect(await t.app.ctx.storage.exists(kept.storageKey)).toBe(true);

    expect((await t.call('DELETE', `/api/JobApplication/${gone.id}`, undefined, hr)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/JobApplication/${gone.id}`, undefined, hr)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/JobApplication/${gone.id}/Anonymise`, undefined, hr)).statusCode).toBe(404);

    const ledger = await db().selectFrom('erasure_ledger').selectAll().where('record_id', '=', gone.id).where('entity', '=', 'JobApplication').execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ action: 'erase', email_sha256: sha256(gone.email.toLowerCase()) });
    expect(JSON.stringify(ledger)).not.toContain(gone.name);
  });

  it('records an erasure in the audit log by id only, never what was erased', async () => {
    const gone = await apply();
    await t.call('DELETE', `/api/JobApplication/${gone.id}`, undefined, hr);
    const entry = await db().selectFrom('audit_events').selectAll().where('action', '=', 'erase').where('entity_id', '=', String(gone.id)).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity: 'JobApplication', changes: null });
    const everything = JSON.stringify(await db().selectFrom('audit_events').selectAll().execute());
    expect(everything).not.toContain(gone.name);
    expect(everything.toLowerCase()).not.toContain(gone.email.toLowerCase());
  });

  it('anonymises an application: personal fields and résumé gone, status, job and dates kept', async () => {
    const person = await apply();
    expect((await t.call('POST', `/api/JobApplication/${person.id}/Anonymise`, undefined, editor)).statusCode).toBe(403);
    const res = await t.call('POST', `/api/JobApplication/${person.id}/Anonymise`, undefined, hr);
    expect(res.json(), res.body).toMatchObject({ isSuccess: true });
    const record = (await t.call('GET', `/api/JobApplication/${person.id}`, undefined, hr)).json().data;
    expect(record).toMatchObject({ name: 'Anonymous', email: '', phone: '', coverLetter: '', note: '', resumeUrl: '', jobId, statusId: 2 });
    expect(record.anonymisedAt).toMatch(/Z$/);
    expect(record.history.map((h: { note: string }) => h.note)).toEqual(['', '']);
    expect(await t.app.ctx.storage.exists(person.storageKey)).toBe(false);
    expect((await t.call('GET', `/api/File/Download/${person.fileId}`, undefined, hr)).statusCode).toBe(404);
    expect(await count('job_application_terms', 'application_id', person.id)).toBe(0);
    expect((await t.call('POST', '/api/JobApplication/Query', { keyword: person.name }, hr)).json().data.meta.total).toBe(0);
    expect(outboxMentioning(person.email)).toEqual([]);
    const row = await db().selectFrom('job_applications').select(['client_address', 'cover_letter']).where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ client_address: '', cover_letter: '' });
    const audit = await db().selectFrom('audit_events').selectAll().where('action', '=', 'anonymise').where('entity_id', '=', String(person.id)).executeTakeFirstOrThrow();
    expect(audit.changes).toBeNull();
    expect((await t.call('POST', '/api/JobApplication/999999/Anonymise', undefined, hr)).statusCode).toBe(404);
  });

  it('anonymises one application after another: each résumé row keeps a key of its own that names no file', async () => {
    const first = await apply();
    const second = await apply();
    for (const person of [first, second]) {
      const res = await t.call('POST', `/api/JobApplication/${person.id}/Anonymise`, undefined, hr);
      expect(res.json(), res.body).toMatchObject({ isSuccess: true });
      expect((await t.call('GET', `/api/File/Download/${person.fileId}`, undefined, hr)).statusCode).toBe(404);
    }
    const keys = await db().selectFrom('files').select('storage_key').where('id', 'in', [first.fileId, second.fileId]).execute();
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(2);
    // Erasing an anonymised application removes no stored file by its placeholder key.
    expect((await t.call('DELETE', `/api/JobApplication/${first.id}`, undefined, hr)).statusCode).toBe(200);
  });

  it.each([
    ['ContactInfo', 'contact_infos', { name: '李雷', email: 'li.lei@example.com', message: '请回电 13800000000', subject: '合作' }],
    ['JoinUs', 'join_us', { name: '韩梅梅', phone: '13700000000', email: 'han@example.com', message: '想做代理', region: '华东' }],
  ] as const)('erases and anonymises %s records behind their module', async (entity, table, body) => {
    const counted = async (statusId: number) =>
      (await t.call('POST', `/api/${entity}/Query`, { filters: { statusId } }, service)).json().data.meta.total as number;
    const make = async () => {
      const id = (await t.call('POST', `/api/${entity}`, body)).json().data.id as number;
      await t.call('POST', `/api/${entity}/${id}`, { statusId: 2, note: 'called back' }, service);
      return id;
    };
    const erased = await make();
    const anonymised = await make();
    expect(await counted(2)).toBe(2);

    expect((await t.call('DELETE', `/api/${entity}/${erased}`, undefined, hr)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/${entity}/${erased}`, undefined, service)).json()).toMatchObject({ isSuccess: true });
    expect((await t.call('DELETE', `/api/${entity}/${erased}`, undefined, service)).statusCode).toBe(404);
    expect(await db().selectFrom(table).select('id').where('id', '=', erased).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('status_history').select('id').where('entity', '=', entity).where('record_id', '=', erased).execute()).toEqual([]);
    expect(await counted(2)).toBe(1);

    expect((await t.call('POST', `/api/${entity}/${anonymised}/Anonymise`, undefined, hr)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/${entity}/${anonymised}/Anonymise`, undefined, service)).json()).toMatchObject({ isSuccess: true });
    const record = (await t.call('GET', `/api/${entity}/${anonymised}`, undefined, service)).json().data;
    expect(record).toMatchObject({ name: 'Anonymous', email: '', phone: '', message: '', company: '', statusId: 2 });
    expect(record.anonymisedAt).toMatch(/Z$/);
    expect(record.history[1].note).toBe('');
    expect(await counted(2)).toBe(1);
    expect((await t.call('POST', `/api/${entity}/999999/Anonymise`, undefined, service)).statusCode).toBe(404);

    const ledger = await db().selectFrom('erasure_ledger').select(['action', 'email_sha256']).where('entity', '=', entity).orderBy('id').execute();
    expect(ledger).toEqual([
      { action: 'erase', email_sha256: sha256(body.email) },
      { action: 'anonymise', email_sha256: sha256(body.email) },
    ]);
    const audit = JSON.stringify(await db().selectFrom('audit_events').selectAll().where('entity', '=', entity).execute());
    expect(audit).not.toContain(body.name);
    expect(audit).not.toContain(body.email);
  });

  it('archives a job: hidden everywhere public, kept with its applications; deleted only once they are erased', async () => {
    const job = (await t.call('POST', '/api/Job', { title: '归档职位', categoryId, description: '<p>x</p>', status: 'open' }, admin)).json().data.id as number;
    const person = await apply(job);
    expect((await t.call('GET', `/api/Job/${job}`)).statusCode).toBe(200);
    const publicCount = async () =>
      ((await t.call('POST', '/api/JobCategory/Query', { pageSize: 100 })).json().data.items as { id: number; itemCount: number }[]).find((c) => c.id === categoryId)?.itemCount;
    const openBefore = await publicCount();

    const refused = await t.call('DELETE', `/api/Job/${job}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 40009, data: { reason: 'has-applications' } });
    expect(refused.json().message).toMatch(/archive it/);

    expect((await t.call('POST', `/api/Job/${job}/Archive`, undefined, editor)).statusCode).toBe(403);
    const archived = await t.call('POST', `/api/Job/${job}/Archive`, undefined, admin);
    expect(archived.json()).toMatchObject({ isSuccess: true, data: { id: job, archived: true, status: 'open' } });
    expect((await t.call('GET', `/api/Job/${job}`)).statusCode).toBe(404);
    const publicList = (await t.call('POST', '/api/Job/Query', { pageSize: 100 })).json().data.items.map((j: { id: number }) => j.id);
    expect(publicList).not.toContain(job);
    expect(publicList).toContain(jobId);
    expect((await t.call('POST', '/api/Job/Latest')).json().data.map((j: { id: number }) => j.id)).not.toContain(job);
    // The category's public count leaves it out too (the sitemap reads the same scope, openJobsScope).
    expect(await publicCount()).toBe(openBefore! - 1);
    const again = multipart({ jobId: String(job), name: 'x', phone: '13900000000', email: 'x@example.com', consent: 'true' }, { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } });
    expect((await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: again.payload, headers: again.headers, remoteAddress: '10.8.0.1' })).statusCode).toBe(404);

    expect((await t.call('GET', `/api/Job/${job}`, undefined, admin)).json().data.archived).toBe(true);
    const staffArchived = (await t.call('POST', '/api/Job/Query', { filters: { archived: true } }, admin)).json().data.items.map((j: { id: number }) => j.id);
    expect(staffArchived).toEqual([job]);
    expect((await t.call('POST', '/api/JobApplication/Query', { filters: { jobId: job } }, hr)).json().data.meta.total).toBe(1);

    expect((await t.call('POST', `/api/Job/${job}/Unarchive`, undefined, admin)).json().data.archived).toBe(false);
    expect((await t.call('GET', `/api/Job/${job}`)).statusCode).toBe(200);
    await t.call('POST', `/api/Job/${job}/Archive`, undefined, admin);

    await t.call('DELETE', `/api/JobApplication/${person.id}`, undefined, hr);
    expect((await t.call('DELETE', `/api/Job/${job}`, undefined, admin)).json()).toMatchObject({ isSuccess: true });
    expect((await t.call('POST', '/api/Job/999999/Archive', undefined, admin)).statusCode).toBe(404);
  });
});
