import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

const TABLES = ['contact_infos', 'join_us'] as const;

/** Each status's count is kept in this many parts, a record in part `id % SLOTS`. */
const SLOTS = 8;

/**
 * How many contact messages and join-us entries are in each status. The staff lists' total for one
 * status (or none) was a count of that status's index range: about 33,000 entries at 100,000 contact
 * messages, on every first page. With these counts it is a sum of a few rows.
 *
 * Kept by triggers, so every write keeps them in step whatever wrote it (the API, an import, an
 * operator's SQL), in the writer's own transaction. A count is kept in parts, each record in the part
 * of its id: with one row per status, every submission of a public form on PostgreSQL waited for the
 * one before it to commit (1,500 → 650-1,000 submissions/s at 50 connections). A status move touches
 * its record's part of two statuses, locked in status order, so opposite moves cannot deadlock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('inquiry_status_counts')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inquiry_status_counts_key', ['entity', 'status_id', 'slot'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  for (const table of TABLES) {
    await sql`
      insert into inquiry_status_counts (entity, status_id, slot, records)
      select ${sql.lit(table)}, status_id, id % ${sql.lit(SLOTS)}, count(*) from ${sql.table(table)} group by status_id, id % ${sql.lit(SLOTS)}
    `.execute(db);
  }
  if (sqlite) {
    for (const table of TABLES) {
      const add = (row: 'new' | 'old') => sql.raw(`
        insert into inquiry_status_counts (entity, status_id, slot, records) values ('${table}', ${row}.status_id, ${row}.id % ${SLOTS}, 1)
        on conflict (entity, status_id, slot) do update set records = records + 1;`);
      const remove = (row: 'new' | 'old') => sql.raw(`
        update inquiry_status_counts set records = records - 1
        where entity = '${table}' and status_id = ${row}.status_id and slot = ${row}.id % ${SLOTS};`);
      await sql`create trigger ${sql.raw(`${table}_count_insert`)} after insert on ${sql.table(table)} begin ${add('new')} end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_count_delete`)} after delete on ${sql.table(table)} begin ${remove('old')} end`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_count_move`)} after update of status_id on ${sql.table(table)}
        when old.status_id <> new.status_id begin ${remove('old')} ${add('new')} end
      `.execute(db);
    }
    return;
  }
  await sql`
    create function inquiry_status_count() returns trigger language plpgsql as $$
    begin
      -- Both counts of a move are locked in status order, so opposite moves cannot deadlock.
      if tg_op = 'UPDATE' then
        perform 1 from inquiry_status_counts
          where entity = tg_table_name and slot = old.id % ${sql.lit(SLOTS)} and status_id in (old.status_id, new.status_id)
          order by status_id for update;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        update inquiry_status_counts set records = records - 1
          where entity = tg_table_name and status_id = old.status_id and slot = old.id % ${sql.lit(SLOTS)};
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into inquiry_status_counts (entity, status_id, slot, records)
          values (tg_table_name, new.status_id, new.id % ${sql.lit(SLOTS)}, 1)
          on conflict (entity, status_id, slot) do update set records = inquiry_status_counts.records + 1;
      end if;
      return null;
    end
    $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_count_write`)} after insert or delete on ${sql.table(table)}
      for each row execute function inquiry_status_count()
    `.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_count_move`)} after update of status_id on ${sql.table(table)}
      for each row when (old.status_id is distinct from new.status_id) execute function inquiry_status_count()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of TABLES) {
    for (const trigger of sqlite ? ['count_insert', 'count_delete', 'count_move'] : ['count_write', 'count_move']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_${trigger}`)}${sqlite ? sql`` : sql` on ${sql.table(table)}`}`.execute(db);
    }
  }
  if (!sqlite) await sql`drop function if exists inquiry_status_count()`.execute(db);
  await db.schema.dropTable('inquiry_status_counts').execute();
}
