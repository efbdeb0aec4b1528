import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import * as migration from './migrations/0012-unique-category-names.js';

describe.each(testEngines())('migration 0012 (unique category names) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('keeps the oldest name of a duplicate, renames the later ones, and then refuses duplicates', async () => {
    const db = t.app.ctx.db.kysely;
    await migration.down(db);
    const now = new Date().toISOString();
    const add = async (name: string) =>
      Number((await db.insertInto('news_categories').values({ name, sort_order: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const first = await add('Twins');
    const second = await add('twins');
    const third = await add('TWINS');
    const alone = await add('Alone');
    await migration.up(db);
    const names = Object.fromEntries((await db.selectFrom('news_categories').select(['id', 'name']).execute()).map((r) => [Number(r.id), r.name]));
    expect(names[first]).toBe('Twins');
    expect(names[second]).toBe(`twins (${second})`);
    expect(names[third]).toBe(`TWINS (${third})`);
    expect(names[alone]).toBe('Alone');
    await expect(add('tWiNs')).rejects.toThrow();
  });
});
