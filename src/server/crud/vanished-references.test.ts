import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/error-handler.js';
import { newsResource } from '../resources/content/news.js';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import type { ResourceDef } from './definition.js';
import { createRecord, updateRecord } from './operations.js';
import type { AuditActor } from '../audit/record.js';

const STAFF: AuditActor = { userId: null, userName: 'test', clientAddress: '127.0.0.1', userAgent: null };

/**
 * A write whose reference is deleted by another request after the handler checked it (the fuzz found
 * this: a news saved while its category was deleted answered 500). The database's refusal is turned
 * into the answer the write would have had a moment later.
 */
describe.each(testEngines())('a reference deleted between its check and the write on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const newCategory = async (name: string) => {
    const now = new Date().toISOString();
    const row = await t.app.ctx.db.kysely
      .insertInto('news_categories')
      .values({ name, sort_order: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  /** The news resource, with the category deleted just after its first check found it. */
  const racing = (categoryId: number): ResourceDef<unknown> => {
    let first = true;
    return {
      ...newsResource,
      checkReferences: async (db, fields) => {
        await newsResource.checkReferences!(db, fields);
        if (!first) return;
        first = false;
        await db.deleteFrom('news_categories').where('id', '=', categoryId).execute();
      },
    } as ResourceDef<unknown>;
  };

  const countNews = async () => Number((await t.app.ctx.db.kysely.selectFrom('news').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers a create with 400 on the field, and stores nothing', async () => {
    const categoryId = await newCategory('Gone before the insert');
    const before = await countNews();
    await expect(createRecord(t.app.ctx, racing(categoryId), { title: 'Late', content: '<p>x</p>', categoryId }, null)).rejects.toMatchObject({
      errorCode: 40000,
      data: { issues: [{ path: 'categoryId', message: 'No such news category' }] },
    });
    expect(await countNews()).toBe(before);
  });

  it('answers an update with 400 on the field, and keeps the record as it was', async () => {
    const kept = await newCategory('Kept');
    const gone = await newCategory('Gone before the update');
    const news = (await createRecord(t.app.ctx, newsResource, { title: 'Stays', content: '<p>x</p>', categoryId: kept }, null)) as { id: number };
    await expect(updateRecord(t.app.ctx, racing(gone), { id: news.id, categoryId: gone }, STAFF)).rejects.toMatchObject({
      errorCode: 40000,
      data: { issues: [{ path: 'categoryId' }] },
    });
    const row = await t.app.ctx.db.kysely.selectFrom('news').select('category_id').where('id', '=', news.id).executeTakeFirstOrThrow();
    expect(Number(row.category_id)).toBe(kept);
  });
});

describe('a foreign-key refusal no handler answered', () => {
  it('is a 409 whose reason says what it refers to is gone, not a 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    for (const code of ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
      app.post(`/write-${code}`, async () => {
        throw Object.assign(new Error('insert or update violates foreign key constraint'), { code });
      });
    }
    for (const code of ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
      const res = await app.inject({ method: 'POST', url: `/write-${code}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ isSuccess: false, errorCode: 40009, message: 'Something this refers to was deleted meanwhile', data: { reason: 'gone' } });
    }
    await app.close();
  });
});
