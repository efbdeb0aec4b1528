import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { recentlyUsed } from '../recently-used.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL `bigint` (count(*)) arrives as a string by default; counts here are far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

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
 * Kysely sends every query to PostgreSQL unnamed, so the server parses and plans it afresh each time.
 * For the staff application list, planning its joins took 0.4 ms against 0.15 ms of execution, and
 * PostgreSQL, not Node, was what ran out of CPU under load. Reads outside transactions are therefore
 * sent as named statements, prepared once per connection (pg keeps the names it has prepared) and
 * then only bound and run. The first 256 distinct SELECT texts are named, which covers every list,
 * read and session query Portico builds; any further one is sent unnamed, as before.
 *
 * Writes stay unnamed (multi-row inserts come in many shapes), and so does everything inside a
 * transaction: migrations change tables, and a statement prepared before a change to its table's
 * columns fails with "cached plan must not change result type". Outside a transaction such a
 * statement is renamed and run once more.
 */
const NAMED_STATEMENTS = 256;

function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let next = 0;
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name && names.size < NAMED_STATEMENTS && /^select\s/i.test(sql)) {
      name = `portico_${next++}`;
      names.set(sql, name);
    }
    return name;
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const run = (sql: string, values: unknown[]) => {
      const name = inTransaction ? undefined : nameOf(sql);
      return name ? client.query({ name, text: sql, values }) : client.query(sql, values);
    };
    return {
      query: (async (sql: string, parameters: ReadonlyArray<unknown>) => {
        if (/^(begin|start transaction)\b/i.test(sql)) inTransaction = true;
        else if (/^(commit|rollback)$/i.test(sql)) inTransaction = false;
        const values = [...parameters];
        try {
          return await run(sql, values);
        } catch (error) {
          if ((error as { code?: string }).code !== '0A000' || inTransaction || !names.has(sql)) throw error;
          names.delete(sql);
          return run(sql, values);
        }
        // Portico never streams (a cursor), so only this form of `query` is needed.
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

export function connect(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client that loses its connection must not take the process down.
    pool.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return {
      kysely,
      engine: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => kysely.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    kysely,
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
