import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';
import postgres from 'postgres';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.js';

/**
 * Statements kept prepared on each connection: the first this many distinct statement texts. That
 * covers every read and write Portico builds; a further text is still run, only planned each time.
 */
const PREPARED_STATEMENTS = 512;

/** Only reads and row changes are prepared: a migration's DDL, VACUUM and the like run once. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const CHANGES_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely's PostgreSQL dialects with postgres.js as their driver.
 *
 * Under the staff list's load, node-postgres spent 40% of the server's thread on the wire protocol:
 * it decodes every row's description again on each call and builds each field through a parser
 * lookup. postgres.js keeps a prepared statement's columns and decodes rows in one pass; the same
 * query cost the Node thread about 145 µs instead of 200-240 µs (docs/decisions/0016).
 *
 * Two dialects share one set of connections (`max`, or `DEFAULT_DATABASE_POOL_SIZE`):
 * - `shared`, for Portico's queries. A query outside a transaction goes to any connection, and
 *   postgres.js queues it behind the one running there when none is free: under the bench's load one
 *   write then carries several queries and wakes PostgreSQL once, and the server answered 30-50% more
 *   calls than when each query had a connection to itself. A transaction reserves one connection
 *   from `begin` to `commit` or `rollback`. Outside a transaction nothing keeps a session, so a
 *   second query on one Kysely connection (`kysely.connection()`) is refused rather than sent to a
 *   session it did not expect.
 * - `sessions`, where each Kysely connection is one reserved connection, as Kysely expects of
 *   `connection()`: for the migrator, which holds a session-level lock while it works.
 *
 * Statements are prepared once per connection (PostgreSQL then parses and plans a list query once,
 * not on every call), except those inside a transaction: a migration changes tables there, and a
 * statement prepared before such a change fails with "cached plan must not change result type",
 * which would abort the transaction. Outside one, postgres.js prepares such a statement again and
 * runs it once more.
 */
export function postgresDialects(url: string, options: { max?: number } = {}): { shared: Dialect; sessions: Dialect; sql: postgres.Sql } {
  const sql = postgres(url, {
    max: options.max ?? DEFAULT_DATABASE_POOL_SIZE,
    prepare: true,
    // With this off, postgres.js 3.4 never hands out a reserved connection that it had to open for
    // the purpose, so the first transaction on a fresh pool hangs.
    fetch_types: true,
    // `create … if not exists` and the like report notices; they are not errors, and not for the log.
    onnotice: () => {},
    connect_timeout: 10,
    // A count (`bigint`) arrives as a number, as on SQLite; Portico's counts are far below 2^53.
    types: { count: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
  });
  const prepared = new Set<string>();
  const mayPrepare = (text: string) => {
    if (prepared.has(text)) return true;
    if (prepared.size >= PREPARED_STATEMENTS || !PREPARABLE.test(text)) return false;
    prepared.add(text);
    return true;
  };
  const dialect = (pinned: boolean): Dialect => ({
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PostgresJsDriver(sql, mayPrepare, pinned),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own dialect interface takes any database
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  });
  return { shared: dialect(false), sessions: dialect(true), sql };
}

class PostgresJsConnection implements DatabaseConnection {
  /** Set while the connection holds a session: always when pinned, otherwise during a transaction. */
  reserved: postgres.ReservedSql | undefined;
  inTransaction = false;
  private sharedQueries = 0;

  constructor(
    private readonly shared: postgres.Sql,
    private readonly mayPrepare: (text: string) => boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.reserved && ++this.sharedQueries > 1) {
      throw new Error('Outside a transaction, a PostgreSQL query keeps no session: use Db.sessions for kysely.connection()');
    }
    const prepare = !this.inTransaction && this.mayPrepare(query.sql);
    // postgres.js sends a statement without parameters as a simple query, which PostgreSQL parses
    // and plans every time, prepared or not (a staff list with no filter spent 0.57 ms there per
    // call); `simple: false` sends it as a prepared statement like any other.
    const options = prepare ? { prepare, simple: false } : { prepare };
    const result = await (this.reserved ?? this.shared).unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], options);
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
    private readonly pinned: boolean,
  ) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new PostgresJsConnection(this.sql, this.mayPrepare);
    if (this.pinned) connection.reserved = await this.sql.reserve();
    return connection;
  }

  async beginTransaction(connection: PostgresJsConnection, settings: TransactionSettings) {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    connection.reserved ??= await this.sql.reserve();
    connection.inTransaction = true;
    try {
      await connection.executeQuery(CompiledQuery.raw(begin));
    } catch (error) {
      this.endTransaction(connection);
      throw error;
    }
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
      this.endTransaction(connection);
    }
  }

  /** A shared connection gives its session back when the transaction ends; a pinned one keeps it. */
  private endTransaction(connection: PostgresJsConnection) {
    connection.inTransaction = false;
    if (this.pinned) return;
    connection.reserved?.release();
    connection.reserved = undefined;
  }

  async releaseConnection(connection: PostgresJsConnection) {
    connection.reserved?.release();
    connection.reserved = undefined;
  }

  async destroy() {
    await this.sql.end({ timeout: 5 });
  }
}
