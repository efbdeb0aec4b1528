import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

const onPostgres = testEngines().includes('postgres');

describe.each(testEngines())('kept statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('reads what a table holds after a change to its columns, through statements kept from before', async () => {
    // One connection throughout, so that on PostgreSQL the read is prepared where the table changes.
    await t.app.ctx.db.kysely.connection().execute(async (db) => {
      await sql`create table shape_change (a integer)`.execute(db);
      await sql`insert into shape_change values (1)`.execute(db);
      const read = () => db.selectFrom('shape_change' as never).selectAll().execute();
      expect(await read()).toEqual([{ a: 1 }]);
      await sql`alter table shape_change add column b integer default 2`.execute(db);
      expect(await read()).toEqual([{ a: 1, b: 2 }]);
      await sql`alter table shape_change rename column a to c`.execute(db);
      expect(await read()).toEqual([{ c: 1, b: 2 }]);
    });
  });
});

describe.runIf(onPostgres)('prepared statements on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db.kysely;
  type Conn = Parameters<Parameters<ReturnType<ReturnType<typeof db>['connection']>['execute']>[0]>[0];
  /** The statements prepared on one connection. */
  const preparedOn = async (conn: Conn) =>
    (await sql<{ statement: string; generic_plans: number }>`select statement, generic_plans from pg_prepared_statements`.execute(conn)).rows;

  it('prepares a read once per connection and reuses it, with a generic plan for a first page', async () => {
    await db()
      .connection()
      .execute(async (conn) => {
        const read = (id: number) => conn.selectFrom('news').select(['id', 'title']).where('id', '=', id).limit(sql.lit(5)).execute();
        for (let id = 1; id <= 8; id++) await read(id);
        const mine = (await preparedOn(conn)).filter((p) => p.statement.includes('from "news"') && p.statement.includes('limit 5'));
        expect(mine).toHaveLength(1);
        expect(Number(mine[0].generic_plans)).toBeGreaterThan(0);
      });
  });

  it('prepares a write too, but not a change to the schema', async () => {
    await db()
      .connection()
      .execute(async (conn) => {
        await sql`create table if not exists prepared_write (a integer)`.execute(conn);
        for (let a = 1; a <= 3; a++) await conn.insertInto('prepared_write' as never).values({ a } as never).execute();
        const statements = (await preparedOn(conn)).map((p) => p.statement);
        expect(statements.filter((s) => s.startsWith('insert into "prepared_write"'))).toHaveLength(1);
        expect(statements.filter((s) => s.includes('create table'))).toHaveLength(0);
      });
  });

  it('answers a count as a number', async () => {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from users`.execute(db());
    expect(rows[0].n).toBe(1);
  });

  it('prepares nothing inside a transaction', async () => {
    await db()
      .connection()
      .execute(async (conn) => {
        const read = (trx: Conn) => trx.selectFrom('users').select('user_name').where('user_name_key', '=', 'in-transaction').execute();
        const isMine = (p: { statement: string }) => p.statement.includes('"user_name_key" = $1');
        await conn.transaction().execute(read);
        expect((await preparedOn(conn)).filter(isMine)).toHaveLength(0);
        await read(conn);
        expect((await preparedOn(conn)).filter(isMine)).toHaveLength(1);
      });
  });
});
