import { describe, expect, it } from 'vitest';
import { RoleCache, grantsOfColumn } from './role-cache.js';
import type { KyselyDb } from '../db/schema.js';

/** A database that answers the custom roles' rows and counts how often it is asked. */
function fakeDb(rows: { key: string; grants: string }[]) {
  const db = { reads: 0, rows };
  const chain = { select: () => chain, where: () => chain, execute: async () => (db.reads++, db.rows) };
  return { db, kysely: { selectFrom: () => chain } as unknown as KyselyDb };
}

describe('the role cache', () => {
  it('reads the custom roles once, until a role changes', async () => {
    const { db, kysely } = fakeDb([{ key: 'jobs-only', grants: '{"jobs":"write"}' }]);
    const cache = new RoleCache();
    expect(await cache.grants(kysely)).toEqual({ 'jobs-only': { jobs: 'write' } });
    await cache.grants(kysely);
    expect(db.reads).toBe(1);
    db.rows = [{ key: 'jobs-only', grants: '{"jobs":"read"}' }];
    cache.forget();
    expect(await cache.grants(kysely)).toEqual({ 'jobs-only': { jobs: 'read' } });
    expect(db.reads).toBe(2);
  });

  it('keeps no answer read while a change raced it, nor while bypassed, nor past its age', async () => {
    const { db, kysely } = fakeDb([]);
    let bypassed = true;
    const cache = new RoleCache(() => bypassed, 1_000_000);
    await cache.grants(kysely);
    await cache.grants(kysely);
    expect(db.reads).toBe(2);
    bypassed = false;
    const racing = cache.grants(kysely);
    cache.forget();
    await racing;
    expect(cache.isKept).toBe(false);
    const aged = new RoleCache(() => false, -1);
    await aged.grants(kysely);
    await aged.grants(kysely);
    expect(db.reads).toBe(5);
  });

  it('reads only known modules and accesses from a stored column', () => {
    expect(grantsOfColumn('{"jobs":"write","news":"admin","payroll":"read"}')).toEqual({ jobs: 'write' });
    expect(grantsOfColumn('not json')).toEqual({});
    expect(grantsOfColumn(null)).toEqual({});
  });
});
