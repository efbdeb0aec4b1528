import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SUBJECT_KINDS } from '../../shared/schemas/data-subject.js';
import { buildUser, createTestApp, docxSample, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { matchingIdsQuery } from './repository.js';

/** One person's records under several spellings, and another person's beside them. */
describe.each(testEngines())('data subject requests on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobId: number;
  let address = 0;
  const mine = { JobApplication: [] as number[], ContactInfo: [] as number[], JoinUs: [] as number[] };
  const theirs = { JobApplication: [] as number[], ContactInfo: [] as number[], JoinUs: [] as number[] };
  const resumes = new Map<number, Buffer>();

  const nextAddress = () => `10.44.${Math.floor(++address / 200)}.${address % 200}`;
  const apply = async (email: string, phone: string, resume: { name: string; content: Buffer }) => {
    const body = multipart(
      { jobId: String(jobId), name: 'Applicant', phone, email, consent: 'true' },
      { resume: { name: resume.name, type: 'application/octet-stream', content: resume.content } },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: nextAddress() });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    resumes.set(id, resume.content);
    return id;
  };
  const submit = async (url: string, body: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: nextAddress() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: 'R&D' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: 'Engineer', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    // Hers: the e-mail in three spellings, the phone in two.
    mine.JobApplication.push(await apply('Zhang.San@Example.com', '+86 138-0000 0000', { name: 'cv.pdf', content: samples.pdf }));
    mine.JobApplication.push(await apply('other@example.com', '86 (138) 0000-0000', { name: '简历.docx', content: docxSample() }));
    mine.ContactInfo.push(await submit('/api/ContactInfo', { name: 'Zhang', email: 'zhang.san@example.com', message: 'Hello', subject: 'Question' }));
    mine.JoinUs.push(await submit('/api/JoinUs', { name: 'Zhang', phone: '8613800000000', message: 'Partner?', company: 'Acme' }));
    mine.JoinUs.push(await submit('/api/JoinUs', { name: 'Zhang', phone: '010 1234 5678', email: ' ZHANG.SAN@example.COM', message: 'Again', company: 'Acme' }));
    // Someone else's, sharing neither the address nor the number.
    theirs.JobApplication.push(await apply('li.si@example.com', '+86 139 0000 0000', { name: 'cv.pdf', content: samples.pdf }));
    theirs.ContactInfo.push(await submit('/api/ContactInfo', { name: 'Li', email: 'li.si@example.com', phone: '13900000000', message: 'Hi' }));
    theirs.JoinUs.push(await submit('/api/JoinUs', { name: 'Li', phone: '139 0000 0000', message: 'Hi' }));
  });
  afterAll(() => t.close());

  const find = (body: object, token = admin) => t.call('POST', '/api/DataSubject/Find', body, token);
  const idsOf = (items: { entity: string; id: number }[], kind: string) => items.filter((i) => i.entity === kind).map((i) => i.id).sort((a, b) => a - b);

  it('finds every record holding the e-mail, whatever its case and spaces, across all three kinds', async () => {
    const res = await find({ email: '  ZHANG.san@EXAMPLE.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.counts).toEqual({ JobApplication: 1, ContactInfo: 1, JoinUs: 1 });
    expect(data.meta).toEqual({ page: 1, pageSize: 100, total: 3 });
    expect(idsOf(data.items, 'JobApplication')).toEqual([mine.JobApplication[0]]);
    expect(idsOf(data.items, 'ContactInfo')).toEqual(mine.ContactInfo);
    expect(idsOf(data.items, 'JoinUs')).toEqual([mine.JoinUs[1]]);
    expect(data.items.find((i: { entity: string }) => i.entity === 'JobApplication')).toMatchObject({ title: 'Engineer', statusId: 1, name: 'Applicant' });
    expect(data.items.find((i: { entity: string }) => i.entity === 'ContactInfo')).toMatchObject({ title: 'Question' });
  });

  it('finds by the phone\'s digits, however it was written, and by either when both are given', async () => {
    const byPhone = (await find({ phone: '86 138 0000 0000' })).json().data;
    expect(idsOf(byPhone.items, 'JobApplication')).toEqual([...mine.JobApplication].sort((a, b) => a - b));
    expect(idsOf(byPhone.items, 'JoinUs')).toEqual([mine.JoinUs[0]]);
    expect(byPhone.counts.ContactInfo).toBe(0);
    const both = (await find({ email: 'zhang.san@example.com', phone: '+8613800000000' })).json().data;
    expect(both.counts).toEqual({ JobApplication: 2, ContactInfo: 1, JoinUs: 2 });
    for (const kind of DATA_SUBJECT_KINDS) expect(idsOf(both.items, kind)).toEqual([...mine[kind]].sort((a, b) => a - b));
  });

  it('pages through what it found, kinds in order', async () => {
    const body = { email: 'zhang.san@example.com', phone: '8613800000000' };
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await find({ ...body, page, pageSize: 2 })).json().data);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages[0].items.map((i: { entity: string }) => i.entity)).toEqual(['JobApplication', 'JobApplication']);
    expect(pages[2].items.map((i: { entity: string }) => i.entity)).toEqual(['JoinUs']);
    expect(pages[2].meta.total).toBe(5);
  });

  it('refuses a request naming nobody, a bad address or number, and unknown fields', async () => {
    for (const [body, field] of [
      [{}, 'email'],
      [{ email: '', phone: ' ' }, 'email'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ phone: '12' }, 'phone'],
      [{ email: 'a@example.com', keyword: 'x' }, ''],
    ] as const) {
      const res = await find(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe(40000);
      if (field) expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const erase = await t.call('POST', '/api/DataSubject/Erase', { email: 'zhang.san@example.com' }, admin);
    expect(erase.statusCode).toBe(400);
    expect(erase.json().data.issues.map((i: { path: string }) => i.path)).toContain('confirm');
  });

  it('is for the privacy module only: staff of the applications module and the signed-out are refused', async () => {
    const hr = await buildUser(t, admin, ['hr']);
    const service = await buildUser(t, admin, ['service']);
    for (const token of [hr.token, service.token]) {
      for (const [url, body] of [
        ['/api/DataSubject/Find', { email: 'zhang.san@example.com' }],
        ['/api/DataSubject/Export', { email: 'zhang.san@example.com' }],
        ['/api/DataSubject/Erase', { email: 'zhang.san@example.com', confirm: true }],
      ] as const) {
        const res = await t.call('POST', url, body, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().errorCode).toBe(40003);
      }
    }
    expect((await find({ email: 'zhang.san@example.com' }, '')).statusCode).toBe(401);
    const me = (await t.call('GET', '/api/security/current', undefined, admin)).json().data;
    expect(me.modules.map((m: { key: string }) => m.key)).toContain('privacy');
    expect((await t.call('GET', '/api/security/current', undefined, hr.token)).json().data.modules.map((m: { key: string }) => m.key)).not.toContain('privacy');
  });

  it('exports every record in full with its history and each résumé\'s bytes, and records the export', async () => {
    await t.call('POST', `/api/JobApplication/${mine.JobApplication[0]}`, { statusId: 2, note: 'Screened' }, admin);
    const res = await t.call('POST', '/api/DataSubject/Export', { email: 'Zhang.San@example.com', phone: '+86 13800000000' }, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="data-subject-\d{8}-\d{6}\.tar\.gz"$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-subject-test-'));
    try {
      fs.writeFileSync(path.join(dir, 'archive.tar.gz'), res.rawPayload);
      fs.mkdirSync(path.join(dir, 'out'));
      await tar.x({ file: path.join(dir, 'archive.tar.gz'), cwd: path.join(dir, 'out') });
      const document = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'records.json'), 'utf8'));
      expect(document.counts).toEqual({ JobApplication: 2, ContactInfo: 1, JoinUs: 2 });
      for (const kind of DATA_SUBJECT_KINDS) {
        expect(document.records[kind].map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual([...mine[kind]].sort((a, b) => a - b));
      }
      const screened = document.records.JobApplication.find((r: { id: number }) => r.id === mine.JobApplication[0]);
      expect(screened).toMatchObject({ email: 'Zhang.San@Example.com', phone: '+86 138-0000 0000', jobTitle: 'Engineer', statusId: 2, coverLetter: '' });
      expect(screened.history).toEqual([expect.objectContaining({ statusId: 2, note: 'Screened' })]);
      expect(screened.clientAddress).toMatch(/^10\.44\./);
      expect(document.records.JoinUs.find((r: { id: number }) => r.id === mine.JoinUs[0])).toMatchObject({ company: 'Acme', message: 'Partner?' });
      for (const application of document.records.JobApplication) {
        expect(application.resumeFile).toMatch(/^resumes\//);
        expect(fs.readFileSync(path.join(dir, 'out', application.resumeFile)).equals(resumes.get(application.id)!)).toBe(true);
      }
      // Nobody else's data is in it.
      expect(JSON.stringify(document)).not.toContain('li.si@example.com');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const log = (await t.call('POST', '/api/AuditLog/Query', { filters: { action: 'subject-export' } }, admin)).json().data;
    expect(log.meta.total).toBe(1);
    expect(log.items[0]).toMatchObject({ entity: 'DataSubject', userName: 'admin' });
    expect(JSON.stringify(log.items[0])).not.toMatch(/zhang|13800000000/i);
  });

  it('is described in the API reference, with its body', async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    for (const call of ['Find', 'Export', 'Erase']) expect(doc.paths[`/api/DataSubject/${call}`]?.post, call).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/DataSubject/Erase'].post)).toContain('confirm');
  });

  it('looks people up through the e-mail and phone indexes, not by reading every record', async () => {
    const db = t.app.ctx.db;
    for (const kind of DATA_SUBJECT_KINDS) {
      const query = matchingIdsQuery(db.kysely, kind, { email: 'zhang.san@example.com', phone: '8613800000000' }).compile();
      const explain = (prefix: string) => CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
      let plan: string;
      if (engine === 'postgres') {
        plan = await db.kysely.transaction().execute(async (trx) => {
          // A handful of rows is cheaper to read whole: forbid that, so the plan shows whether an index can be used.
          await sql`set local enable_seqscan = off`.execute(trx);
          const { rows } = await trx.executeQuery<Record<string, string>>(explain('explain'));
          return rows.map((r) => Object.values(r).join(' ')).join('\n');
        });
      } else {
        const { rows } = await db.kysely.executeQuery<{ detail: string }>(explain('explain query plan'));
        plan = rows.map((r) => r.detail).join('\n');
      }
      expect(plan, `${kind}:\n${plan}`).toMatch(/_email_key/);
      expect(plan, `${kind}:\n${plan}`).toMatch(/_phone_key/);
    }
  });

  it('erases everything found in one step, and nothing of anyone else', async () => {
    const res = await t.call('POST', '/api/DataSubject/Erase', { email: 'zhang.san@example.com', phone: '86 138 0000 0000', confirm: true }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ erased: { JobApplication: 2, ContactInfo: 1, JoinUs: 2 } });
    const after = (await find({ email: 'zhang.san@example.com', phone: '8613800000000' })).json().data;
    expect(after.meta.total).toBe(0);
    for (const kind of DATA_SUBJECT_KINDS) {
      for (const id of mine[kind]) expect((await t.call('GET', `/api/${kind}/${id}`, undefined, admin)).statusCode).toBe(404);
      for (const id of theirs[kind]) expect((await t.call('GET', `/api/${kind}/${id}`, undefined, admin)).statusCode).toBe(200);
    }
    expect((await find({ email: 'li.si@example.com' })).json().data.counts).toEqual({ JobApplication: 1, ContactInfo: 1, JoinUs: 0 });
    const log = (await t.call('POST', '/api/AuditLog/Query', { filters: { action: 'erase' }, pageSize: 100 }, admin)).json().data;
    expect(log.meta.total).toBe(5);
  });
});
