import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';
import postgres from 'postgres';

/**
 * Statements kept prepared on each connection: the first this many distinct statement texts. That
 * covers every read and write Portico builds; a further text is still run, only planned each time.
 */
const PREPARED_STATEMENTS = 512;

/** What changes the schema is never prepared: a migration runs it once. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

const CHANGES_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely's PostgreSQL dialect with postgres.js as its driver.
 *
 * Under the staff list's load, node-postgres spent 40% of the server's thread on the wire protocol:
 * it decodes every row's description again on each call and builds each field through a parser
 * lookup. postgres.js keeps a prepared statement's columns and decodes rows in one pass; the same
 * query cost the Node thread about 130 µs instead of 200-240 µs (docs/decisions/0016).
 *
 * Each Kysely connection is one reserved PostgreSQL connection, as with node-postgres's pool, so a
 * transaction and `kysely.connection()` keep their session. Statements are prepared once per
 * connection (PostgreSQL then parses and plans a list query once, not on every call), except those
 * inside a transaction: a migration changes tables there, and a statement prepared before such a
 * change fails with "cached plan must not change result type", which would abort the transaction.
 * Outside one, postgres.js prepares such a statement again and runs it once more.
 */
export function postgresDialect(url: string): { dialect: Dialect; sql: postgres.Sql } {
  const sql = postgres(url, {
    max: 10,
    prepare: true,
    // `fetch_types` stays on: with it off, postgres.js 3.4 never hands out a reserved connection
    // that it had to open for the purpose, so the first query hangs.
    // `create … if not exists` and the like report notices; they are not errors, and not for the log.
    onnotice: () => {},
    connect_timeout: 10,
    // A count (`bigint`) arrives as a number, as on SQLite; Portico's counts are far below 2^53.
    types: { count: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
  });
  const prepared = new Set<string>();
  const mayPrepare = (text: string) => {
    if (prepared.has(text)) return true;
    if (prepared.size >= PREPARED_STATEMENTS || SCHEMA_CHANGE.test(text)) return false;
    prepared.add(text);
    return true;
  };
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PostgresJsDriver(sql, mayPrepare),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  };
  return { dialect, sql };
}

class PostgresJsConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly reserved: postgres.ReservedSql,
    private readonly mayPrepare: (text: string) => boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const prepare = !this.inTransaction && this.mayPrepare(query.sql);
    const result = await this.reserved.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], { prepare });
    return {
      rows: result.slice() as R[],
      numAffectedRows: CHANGES_ROWS.has(result.command) ? BigInt(result.count) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Portico does not stream queries');
  }
}

class PostgresJsDriver implements Driver {
  constructor(
    private readonly sql: postgres.Sql,
    private readonly mayPrepare: (text: string) => boolean,
  ) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(await this.sql.reserve(), this.mayPrepare);
  }

  async beginTransaction(connection: PostgresJsConnection, settings: TransactionSettings) {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    connection.inTransaction = true;
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: PostgresJsConnection) {
    await this.end(connection, 'commit');
  }

  async rollbackTransaction(connection: PostgresJsConnection) {
    await this.end(connection, 'rollback');
  }

  private async end(connection: PostgresJsConnection, command: 'commit' | 'rollback') {
    try {
      await connection.executeQuery(CompiledQuery.raw(command));
    } finally {
      connection.inTransaction = false;
    }
  }

  async releaseConnection(connection: PostgresJsConnection) {
    connection.reserved.release();
  }

  async destroy() {
    await this.sql.end({ timeout: 5 });
  }
}
