import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { RUN_VARIABLE, createTestDatabase, dropRunDatabases, newRunPrefix } from './test-databases.js';

/**
 * Each test run creates its PostgreSQL databases under a prefix of its own and drops, at its end,
 * any that a test left behind (global-setup.ts): only its own, never those of a run beside it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the test run\'s PostgreSQL databases', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  afterAll(() => admin.end());
  const exists = async (name: string) => (await admin`select 1 from pg_database where datname = ${name}`).length === 1;

  it('are named after the run, whose prefix the global setup gave every test process', async () => {
    const prefix = process.env[RUN_VARIABLE];
    expect(prefix).toMatch(/^portico_test_[0-9a-z]+_$/);
    const database = await createTestDatabase('probe_');
    const name = new URL(database.url).pathname.slice(1);
    expect(name.startsWith(`${prefix}probe_`)).toBe(true);
    expect(await exists(name)).toBe(true);
    await database.drop();
    expect(await exists(name)).toBe(false);
  });

  it('are dropped at the run\'s end by their prefix alone, the rest left as they are', async () => {
    const ours = newRunPrefix();
    const theirs = newRunPrefix();
    // The same text but for the prefix's last `_`, which LIKE would take for any character.
    const lookalike = `${ours.slice(0, -1)}x0`;
    const names = [`${ours}a`, `${ours}b`, `${theirs}a`, lookalike];
    for (const name of names) await admin`create database ${admin(name)}`;
    try {
      expect((await dropRunDatabases(adminUrl, ours)).sort()).toEqual([`${ours}a`, `${ours}b`]);
      expect(await Promise.all(names.map(exists))).toEqual([false, false, true, true]);
    } finally {
      for (const name of names) await admin`drop database if exists ${admin(name)} with (force)`;
    }
  });
});
