import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Lists sort NULL as the smallest value on both engines (SQLite's own order). PostgreSQL's indexes
 * keep NULLs last, so an order such as `published_at desc nulls last` could not be read from them and
 * every staff news list was sorted afresh. The list indexes on columns that may be NULL are rebuilt
 * with those columns `nulls first`, which PostgreSQL reads forwards for ascending lists and backwards
 * for descending ones. SQLite already keeps NULLs first: nothing changes there.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['news_public', 'news', ['status', 'is_top', 'published_at', 'id']],
  ['news_published_at', 'news', ['published_at', 'id']],
  ['news_category', 'news', ['category_id', 'published_at']],
  ['news_status_published', 'news', ['status', 'published_at']],
  ['news_locale', 'news', ['locale', 'published_at']],
  ['news_is_top', 'news', ['is_top', 'published_at']],
  ['jobs_public', 'jobs', ['status', 'published_at', 'id']],
  ['jobs_category', 'jobs', ['category_id', 'published_at']],
  ['jobs_locale', 'jobs', ['locale', 'published_at']],
  ['jobs_closes_at', 'jobs', ['closes_at']],
  ['jobs_published_at', 'jobs', ['published_at', 'id']],
  ['users_last_login_at', 'users', ['last_login_at']],
];

const NULLABLE = new Set(['published_at', 'closes_at', 'last_login_at']);

async function rebuild(db: Kysely<any>, nullsFirst: boolean) {
  for (const [name, table, columns] of INDEXES) {
    const list = columns.map((column) => (nullsFirst && NULLABLE.has(column) ? sql`${sql.ref(column)} nulls first` : sql.ref(column)));
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    await sql`create index ${sql.ref(name)} on ${sql.table(table)} (${sql.join(list)})`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await rebuild(db, false);
}
