import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Two categories of one kind could have the same name, and a visitor then saw two identical tabs
 * with different news under each. A category's name is now unique within its table, ignoring case
 * (`lower(name)`: PostgreSQL lowers every script, SQLite ASCII only, and Chinese has no case), and
 * the index itself refuses a duplicate, so two staff saving at once cannot both get one in.
 * Duplicates already stored keep the oldest's name; each later one gets its id appended.
 */
const TABLES = ['news_categories', 'job_categories'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      update ${sql.table(table)} set name = name || ' (' || id || ')'
      where exists (
        select 1 from ${sql.table(table)} older
        where lower(older.name) = lower(${sql.ref(`${table}.name`)}) and older.id < ${sql.ref(`${table}.id`)}
      )`.execute(db);
    await sql`create unique index ${sql.ref(`${table}_name_unique`)} on ${sql.table(table)} (lower(name))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop index if exists ${sql.ref(`${table}_name_unique`)}`.execute(db);
}
