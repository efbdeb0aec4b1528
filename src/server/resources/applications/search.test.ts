import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../../db/migrate.js';
import { createTestApp, multipart, samples, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';
import type { Selectable } from 'kysely';
import type { JobApplicationsTable } from '../../db/schema.js';

type Row = Omit<Selectable<JobApplicationsTable>, "education" | "years_of_experience" | "anonymised_at" | "privacy_version" | "locale">;
import { applicationKeywordIndex, applicationTerms, indexApplication } from './search.js';

describe('application search terms', () => {
  it('are the non-ASCII characters and their pairs, lowercased, once each', () => {
    expect(applicationTerms('王小明', 'wang@example.com', '138 0000')).toEqual(['王', '王小', '小', '小明', '明']);
    expect(applicationTerms('Li 王芳王', '', '').sort()).toEqual(['王', '王芳', '芳', '芳王'].sort());
    expect(applicationTerms('ÉLODIE', 'x', 'y')).toEqual(['é']);
    expect(applicationTerms('王a伟')).toEqual(['王', '伟']);
    expect(applicationTerms('Alice Smith', 'alice@example.com', '+1 555')).toEqual([]);
  });

  it('lead a keyword by its longest non-ASCII run, exact only when the keyword is one term', () => {
    const plan = applicationKeywordIndex.plan;
    expect(plan('王')).toEqual({ term: '王', exact: true });
    expect(plan('王伟')).toEqual({ term: '王伟', exact: true });
    expect(plan('王小明')).toEqual({ term: '王小', exact: false });
    expect(plan('Li 王')).toEqual({ term: '王', exact: false });
    expect(plan('王 小明')).toEqual({ term: '小明', exact: false });
    expect(plan('wang')).toBeNull();
    expect(plan('138')).toBeNull();
  });
});

const NAMES = ['王伟', '王小明', '李王', '张伟', 'Wang Fang', '欧阳娜娜', '王', 'Li 王芳', '小明王', 'Alice Smith', '王伟伟', '陈静'];
const KEYWORDS = ['王', '伟', '王伟', '小明', '王小明', '王x', 'wang', 'WANG', '138', '0007', 'li 王', '欧阳娜', '娜娜', '阳', '@EXAMPLE'];

describe.each(testEngines())('application keyword search on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let jobs: number[];
  const rows: Row[] = [];

  /** What LIKE promises: a substring of the name, e-mail or phone, ignoring the case of Latin letters. */
  const matches = (row: Row, keyword: string) =>
    [row.name, row.email, row.phone].some((field: string) => field.toLowerCase().includes(keyword.toLowerCase()));

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: '技术研发' }, admin)).json().data.id;
    jobs = [];
    for (const title of ['后端工程师', 'Designer']) {
      jobs.push((await t.call('POST', '/api/Job', { title, categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id);
    }
    const db = t.app.ctx.db.kysely;
    const file = await db
      .insertInto('files')
      .values({ name: 'cv.pdf', size: 1, mime_type: 'application/pdf', kind: 'resume', storage_key: 'test/cv', created_by: null, created_at: '2026-01-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 96; i++) {
      // Every third pair of applications shares its moment, so the id must settle their order.
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 3_600_000).toISOString();
      const row = {
        job_id: jobs[i % 2],
        name: NAMES[i % NAMES.length],
        phone: `138${String(i).padStart(8, '0')}`,
        email: i % 5 === 0 ? `WANG${i}@Example.com` : `applicant${i}@example.com`,
        cover_letter: '',
        resume_file_id: file.id,
        status_id: 1 + (i % 6),
        consent_at: at,
        note: '',
        client_address: '127.0.0.1',
        created_at: at,
        updated_at: at,
      };
      const { id } = await db.insertInto('job_applications').values(row).returning('id').executeTakeFirstOrThrow();
      await indexApplication(db, { ...row, id });
      rows.push({ ...row, id: Number(id) });
    }
  });
  afterAll(() => t.close());

  const query = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/JobApplication/Query', body, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: { id: number }[]; meta: { total: number } };
  };

  const filterSets = () => [
    {},
    { statusId: 2 },
    { jobId: jobs[1] },
    { createdFrom: '2026-01-01T10:00:00.000Z', createdTo: '2026-01-02T06:00:00.000Z' },
    { statusId: 3, jobId: jobs[0] },
  ];
  const keep = (row: Row, filters: Record<string, unknown>) =>
    (filters.statusId === undefined || row.status_id === filters.statusId) &&
    (filters.jobId === undefined || row.job_id === filters.jobId) &&
    (filters.createdFrom === undefined || row.created_at >= (filters.createdFrom as string)) &&
    (filters.createdTo === undefined || row.created_at <= (filters.createdTo as string));
  const SORTS = [
    { sort: undefined, compare: (a: Row, b: Row) => b.created_at.localeCompare(a.created_at) || b.id - a.id },
    { sort: { field: 'createdAt', order: 'asc' }, compare: (a: Row, b: Row) => a.created_at.localeCompare(b.created_at) || a.id - b.id },
    { sort: { field: 'statusId', order: 'desc' }, compare: (a: Row, b: Row) => b.status_id - a.status_id || b.id - a.id },
  ];

  /** Every page of every keyword, filter set and sort, against the rows filtered by hand. */
  async function expectAnswersMatch() {
    for (const keyword of KEYWORDS) {
      for (const filters of filterSets()) {
        for (const { sort, compare } of SORTS) {
          const expected = rows.filter((r) => matches(r, keyword) && keep(r, filters)).sort(compare).map((r) => r.id);
          const pageSize = 7;
          const got: number[] = [];
          for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / pageSize)); page++) {
            const data = await query({ page, pageSize, keyword, filters, ...(sort ? { sort } : {}) });
            expect(data.meta.total, `${keyword} ${JSON.stringify(filters)} total`).toBe(expected.length);
            got.push(...data.items.map((item) => item.id));
          }
          expect(got, `${keyword} ${JSON.stringify(filters)} ${JSON.stringify(sort)}`).toEqual(expected);
        }
      }
    }
  }

  /** The kept counts are the terms counted afresh, and nothing else. */
  async function expectCountsMatchTerms() {
    const db = t.app.ctx.db.kysely;
    const counts = await db.selectFrom('job_application_term_counts').selectAll().where('applications', '!=', 0).execute();
    const terms = await db
      .selectFrom('job_application_terms')
      .select((eb) => ['term', 'status_id', eb.fn.countAll().as('applications')])
      .groupBy(['term', 'status_id'])
      .execute();
    const key = (r: { term: string; status_id: number; applications: unknown }) => `${r.term} ${r.status_id} ${Number(r.applications)}`;
    expect(counts.map(key).sort()).toEqual(terms.map(key).sort());
    expect(counts.length).toBeGreaterThan(0);
  }

  it('answers exactly what LIKE would, page by page, for Chinese, mixed and Latin keywords', async () => {
    await expectCountsMatchTerms();
    await expectAnswersMatch();
  });

  it('still counts every match on a page past the end', async () => {
    for (const keyword of ['王', 'wang', '王小明']) {
      const data = await query({ page: 50, pageSize: 20, keyword });
      expect(data.items).toEqual([]);
      expect(data.meta.total, keyword).toBe(rows.filter((r) => matches(r, keyword)).length);
      expect(data.meta.total, keyword).toBeGreaterThan(0);
    }
    expect((await query({ page: 1, keyword: '无此人' })).meta.total).toBe(0);
  });

  it('follows applications to their new status', async () => {
    for (const row of rows.filter((r) => r.name.includes('王')).slice(0, 12)) {
      const statusId = row.status_id === 6 ? 2 : row.status_id + 1;
      const res = await t.call('POST', `/api/JobApplication/${row.id}`, { statusId, note: 'moved' }, admin);
      expect(res.statusCode, res.body).toBe(200);
      row.status_id = statusId;
    }
    await expectCountsMatchTerms();
    await expectAnswersMatch();
  });

  it('keeps terms and counts in step when one application is moved by many at once', async () => {
    const row = rows.find((r) => r.name === '王伟伟')!;
    const moves = [2, 3, 4, 5, 6, 1, 2, 3];
    const answers = await Promise.all(moves.map((statusId) => t.call('POST', `/api/JobApplication/${row.id}`, { statusId }, admin)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const db = t.app.ctx.db.kysely;
    const stored = await db.selectFrom('job_applications').select('status_id').where('id', '=', row.id).executeTakeFirstOrThrow();
    row.status_id = Number(stored.status_id);
    const terms = await db.selectFrom('job_application_terms').select('status_id').where('application_id', '=', row.id).execute();
    expect(new Set(terms.map((r) => Number(r.status_id)))).toEqual(new Set([row.status_id]));
    await expectCountsMatchTerms();
    await expectAnswersMatch();
  });

  it('finds an application sent through the public form at once', async () => {
    const form = multipart(
      { jobId: String(jobs[0]), name: '王大锤', phone: '13912345678', email: 'dachui@example.com', consent: 'true' },
      { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    for (const keyword of ['大锤', '锤', '王大锤']) {
      const data = await query({ keyword, filters: { statusId: 1 } });
      expect(data.items.map((i) => i.id)).toEqual([id]);
      expect(data.meta.total).toBe(1);
    }
    const db = t.app.ctx.db.kysely;
    const row = await db.selectFrom('job_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    rows.push({ ...row, id: Number(row.id) });
  });

  it('indexes the applications already there when the index is first created', async () => {
    const db = t.app.ctx.db.kysely;
    const migrator = new Migrator({ db: t.app.ctx.db.sessions, provider: migrationProvider });
    const down = await migrator.migrateTo('0004-application-search-index');
    expect(down.error).toBeUndefined();
    // The ones that follow 0004, then whatever later features added.
    const ran = await migrateToLatest(t.app.ctx.db);
    expect(ran.slice(0, 4)).toEqual(['0005-application-search-terms', '0006-application-term-counts', '0007-inquiry-status-counts', '0008-nulls-first-indexes']);
    const stored = await db.selectFrom('job_application_terms').selectAll().execute();
    const all = await db.selectFrom('job_applications').selectAll().execute();
    const expected = all.flatMap((a) =>
      applicationTerms(a.name, a.email, a.phone).map((term) => `${term} ${a.status_id} ${a.created_at} ${a.id}`),
    );
    expect(stored.map((s) => `${s.term} ${s.status_id} ${s.created_at} ${s.application_id}`).sort()).toEqual(expected.sort());
    await expectCountsMatchTerms();
    await expectAnswersMatch();
  });
});
