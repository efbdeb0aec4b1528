import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import * as migration from './migrations/0027-offices.js';

describe.each(testEngines())('migration 0027 (offices) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('keeps every job\'s free-text location, makes up no office, and then takes offices', async () => {
    const db = t.app.ctx.db.kysely;
    await migration.down(db);
    const now = new Date().toISOString();
    const category = Number((await db.insertInto('job_categories').values({ name: '迁移', sort_order: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    const job = { title: '旧职位', category_id: category, description: '<p>x</p>', requirements: '', department: '', employment_type: 'full-time', headcount: 1, status: 'open', locale: 'zh-CN', created_at: now, updated_at: now };
    // Written as before the migration: no office column yet.
    await db.insertInto('jobs').values({ ...job, location: 'Singapore' } as never).execute();
    await db.insertInto('jobs').values({ ...job, location: '上海' } as never).execute();
    await migration.up(db);
    const rows = await db.selectFrom('jobs').select(['location', 'office_id']).orderBy('id').execute();
    expect(rows.map((row) => [row.location, row.office_id])).toEqual([
      ['Singapore', null],
      ['上海', null],
    ]);
    expect(await db.selectFrom('offices').selectAll().execute()).toEqual([]);
    const office = await db.insertInto('offices').values({ name: '上海', address: '', city: '', sort_order: 0, country: 'CN', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await expect(db.insertInto('offices').values({ name: '上海', address: '', city: '', sort_order: 0, country: 'CN', created_at: now, updated_at: now }).execute()).rejects.toThrow();
    await db.updateTable('jobs').set({ office_id: office.id }).where('location', '=', '上海').execute();
    expect((await db.selectFrom('jobs').select('office_id').where('location', '=', '上海').executeTakeFirstOrThrow()).office_id).toBe(office.id);
  });
});
