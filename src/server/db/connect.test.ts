import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SQLITE_DRIVER, connect } from './connect.js';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { postgresDialects } from './postgres.js';
import type { Database } from './schema.js';

const onPostgres = testEngines().includes('postgres');

/**
 * The app's database, on one connection throughout: SQLite has only one, and on PostgreSQL a pool of
 * one session makes every statement meet the session where it was prepared.
 */
function oneConnection(t: TestApp): { db: Kysely<Database>; close: () => Promise<void> } {
  const database = t.app.ctx.config.database;
  if (database.kind === 'sqlite') return { db: t.app.ctx.db.kysely, close: async () => {} };
  const db = new Kysely<Database>({ dialect: postgresDialects(database.url, { max: 1 }).sessions });
  return { db, close: () => db.destroy() };
}

describe.each(testEngines())('kept statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('reads what a table holds after a change to its columns, through statements kept from before', async () => {
    const { db, close } = oneConnection(t);
    try {
      await sql`create table shape_change (a integer)`.execute(db);
      await sql`insert into shape_change values (1)`.execute(db);
      const read = () => db.selectFrom('shape_change' as never).selectAll().execute();
      expect(await read()).toEqual([{ a: 1 }]);
      await sql`alter table shape_change add column b integer default 2`.execute(db);
      expect(await read()).toEqual([{ a: 1, b: 2 }]);
      await sql`alter table shape_change rename column a to c`.execute(db);
      expect(await read()).toEqual([{ c: 1, b: 2 }]);
    } finally {
      await close();
    }
  });
});

