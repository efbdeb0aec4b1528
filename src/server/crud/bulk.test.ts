import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX } from '../../shared/bulk.js';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/** Bulk actions on lists (issue 21, docs/decisions/0057): each record as one call would treat it. */
describe.each(testEngines())('bulk actions on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const data = async (method: 'POST' | 'GET', url: string, body?: unknown, token = admin) => {
    const res = await t.call(method, url, body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const audited = async (action: string, entity: string) =>
    ((await data('POST', '/api/AuditLog/Query', { pageSize: 100, filters: { action, entity } })).items as { entityId: string | null }[]).map((entry) => ({ entityId: Number(entry.entityId) }));
  const submitContact = async (name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/ContactInfo', payload: { name, email: `${name}@example.com`, message: 'bulk test' }, remoteAddress: `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })).json().data.id as number;

  it('deletes the ticked records, answering beside them each it refused and why', async () => {
    const category = async (name: string) => (await data('POST', '/api/NewsCategory', { name })).id as number;
    const [free, used, alsoFree] = [await category('批量甲'), await category('批量乙'), await category('批量丙')];
    await data('POST', '/api/News', { title: 'keeps its category', content: '<p>x</p>', categoryId: used });
    const answer = await data('POST', '/api/NewsCategory/Bulk/Delete', { ids: [free, used, 999_999, alsoFree, free] });
    expect(answer).toEqual({
      done: [free, alsoFree],
      refused: [
        { id: used, errorCode: 40009, reason: 'in-use' },
        { id: 999_999, errorCode: 40004, reason: 'record' },
      ],
    });
    expect((await t.call('GET', `/api/NewsCategory/${free}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/NewsCategory/${used}`, undefined, admin)).statusCode).toBe(200);
    // Each delete is in the audit log as one delete would be.
    const deletes = (await audited('delete', 'NewsCategory')).map((entry) => entry.entityId);
    expect(deletes).toEqual(expect.arrayContaining([free, alsoFree]));
    expect(deletes).not.toContain(used);
  });

  it('deletes every record a list query matches, not only its page', async () => {
    const category = (await data('POST', '/api/NewsCategory', { name: '批量新闻' })).id as number;
    for (let i = 0; i < 12; i++) await data('POST', '/api/News', { title: `bulk-matching ${i}`, content: '<p>x</p>', categoryId: category });
    const kept = (await data('POST', '/api/News', { title: 'not matching', content: '<p>x</p>', categoryId: category })).id as number;
    const answer = await data('POST', '/api/News/Bulk/Delete', { matching: { keyword: 'bulk-matching', filters: { categoryId: category }, page: 1, pageSize: 10 } });
    expect(answer.done).toHaveLength(12);
    expect(answer.refused).toEqual([]);
    const left = await data('POST', '/api/News/Query', { filters: { categoryId: category } });
    expect(left.items.map((n: { id: number }) => n.id)).toEqual([kept]);
  });

  it('moves the ticked messages to one status, each move in its history with the note', async () => {
    const ids = [await submitContact('bulka'), await submitContact('bulkb')];
    const answer = await data('POST', '/api/ContactInfo/Bulk/Status', { ids, statusId: 2, note: '批量处理' });
    expect(answer).toEqual({ done: ids, refused: [] });
    for (const id of ids) {
      const record = await data('GET', `/api/ContactInfo/${id}`);
      expect(record.statusId).toBe(2);
      expect(record.history.at(-1)).toMatchObject({ statusId: 2, note: '批量处理', byUserName: 'admin' });
    }
    expect((await audited('status-move', 'ContactInfo')).map((entry) => entry.entityId)).toEqual(expect.arrayContaining(ids));
  });

  it('moves every application or entry a filter matches', async () => {
    const entries = [];
    for (const name of ['bulkjoin1', 'bulkjoin2']) {
      entries.push((await t.app.inject({ method: 'POST', url: '/api/JoinUs', payload: { name, phone: '13800000000', message: 'bulk join', cooperationType: 'other' }, remoteAddress: '10.31.0.1' })).json().data.id);
    }
    const answer = await data('POST', '/api/JoinUs/Bulk/Status', { matching: { keyword: 'bulkjoin', filters: { statusId: 1 } }, statusId: 3 });
    expect(answer.done.sort()).toEqual([...entries].sort());
    expect((await data('POST', '/api/JoinUs/Query', { keyword: 'bulkjoin', filters: { statusId: 3 } })).meta.total).toBe(2);
  });

  it('refuses a selection it cannot take, naming the field', async () => {
    const refused = async (url: string, body: unknown, path: string) => {
      const res = await t.call('POST', url, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.issues[0].path).toBe(path);
      return res.json().data.issues[0];
    };
    expect(await refused('/api/News/Bulk/Delete', {}, 'ids')).toMatchObject({ code: 'one_selection' });
    await refused('/api/News/Bulk/Delete', { ids: [1], matching: {} }, 'ids');
    await refused('/api/News/Bulk/Delete', { ids: [] }, 'ids');
    await refused('/api/News/Bulk/Delete', { ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1) }, 'ids');
    await refused('/api/News/Bulk/Delete', { matching: { filters: { nope: 1 } } }, 'matching.filters.nope');
    await refused('/api/ContactInfo/Bulk/Status', { ids: [1], statusId: 9 }, 'statusId');
  });

  it(`refuses to act on more than ${BULK_MAX} matches at once, acting on none`, async () => {
    const category = (await data('POST', '/api/JobCategory', { name: '批量职位' })).id as number;
    const now = new Date().toISOString();
    const rows = Array.from({ length: BULK_MAX + 1 }, (_, i) => ({
      title: `many ${i}`, category_id: category, department: '', location: '', employment_type: 'full-time' as const, headcount: 1,
      salary_min: null, salary_max: null, salary_currency: 'CNY' as const, salary_period: 'month' as const, description: '<p>x</p>', requirements: '',
      status: 'draft' as const, published_at: null, closes_at: null, locale: 'zh-CN' as const, created_at: now, updated_at: now,
    }));
    await t.app.ctx.db.kysely.insertInto('jobs').values(rows).execute();
    const res = await t.call('POST', '/api/Job/Bulk/Delete', { matching: { filters: { categoryId: category } } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues[0]).toMatchObject({ path: 'matching', code: 'too_many_selected', params: { total: BULK_MAX + 1, maximum: BULK_MAX } });
    expect((await data('POST', '/api/Job/Query', { filters: { categoryId: category } })).meta.total).toBe(BULK_MAX + 1);
  });

  it('exports the ticked records as CSV, in the order given, recorded in the audit log', async () => {
    const ids = [await submitContact('exporta'), await submitContact('exportb'), await submitContact('exportc')];
    const res = await t.call('POST', '/api/ContactInfo/Bulk/Export', { ids: [ids[2], ids[0], 999_999] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('exportc');
    expect(lines[2]).toContain('exporta');
    expect(res.body).not.toContain('exportb');
    expect((await audited('csv-export', 'ContactInfo')).length).toBeGreaterThan(0);
  });

  it('checks the module on the server: signed out 401, another module 403', async () => {
    const editor = await buildUser(t, admin, ['editor']);
    const service = await buildUser(t, admin, ['service']);
    expect((await t.call('POST', '/api/ContactInfo/Bulk/Status', { ids: [1], statusId: 2 })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/ContactInfo/Bulk/Status', { ids: [1], statusId: 2 }, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/ContactInfo/Bulk/Export', { ids: [1] }, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/News/Bulk/Delete', { ids: [1] }, service.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/JobApplication/Bulk/Status', { ids: [1], statusId: 2 }, service.token)).statusCode).toBe(403);
  });
});
