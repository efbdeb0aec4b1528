import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/**
 * Who saved a news item, a job and the site settings last (docs/decisions/0037): staff are told,
 * so that an editor whose save was refused as stale knows whose version it met; visitors never are.
 */
describe.each(testEngines())('who saved last on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  /** A second member of staff for each module: the one who saves over the administrator. */
  let writer: Awaited<ReturnType<typeof buildUser>>;
  let recruiter: Awaited<ReturnType<typeof buildUser>>;
  /** Signed in, but without the news and jobs modules: sees what visitors see. */
  let outsider: string;
  let newsCategory: number;
  let jobCategory: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    writer = await buildUser(t, admin, ['marketing']);
    recruiter = await buildUser(t, admin, ['hr']);
    outsider = (await buildUser(t, admin, ['service'])).token;
    newsCategory = (await t.call('POST', '/api/NewsCategory', { name: 'Saved by' }, admin)).json().data.id;
    jobCategory = (await t.call('POST', '/api/JobCategory', { name: 'Saved by' }, admin)).json().data.id;
  });
  afterAll(() => t?.close());

  const data = async (res: ReturnType<TestApp['call']>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  /** An answer as a visitor gets it, checked to be whole and to name no member of staff. */
  const asVisitor = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const answer = await t.call(method, url, body, token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).not.toContain('updatedBy');
    expect(answer.body).not.toContain('updated_by');
    for (const name of ['admin', writer.userName, recruiter.userName]) expect(answer.body).not.toContain(`"${name}"`);
    return answer.json().data;
  };
  const changesOf = async (entity: string, id: number) => {
    const rows = await t.app.ctx.db.kysely
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', entity)
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    return rows.map((row) => [row.action, row.changes === null ? null : Object.keys(JSON.parse(row.changes))]);
  };

  it('names whoever saved a news item last to staff, the one an editor\'s stale save met', async () => {
    const created = await data(t.call('POST', '/api/News', { title: 'Harbour opens', content: '<p>Soon.</p>', categoryId: newsCategory, status: 'published' }, admin));
    expect(created.updatedBy).toBe('admin');
    // Both open the same version; the writer saves first, the administrator's save is refused.
    await data(t.call('POST', '/api/News/Update', { id: created.id, title: 'Harbour opens today', updatedAt: created.updatedAt }, writer.token));
    const refused = await t.call('POST', '/api/News/Update', { id: created.id, title: 'Harbour opens tomorrow', updatedAt: created.updatedAt }, admin);
    expect(refused.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
    const theirs = await data(t.call('GET', `/api/News/${created.id}`, undefined, admin));
    expect(theirs).toMatchObject({ title: 'Harbour opens today', updatedBy: writer.userName });
    const listed = await data(t.call('POST', '/api/News/Query', { filters: { categoryId: newsCategory } }, writer.token));
    expect(listed.items.map((item: { updatedBy: string }) => item.updatedBy)).toEqual([writer.userName]);
    // The writer's save is recorded as a change of the title alone: who saved is not a change of the item.
    expect(await changesOf('News', created.id)).toEqual([
      ['create', null],
      ['publish', null],
      ['update', ['title']],
    ]);
  });

  it('never answers who saved a news item to visitors, in a list, a read, or asked for by name', async () => {
    const news = await data(t.call('POST', '/api/News', { title: 'Open day', content: '<p>Come.</p>', categoryId: newsCategory, status: 'published' }, writer.token));
    expect(news.updatedBy).toBe(writer.userName);
    const listed = await asVisitor('POST', '/api/News/Query', { filters: { categoryId: newsCategory } });
    expect(listed.items.length).toBeGreaterThan(0);
    const read = await asVisitor('GET', `/api/News/${news.id}`);
    expect(read).toMatchObject({ id: news.id, title: 'Open day' });
    const asked = await asVisitor('POST', '/api/News/Query', { filters: { categoryId: newsCategory }, fields: ['title', 'updatedBy'] });
    expect(asked.items[0]).toEqual({ id: expect.any(Number), title: expect.any(String) });
    // Staff of another module are visitors here.
    await asVisitor('GET', `/api/News/${news.id}`, undefined, outsider);
    await asVisitor('POST', '/api/News/Query', { filters: { categoryId: newsCategory } }, outsider);
  });

  it('names who saved, archived or restored a job to staff, and never to visitors', async () => {
    const job = await data(t.call('POST', '/api/Job', { title: 'Pilot', categoryId: jobCategory, description: '<p>Ships.</p>', status: 'open' }, admin));
    expect(job.updatedBy).toBe('admin');
    const saved = await data(t.call('POST', '/api/Job/Update', { id: job.id, title: 'Harbour pilot', updatedAt: job.updatedAt }, recruiter.token));
    expect(saved.updatedBy).toBe(recruiter.userName);
    expect(await changesOf('Job', job.id)).toEqual([
      ['create', null],
      ['publish', null],
      ['update', ['title']],
    ]);

    await asVisitor('GET', `/api/Job/${job.id}`);
    await asVisitor('POST', '/api/Job/Query', { filters: { categoryId: jobCategory } });
    const latest = await asVisitor('POST', '/api/Job/Latest', {});
    expect(latest.map((item: { id: number }) => item.id)).toContain(job.id);
    await asVisitor('GET', `/api/Job/${job.id}`, undefined, outsider);

    expect((await data(t.call('POST', `/api/Job/${job.id}/Archive`, undefined, admin))).updatedBy).toBe('admin');
    expect((await data(t.call('POST', `/api/Job/${job.id}/Unarchive`, undefined, recruiter.token))).updatedBy).toBe(recruiter.userName);
    const [revision] = (await data(t.call('GET', `/api/Job/${job.id}/Revisions?pageSize=100`, undefined, admin))).items.slice(-1);
    const restored = await data(t.call('POST', `/api/Job/${job.id}/Restore`, { revisionId: revision.id }, admin));
    expect(restored).toMatchObject({ title: 'Pilot', updatedBy: 'admin' });
  });

  it('names whoever restored a news item', async () => {
    const news = await data(t.call('POST', '/api/News', { title: 'First words', content: '<p>One.</p>', categoryId: newsCategory }, admin));
    await data(t.call('POST', '/api/News/Update', { id: news.id, title: 'Second words' }, admin));
    const [revision] = (await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, writer.token))).items;
    const restored = await data(t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: revision.id }, writer.token));
    expect(restored).toMatchObject({ title: 'First words', updatedBy: writer.userName });
    // The revision's own saver is not brought back with it: the restorer saved last.
    expect((await data(t.call('GET', `/api/News/${news.id}`, undefined, admin))).updatedBy).toBe(writer.userName);
  });

  it('names whoever saved or restored the site settings to staff, and never to visitors', async () => {
    const before = await data(t.call('GET', '/api/Site/Edit', undefined, admin));
    expect(before.updatedBy).toBeNull();
    await data(t.call('POST', '/api/Site/Update', { phone: '010-1234-5678', updatedAt: before.updatedAt }, writer.token));
    const refused = await t.call('POST', '/api/Site/Update', { phone: '010-0000-0000', updatedAt: before.updatedAt }, admin);
    expect(refused.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
    expect(await data(t.call('GET', '/api/Site/Edit', undefined, admin))).toMatchObject({ phone: '010-1234-5678', updatedBy: writer.userName });
    for (const locale of ['zh-CN', 'en-US']) {
      expect(await asVisitor('GET', `/api/Site?locale=${locale}`)).toMatchObject({ phone: '010-1234-5678' });
    }

    const [revision] = (await data(t.call('GET', '/api/Site/Revisions', undefined, admin))).items;
    expect(await data(t.call('POST', '/api/Site/Restore', { revisionId: revision.id }, admin))).toMatchObject({ updatedBy: 'admin' });
    // The version the restore replaced is kept with its own saver.
    const [replaced] = (await data(t.call('GET', '/api/Site/Revisions', undefined, admin))).items;
    expect((await data(t.call('GET', `/api/Site/Revisions/${replaced.id}`, undefined, admin))).record.updatedBy).toBe(writer.userName);
  });
});
