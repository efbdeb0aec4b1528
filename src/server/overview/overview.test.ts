import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { overviewFor } from './repository.js';

/** The back-office at a glance (docs/decisions/0051), on both engines. */
describe.each(testEngines())('the overview on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let busyJob: number;
  let quietJob: number;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, { FORM_MAX_PER_ADDRESS: '1000' });
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/JobCategory', { name: '概览' }, admin)).json().data.id;
    busyJob = (await t.call('POST', '/api/Job', { title: 'Busy role', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    quietJob = (await t.call('POST', '/api/Job', { title: 'Quiet role', categoryId: category, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
  });
  afterAll(() => t?.close());

  const db = () => t.app.ctx.db.kysely;
  async function apply(jobId: number, name: string) {
    seq++;
    const body = multipart({ jobId: String(jobId), name, phone: `1390000${String(seq).padStart(4, '0')}`, email: `o${seq}@example.com`, consent: 'true' }, { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } });
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: `10.40.0.${seq}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }
  const message = async (name: string) => (await t.call('POST', '/api/ContactInfo', { name, email: `m${++seq}@example.com`, message: 'hi' })).json().data.id as number;

  it('counts what is new, per kind, for the modules the caller holds only', async () => {
    const a1 = await apply(busyJob, 'First applicant');
    await apply(busyJob, 'Second applicant');
    await apply(quietJob, 'Third applicant');
    await message('A visitor');
    // Moved on: no longer new.
    expect((await t.call('POST', `/api/JobApplication/${a1}`, { statusId: 2 }, admin)).statusCode).toBe(200);

    const all = (await t.call('GET', '/api/Overview/Counts', undefined, admin)).json().data;
    expect(all).toEqual({ JobApplication: 2, ContactInfo: 1, JoinUs: 0 });
    const hr = await buildUser(t, admin, ['hr']);
    expect((await t.call('GET', '/api/Overview/Counts', undefined, hr.token)).json().data).toEqual({ JobApplication: 2, ContactInfo: null, JoinUs: null });
    const service = await buildUser(t, admin, ['service']);
    expect((await t.call('GET', '/api/Overview/Counts', undefined, service.token)).json().data).toEqual({ JobApplication: null, ContactInfo: 1, JoinUs: 0 });
    // Nothing of it for staff of none of the three, nor for anyone signed out.
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('GET', '/api/Overview/Counts', undefined, editor.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/Overview', undefined, editor.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/Overview/Counts')).statusCode).toBe(401);
  });

  it('shows the last seven days per job and status, busiest job first, and the oldest items still new', async () => {
    const overview = (await t.call('GET', '/api/Overview', undefined, admin)).json().data;
    expect(overview.week).toEqual([
      { jobId: busyJob, jobTitle: 'Busy role', statusId: 1, count: 1 },
      { jobId: busyJob, jobTitle: 'Busy role', statusId: 2, count: 1 },
      { jobId: quietJob, jobTitle: 'Quiet role', statusId: 1, count: 1 },
    ]);
    expect(overview.oldest.JobApplication.map((item: { name: string; jobTitle: string }) => [item.name, item.jobTitle])).toEqual([
      ['Second applicant', 'Busy role'],
      ['Third applicant', 'Quiet role'],
    ]);
    expect(overview.oldest.ContactInfo.map((item: { name: string }) => item.name)).toEqual(['A visitor']);
    expect(overview.oldest.JoinUs).toEqual([]);

    // An application older than seven days is out of the week but still among the oldest untouched.
    const old = await apply(quietJob, 'Waiting for weeks');
    await db().updateTable('job_applications').set({ created_at: new Date(Date.now() - 10 * 86_400_000).toISOString() }).where('id', '=', old).execute();
    const later = await overviewFor(db(), new Set(['applications']));
    expect(later.week!.reduce((sum, row) => sum + row.count, 0)).toBe(3);
    expect(later.oldest.JobApplication![0]).toMatchObject({ id: old, name: 'Waiting for weeks' });
    expect(later.oldest.ContactInfo).toBeNull();
    expect(later.counts).toEqual({ JobApplication: 3, ContactInfo: null, JoinUs: null });

    const service = await buildUser(t, admin, ['service']);
    const theirs = (await t.call('GET', '/api/Overview', undefined, service.token)).json().data;
    expect(theirs.week).toBeNull();
    expect(theirs.oldest.JobApplication).toBeNull();
    expect(theirs.oldest.ContactInfo).toHaveLength(1);
  });
});
