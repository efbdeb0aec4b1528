import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../config.js';
import { recentlyUsed } from '../recently-used.js';
import { postgresDialects } from './postgres.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  /**
   * The same database where `connection()` keeps one session throughout, for the migrator's lock.
   * On PostgreSQL, `kysely` keeps a session only inside a transaction (see `postgres.ts`).
   */
  sessions: Kysely<Database>;
  engine: Engine;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The better-sqlite3 this Node needs (docs/decisions/0031-node-24.md). Up to version 12 it is built
 * on Node's C++ object wrapper, which Node 24 changed: there a statement freed by the garbage
 * collector aborts the process. Version 13 is built on Node-API 10 and fixes that, but crashes on a
 * Node without Node-API 10 (Node 20, and 22 before 22.14), where 12 runs. Both are dependencies (13
 * under the alias `better-sqlite3-napi`), and only the one for the running Node is ever loaded.
 * They have one API, typed by `@types/better-sqlite3`.
 */
export const SQLITE_DRIVER = Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

let SqliteDatabase: typeof SQLite | undefined;

/** Loaded on the first SQLite connection: an instance on PostgreSQL never loads either. */
function openSqlite(file: string): SQLite.Database {
  SqliteDatabase ??= createRequire(import.meta.url)(SQLITE_DRIVER) as typeof SQLite;
  return new SqliteDatabase(file);
}

const STATEMENTS_KEPT = 256;

/** What Kysely's SQLite driver calls on a prepared statement. */
interface SqliteStatement {
  readonly reader: boolean;
  all(parameters: ReadonlyArray<unknown>): unknown[];
  run(parameters: ReadonlyArray<unknown>): SQLite.RunResult;
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown>;
}

/**
 * better-sqlite3 builds each row object one property at a time from C++, which cost about as much as
 * reading the rows: a staff list page of 20 applications took 189 µs as objects and 145 µs as arrays
 * made into objects here. A reader therefore runs in raw mode, and its rows get their column names in
 * JavaScript. The names are read when the statement is prepared; every schema change made through
 * this connection empties the statement cache (see below), so they cannot go stale.
 */
function withRowsAsObjects(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(values);
    },
  };
}

/** Statements that change the schema: `create`, `alter`, `drop`. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * Kysely prepares every query afresh, and on SQLite preparing (parsing and planning) cost as much as
 * running the query itself: a tenth of the server's time under the staff list's load. Statements are
 * kept by their SQL text, the most recently used 256, and reused. A schema change (a migration)
 * empties the cache, so what is prepared after it sees the new columns. Portico never streams a
 * query, so no statement is ever in use twice, and only Portico changes its database's schema.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      if (SCHEMA_CHANGE.test(sql)) {
        kept.clear();
        return sqlite.prepare(sql);
      }
      return recentlyUsed(kept, sql, () => withRowsAsObjects(sqlite.prepare(sql)), STATEMENTS_KEPT);
    },
  };
}

/**
 * Drops the value samples that `ANALYZE` keeps in `sqlite_stat4` when SQLite is built with STAT4, as
 * better-sqlite3's SQLite is, and keeps the row counts of `sqlite_stat1`. With samples, the planner
 * reads the values bound to a statement's indexed equalities, and SQLite then prepares that statement
 * again every time a value is bound to them, even the same value: kept statements (above) were
 * parsed and planned on every call. After an `ANALYZE` the staff application list spent longer
 * preparing its query than running it (docs/decisions/0017-sqlite-statistics.md). Portico never runs
 * `ANALYZE`; an operator may, and the samples it leaves are dropped here, when Portico opens the
 * database and before it prepares anything.
 */
function dropValueSamples(sqlite: SQLite.Database) {
  const kept = sqlite.prepare(`select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'`).get();
  if (!kept) return;
  if (sqlite.prepare('delete from sqlite_stat4').run().changes) {
    // Statistics are read with the schema; this has them read again, without the samples.
    sqlite.exec('analyze sqlite_schema');
  }
}

export function connect(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const { shared, sessions, sql: postgresSql } = postgresDialects(database.url, { max: database.poolSize });
    const kysely = new Kysely<Database>({ dialect: shared });
    return {
      kysely,
      sessions: new Kysely<Database>({ dialect: sessions }),
      engine: 'postgres',
      ping: async () => {
        try {
          await postgresSql`select 1`;
          return true;
        } catch {
          return false;
        }
      },
      close: () => kysely.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = openSqlite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // An acknowledged write (a job application, say) must survive a power loss, not only a crash of
  // the process: in WAL mode only FULL syncs the log at each commit (docs/decisions/0030).
  sqlite.pragma('synchronous = FULL');
  dropValueSamples(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    kysely,
    sessions: kysely,
    engine: 'sqlite',
    ping: async () => {
      try {
        sqlite.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
}
