import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/** Revisions, compare data, restore and edit conflicts (docs/decisions/0037), on both engines. */
describe.each(testEngines())('revisions and edit conflicts on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let marketing: string;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    hr = (await buildUser(t, admin, ['hr'])).token;
    marketing = (await buildUser(t, admin, ['marketing'])).token;
    categoryId = (await t.call('POST', '/api/NewsCategory', { name: 'Revisions' }, admin)).json().data.id;
  });
  afterAll(() => t?.close());

  const data = async (res: ReturnType<TestApp['call']>) => (await res).json().data;
  const newNews = (title: string) => data(t.call('POST', '/api/News', { title, content: '<p>First words</p>', categoryId }, admin));
  const auditOf = (entity: string, entityId: string | number) =>
    t.app.ctx.db.kysely.selectFrom('audit_events').select(['action', 'user_name']).where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('id').execute();

  describe('news', () => {
    it('keeps the version each save replaced, newest first, paged, with who and when', async () => {
      const news = await newNews('Version one');
      expect((await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin))).items).toEqual([]);
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'Version two' }, admin);
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'Version three', content: '<p>Second words</p>' }, admin);
      const list = await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin));
      expect(list.meta).toEqual({ page: 1, pageSize: 10, total: 2 });
      expect(list.items.map((item: { summary: string }) => item.summary)).toEqual(['Version two', 'Version one']);
      expect(list.items[0]).toMatchObject({ userName: 'admin', userId: expect.any(Number), createdAt: expect.any(String) });
      expect(list.items[0]).not.toHaveProperty('record');
      const paged = await data(t.call('GET', `/api/News/${news.id}/Revisions?page=2&pageSize=1`, undefined, admin));
      expect(paged.items.map((item: { summary: string }) => item.summary)).toEqual(['Version one']);
      expect(paged.meta).toEqual({ page: 2, pageSize: 1, total: 2 });

      const oldest = await data(t.call('GET', `/api/News/${news.id}/Revisions/${list.items[1].id}`, undefined, admin));
      expect(oldest).toMatchObject({ entity: 'News', recordKey: String(news.id), record: { id: news.id, title: 'Version one', content: '<p>First words</p>', categoryId } });
    });

    it('names each version by whoever made it and when, not by whoever saved over it', async () => {
      const editor = await buildUser(t, admin, ['marketing']);
      const news = await newNews('By the administrator');
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'By the editor' }, editor.token);
      const edited = await data(t.call('GET', `/api/News/${news.id}`, undefined, admin));
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'By the administrator again' }, admin);
      const { items } = await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin));
      expect(items.map((item: { summary: string; userName: string }) => [item.summary, item.userName])).toEqual([
        ['By the editor', editor.userName],
        ['By the administrator', 'admin'],
      ]);
      // Each version is dated when it was made: the editor's when the editor saved it.
      expect(Date.parse(items[0].createdAt)).toBeLessThanOrEqual(Date.parse(edited.updatedAt) + 1000);
      expect(Date.parse(items[1].createdAt)).toBeLessThanOrEqual(Date.parse(items[0].createdAt));
    });

    it('keeps the version a job had before it was archived, and names who archived it', async () => {
      const jobCategory = (await t.call('POST', '/api/JobCategory', { name: 'Revisions' }, admin)).json().data.id;
      const job = await data(t.call('POST', '/api/Job', { title: 'Archived role', categoryId: jobCategory, description: '<p>Role</p>', status: 'open' }, admin));
      const archiver = await buildUser(t, admin, ['hr']);
      expect((await t.call('POST', `/api/Job/${job.id}/Archive`, undefined, archiver.token)).statusCode).toBe(200);
      await t.call('POST', '/api/Job/Update', { id: job.id, title: 'Archived role, renamed' }, admin);
      const { items } = await data(t.call('GET', `/api/Job/${job.id}/Revisions`, undefined, admin));
      expect(items.map((item: { summary: string; userName: string }) => [item.summary, item.userName])).toEqual([
        ['Archived role', archiver.userName],
        ['Archived role', 'admin'],
      ]);
      const archived = await data(t.call('GET', `/api/Job/${job.id}/Revisions/${items[0].id}`, undefined, admin));
      const before = await data(t.call('GET', `/api/Job/${job.id}/Revisions/${items[1].id}`, undefined, admin));
      expect([archived.record.archived, before.record.archived]).toEqual([true, false]);
    });

    it('restores a version as a new one: the current one is kept first, and the restore is in the audit log', async () => {
      const news = await newNews('Original');
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'Edited', content: '<p>Edited words</p>' }, admin);
      const [original] = (await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin))).items;
      const restored = await t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: original.id }, admin);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data).toMatchObject({ id: news.id, title: 'Original', content: '<p>First words</p>' });
      const now = await data(t.call('GET', `/api/News/${news.id}`, undefined, admin));
      expect(now).toMatchObject({ title: 'Original', content: '<p>First words</p>', categoryId });
      const list = (await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin))).items;
      expect(list.map((item: { summary: string }) => item.summary)).toEqual(['Edited', 'Original']);
      expect((await auditOf('News', news.id)).map((entry) => entry.action)).toEqual(['create', 'update', 'restore']);
    });

    it('answers 404 for a revision of another record, an unknown one, or of a record that does not exist', async () => {
      const a = await newNews('Record A');
      const b = await newNews('Record B');
      await t.call('POST', '/api/News/Update', { id: a.id, title: 'Record A, edited' }, admin);
      const [revisionOfA] = (await data(t.call('GET', `/api/News/${a.id}/Revisions`, undefined, admin))).items;
      expect((await t.call('GET', `/api/News/${b.id}/Revisions/${revisionOfA.id}`, undefined, admin)).json().errorCode).toBe(40004);
      const restore = await t.call('POST', `/api/News/${b.id}/Restore`, { revisionId: revisionOfA.id }, admin);
      expect([restore.statusCode, restore.json().errorCode]).toEqual([404, 40004]);
      expect((await data(t.call('GET', `/api/News/${b.id}`, undefined, admin))).title).toBe('Record B');
      expect((await t.call('GET', `/api/News/${a.id}/Revisions/999999`, undefined, admin)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/News/999999/Revisions`, undefined, admin)).statusCode).toBe(404);
      // A job's revision is not a news item's, even where the ids meet.
      expect((await t.call('GET', `/api/Job/${a.id}/Revisions/${revisionOfA.id}`, undefined, admin)).statusCode).toBe(404);
    });

    it('answers 403 without the module and 401 without a session', async () => {
      const news = await newNews('Guarded');
      expect((await t.call('GET', `/api/News/${news.id}/Revisions`, undefined, hr)).statusCode).toBe(403);
      expect((await t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: 1 }, hr)).statusCode).toBe(403);
      expect((await t.call('GET', `/api/News/${news.id}/Revisions`)).statusCode).toBe(401);
    });

    it('validates the page and the restore body', async () => {
      const news = await newNews('Validated');
      expect((await t.call('GET', `/api/News/${news.id}/Revisions?pageSize=1000`, undefined, admin)).statusCode).toBe(400);
      expect((await t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: 'x' }, admin)).statusCode).toBe(400);
      expect((await t.call('POST', `/api/News/${news.id}/Restore`, { revisionId: 1, extra: 1 }, admin)).statusCode).toBe(400);
    });

    it('refuses a stale update with 409 stale and keeps the record; without updatedAt it saves as before', async () => {
      const news = await newNews('Shared');
      const first = await t.call('POST', '/api/News/Update', { id: news.id, title: 'Saved first', updatedAt: news.updatedAt }, admin);
      expect(first.statusCode).toBe(200);
      const second = await t.call('POST', '/api/News/Update', { id: news.id, title: 'Saved second', updatedAt: news.updatedAt }, admin);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ isSuccess: false, errorCode: 40009, data: { reason: 'stale' } });
      expect((await data(t.call('GET', `/api/News/${news.id}`, undefined, admin))).title).toBe('Saved first');
      // The refused save kept no revision.
      expect((await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin))).meta.total).toBe(1);
      const current = first.json().data;
      expect((await t.call('POST', '/api/News/Update', { id: news.id, title: 'Based on the latest', updatedAt: current.updatedAt }, admin)).statusCode).toBe(200);
      expect((await t.call('POST', '/api/News/Update', { id: news.id, title: 'No base given' }, admin)).json().data.title).toBe('No base given');
    });

    it('deletes a record\'s revisions with it', async () => {
      const news = await newNews('Short-lived');
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'Short-lived, edited' }, admin);
      await t.call('DELETE', `/api/News/${news.id}`, undefined, admin);
      const left = await t.app.ctx.db.kysely.selectFrom('revisions').select('id').where('entity', '=', 'News').where('record_key', '=', String(news.id)).execute();
      expect(left).toEqual([]);
    });
  });

  it('keeps and restores versions of jobs, and refuses a stale job update', async () => {
    const jobCategory = (await data(t.call('POST', '/api/JobCategory', { name: 'Revision jobs' }, admin))).id;
    const job = await data(t.call('POST', '/api/Job', { title: 'Welder', categoryId: jobCategory, description: '<p>Weld</p>' }, hr));
    await t.call('POST', '/api/Job/Update', { id: job.id, title: 'Senior welder' }, hr);
    const [first] = (await data(t.call('GET', `/api/Job/${job.id}/Revisions`, undefined, hr))).items;
    expect(first).toMatchObject({ summary: 'Welder' });
    expect((await data(t.call('POST', `/api/Job/${job.id}/Restore`, { revisionId: first.id }, hr))).title).toBe('Welder');
    expect((await t.call('GET', `/api/Job/${job.id}/Revisions`, undefined, marketing)).statusCode).toBe(403);
    const stale = await t.call('POST', '/api/Job/Update', { id: job.id, title: 'Too late', updatedAt: job.updatedAt }, hr);
    expect(stale.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
  });

  it('refuses a stale category update too', async () => {
    const category = await data(t.call('POST', '/api/NewsCategory', { name: 'Stale category' }, admin));
    await t.call('POST', '/api/NewsCategory/Update', { id: category.id, name: 'Renamed' }, admin);
    const stale = await t.call('POST', '/api/NewsCategory/Update', { id: category.id, name: 'Renamed again', updatedAt: category.updatedAt }, admin);
    expect(stale.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
  });

  describe('pages', () => {
    it('keeps versions of a page\'s draft, restores one, refuses a stale save, and 404s a foreign revision', async () => {
      const before = await data(t.call('GET', '/api/Page/about?draft=1', undefined, marketing));
      const saved = await t.call('POST', '/api/Page/Update', { key: 'about', title: { 'zh-CN': '关于（新）', 'en-US': 'About (new)' }, updatedAt: before.updatedAt }, marketing);
      expect(saved.statusCode).toBe(200);
      const list = await data(t.call('GET', '/api/Page/about/Revisions', undefined, marketing));
      expect(list.meta.total).toBe(1);
      const revision = await data(t.call('GET', `/api/Page/about/Revisions/${list.items[0].id}`, undefined, marketing));
      expect(revision.record.title).toEqual(before.title);
      expect(revision.record.blocks).toEqual(before.blocks);

      const stale = await t.call('POST', '/api/Page/Update', { key: 'about', title: { 'zh-CN': '晚了', 'en-US': 'Too late' }, updatedAt: before.updatedAt }, marketing);
      expect(stale.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
      expect((await data(t.call('GET', '/api/Page/about?draft=1', undefined, marketing))).title).toEqual({ 'zh-CN': '关于（新）', 'en-US': 'About (new)' });

      const restored = await t.call('POST', '/api/Page/about/Restore', { revisionId: list.items[0].id }, marketing);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().data.title).toEqual(before.title);
      expect((await data(t.call('GET', '/api/Page/about/Revisions', undefined, marketing))).meta.total).toBe(2);
      expect((await auditOf('Page', 'about')).map((entry) => entry.action)).toContain('restore');

      expect((await t.call('GET', `/api/Page/home/Revisions/${list.items[0].id}`, undefined, marketing)).statusCode).toBe(404);
      expect((await t.call('GET', '/api/Page/nowhere/Revisions', undefined, marketing)).statusCode).toBe(404);
      expect((await t.call('GET', '/api/Page/about/Revisions', undefined, hr)).statusCode).toBe(403);
      expect((await t.call('POST', '/api/Page/Update', { key: 'about', description: { 'zh-CN': '无基准', 'en-US': 'No base' } }, marketing)).statusCode).toBe(200);
    });
  });

  describe('site settings', () => {
    it('keeps versions of the settings, restores one, refuses a stale save, and 404s a foreign revision', async () => {
      const before = await data(t.call('GET', '/api/Site/Edit', undefined, marketing));
      const first = await t.call('POST', '/api/Site/Update', { phone: '010-1111-1111', updatedAt: before.updatedAt }, marketing);
      expect(first.statusCode).toBe(200);
      await t.call('POST', '/api/Site/Update', { phone: '010-2222-2222' }, marketing);
      const list = await data(t.call('GET', '/api/Site/Revisions', undefined, marketing));
      expect(list.meta.total).toBe(2);
      const older = await data(t.call('GET', `/api/Site/Revisions/${list.items[0].id}`, undefined, marketing));
      expect(older.record.phone).toBe('010-1111-1111');

      const stale = await t.call('POST', '/api/Site/Update', { phone: '010-3333-3333', updatedAt: first.json().data.updatedAt }, marketing);
      expect(stale.json()).toMatchObject({ errorCode: 40009, data: { reason: 'stale' } });
      expect((await data(t.call('GET', '/api/Site/Edit', undefined, marketing))).phone).toBe('010-2222-2222');

      const restored = await data(t.call('POST', '/api/Site/Restore', { revisionId: list.items[0].id }, marketing));
      expect(restored.phone).toBe('010-1111-1111');
      expect((await data(t.call('GET', '/api/Site?locale=en-US'))).phone).toBe('010-1111-1111');
      expect((await auditOf('Site', 1)).map((entry) => entry.action)).toContain('restore');

      const news = await newNews('Not a setting');
      await t.call('POST', '/api/News/Update', { id: news.id, title: 'Still not a setting' }, admin);
      const [newsRevision] = (await data(t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin))).items;
      expect((await t.call('GET', `/api/Site/Revisions/${newsRevision.id}`, undefined, admin)).statusCode).toBe(404);
      expect((await t.call('POST', '/api/Site/Restore', { revisionId: newsRevision.id }, admin)).statusCode).toBe(404);
      expect((await t.call('GET', '/api/Site/Revisions', undefined, hr)).statusCode).toBe(403);
    });
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/docs/openapi.json')).json();
    const paths = Object.keys(doc.paths ?? {});
    for (const path of ['/api/News/{id}/Revisions', '/api/News/{id}/Revisions/{revisionId}', '/api/News/{id}/Restore', '/api/Page/{key}/Restore', '/api/Site/Revisions', '/api/Site/Restore', '/api/Job/{id}/Restore']) {
      expect(paths).toContain(path);
    }
  });
});
