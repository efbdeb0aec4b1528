import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** What every database a test run creates on PostgreSQL is named after. */
const PREFIX = 'portico_test_';

/**
 * The environment variable that carries this run's own prefix to its test files: set by the test
 * run's global setup (global-setup.ts) before the test processes start, which inherit it.
 */
export const RUN_VARIABLE = 'PORTICO_TEST_RUN';

/** A prefix for one run: unique to it, so that a run drops only its own databases, never another's running beside it. */
export const newRunPrefix = () => `${PREFIX}${Date.now().toString(36)}${randomBytes(2).toString('hex')}_`;

/** This run's prefix; outside a test run (the fuzz's own command), one of its own. */
const runPrefix = () => (process.env[RUN_VARIABLE] ??= newRunPrefix());

/** Runs `work` on one administrative connection to `url`, closed afterwards. */
async function onAdminConnection<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  // `drop database if exists` reports a notice when there is nothing to drop: not for the test log.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database beside the one `TEST_DATABASE_URL` names, for the caller to drop. What
 * a test leaves behind (one that failed before it could drop its database, a run stopped midway)
 * carries the run's prefix, and the run's end drops it (`dropRunDatabases`).
 */
export async function createTestDatabase(label = ''): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${runPrefix()}${label}${randomBytes(3).toString('hex')}`;
  await onAdminConnection(adminUrl, async (sql) => {
    await sql`create database ${sql(name)}`;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onAdminConnection(adminUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`);
    },
  };
}

/** Drops every database of the run `prefix` names; answers their names. */
export async function dropRunDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  return onAdminConnection(adminUrl, async (sql) => {
    // `_` is a wildcard of LIKE: the prefix is compared as it is written.
    const names = (await sql<{ datname: string }[]>`select datname from pg_database where left(datname, ${prefix.length}) = ${prefix}`).map((row) => row.datname);
    for (const name of names) await sql`drop database if exists ${sql(name)} with (force)`;
    return names;
  });
}