/** A SQLite database in a folder of its own, removed afterwards. */
async function withSqlite(work: (db: ReturnType<typeof connect>) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-driver-'));
  const db = connect({ kind: 'sqlite', file: path.join(dir, 'portico.db') });
  try {
    await work(db);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Node-API 10 came with Node 22.14; Node 20 never has it (docs/decisions/0031-node-24.md).
const hasNodeApi10 = Number(process.versions.napi) >= 10;
const [usedDriver, otherDriver] = hasNodeApi10 ? ['better-sqlite3-napi', 'better-sqlite3'] : ['better-sqlite3', 'better-sqlite3-napi'];

describe(`the SQLite driver on Node ${process.versions.node} (Node-API ${process.versions.napi})`, () => {
  const require = createRequire(import.meta.url);
  /** The folder a driver is installed in, found without loading it. */
  const folderOf = (name: string) => path.dirname(require.resolve(`${name}/package.json`)) + path.sep;

  it(`is ${usedDriver} (better-sqlite3 ${hasNodeApi10 ? 13 : 12}), and ${otherDriver} is never loaded`, async () => {
    expect(SQLITE_DRIVER).toBe(usedDriver);
    await withSqlite(async (db) => {
      expect((await sql<{ n: number }>`select 1 as n`.execute(db.kysely)).rows).toEqual([{ n: 1 }]);
    });
    const used = folderOf(usedDriver);
    const other = folderOf(otherDriver);
    const version = JSON.parse(fs.readFileSync(path.join(used, 'package.json'), 'utf8')).version as string;
    expect(version.split('.')[0]).toBe(hasNodeApi10 ? '13' : '12');
    const modules = Object.keys(require.cache);
    expect(modules.filter((file) => file.startsWith(used))).not.toEqual([]);
    expect(modules.filter((file) => file.startsWith(other))).toEqual([]);
    // The native addon too: the shared objects this process has mapped.
    if (fs.existsSync('/proc/self/maps')) {
      const maps = fs.readFileSync('/proc/self/maps', 'utf8');
      expect(maps).toContain(used);
      expect(maps).not.toContain(other);
    }
  });

  it('runs thousands of statements that the garbage collector frees, which aborted Node 24 with better-sqlite3 12', () => {
    // In a process of its own, through connect(): the abort takes the whole process down.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-driver-'));
    const script = `
      import { sql } from 'kysely';
      import { connect } from './src/server/db/connect.ts';
      const db = connect({ kind: 'sqlite', file: process.argv[1] });
      // Far more distinct statements than the connection keeps (256): the others are freed.
      for (let i = 0; i < 5000; i++) await sql\`select \${sql.lit(i)} as n\`.execute(db.kysely);
      await db.close();
      console.log('done');
    `;
    try {
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, path.join(dir, 'portico.db')], {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.stderr).not.toContain('Assertion failed');
      expect({ status: child.status, signal: child.signal, stdout: child.stdout.trim() }).toEqual({ status: 0, signal: null, stdout: 'done' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('durability on sqlite', () => {
  it('syncs the write-ahead log at every commit, so an acknowledged write survives a power loss', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-sync-'));
    const db = connect({ kind: 'sqlite', file: path.join(dir, 'portico.db') });
    try {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(rows[0].journal_mode).toBe('wal');
      // 2 is FULL; NORMAL (1) syncs the log only at checkpoints, losing the last commits on power loss.
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
      expect(Number(sync.rows[0].synchronous)).toBe(2);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('statistics on sqlite', () => {
  it("keeps ANALYZE's row counts and drops its value samples, which had kept statements prepared again on every call", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-stat4-'));
    try {
      const file = path.join(dir, 'portico.db');
      const counts = async (db: Kysely<Database>) => {
        const { rows } = await sql<{ stat1: number; stat4: number }>`
          select (select count(*) from sqlite_stat1) as stat1, (select count(*) from sqlite_stat4) as stat4
        `.execute(db);
        return rows[0];
      };
      const first = connect({ kind: 'sqlite', file });
      await sql`create table skewed (id integer primary key, status integer not null, name text not null)`.execute(first.kysely);
      await sql`create index skewed_status on skewed (status, name)`.execute(first.kysely);
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into skewed (status, name) select case when i % 10 = 0 then 2 else 1 end, 'name ' || i from n
      `.execute(first.kysely);
      await sql`analyze`.execute(first.kysely);
      // What an operator's ANALYZE leaves: the counts, and samples of the values.
      const analyzed = await counts(first.kysely);
      expect(analyzed.stat1).toBeGreaterThan(0);
      expect(analyzed.stat4).toBeGreaterThan(0);
      await first.close();

      const reopened = connect({ kind: 'sqlite', file });
      try {
        expect(await counts(reopened.kysely)).toEqual({ stat1: analyzed.stat1, stat4: 0 });
        const { rows } = await sql<{ n: number }>`select count(*) as n from skewed where status = ${2}`.execute(reopened.kysely);
        expect(rows[0].n).toBe(200);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('prepared statements on postgres', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    ({ db, close } = oneConnection(t));
  });
  afterAll(async () => {
    await close();
    await t.close();
  });

  /** The statements prepared on the one connection. */
  const prepared = async () =>
    (await sql<{ statement: string; generic_plans: number }>`select statement, generic_plans from pg_prepared_statements`.execute(db)).rows;

  it('prepares a read once per connection and reuses it, with a generic plan for a first page', async () => {
    const read = (id: number) => db.selectFrom('news').select(['id', 'title']).where('id', '=', id).limit(sql.lit(5)).execute();
    for (let id = 1; id <= 8; id++) await read(id);
    const mine = (await prepared()).filter((p) => p.statement.includes('from "news"') && p.statement.includes('limit 5'));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
  });

  it('prepares a read without parameters too', async () => {
    for (let i = 0; i < 6; i++) await db.selectFrom('news_categories').select('id').orderBy('id').limit(sql.lit(7)).execute();
    const mine = (await prepared()).filter((p) => p.statement.includes('from "news_categories"') && p.statement.includes('limit 7'));
    expect(mine).toHaveLength(1);
    expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
  });

  it('prepares a write too, but not a change to the schema', async () => {
    await sql`create table if not exists prepared_write (a integer)`.execute(db);
    for (let a = 1; a <= 3; a++) await db.insertInto('prepared_write' as never).values({ a } as never).execute();
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements.filter((s) => s.startsWith('insert into "prepared_write"'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('create table'))).toHaveLength(0);
  });

  it('answers a count as a number', async () => {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from users`.execute(t.app.ctx.db.kysely);
    expect(rows[0].n).toBe(1);
  });

  it('prepares nothing inside a transaction, which keeps one session from begin to commit', async () => {
    const isMine = (p: { statement: string }) => p.statement.includes('"user_name_key" = $1');
    const read = (trx: Kysely<Database>) => trx.selectFrom('users').select('user_name').where('user_name_key', '=', 'in-transaction').execute();
    await db.transaction().execute(async (trx) => {
      await read(trx);
      expect((await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.filter(isMine)).toHaveLength(0);
    });
    await read(db);
    expect((await prepared()).filter(isMine)).toHaveLength(1);
  });

  it('refuses a second query on one connection outside a transaction, where no session is kept', async () => {
    const app = t.app.ctx.db.kysely;
    await expect(
      app.connection().execute(async (conn) => {
        await sql`select 1`.execute(conn);
        await sql`select 2`.execute(conn);
      }),
    ).rejects.toThrow(/keeps no session/);
    const sessions = t.app.ctx.db.sessions;
    const pids = await sessions.connection().execute(async (conn) => {
      const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0].pid;
      return [await pid(), await pid(), await pid()];
    });
    expect(new Set(pids).size).toBe(1);
  });

  it('keeps DATABASE_POOL_SIZE connections, 4 unless told otherwise', async () => {
    const url = (t.app.ctx.config.database as { url: string }).url;
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url, poolSize: 4 });
    for (const poolSize of [2, 4]) {
      const config = loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) }).database;
      const pool = connect(config);
      try {
        // Calls that each hold their connection for a moment, far more of them than connections.
        const pids = await Promise.all(
          Array.from({ length: 24 }, async () =>
            (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.02)`.execute(pool.kysely)).rows[0].pid,
          ),
        );
        expect(new Set(pids).size).toBe(poolSize);
      } finally {
        await pool.close();
      }
    }
  });

  it('keeps a transaction to its own session while other calls run beside it', async () => {
    const app = t.app.ctx.db.kysely;
    const pid = async (q: Kysely<Database>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(q)).rows[0].pid;
    await app.transaction().execute(async (trx) => {
      const own = await pid(trx);
      await Promise.all(Array.from({ length: 20 }, () => pid(app)));
      expect(await pid(trx)).toBe(own);
    });
  });
});
