import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The filter and sort columns that 0001 and 0002 left without an index of their own (found by
 * `db/indexes.test.ts`, which checks every list against the catalogue).
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['news_is_top', 'news', ['is_top', 'published_at']],
  ['jobs_published_at', 'jobs', ['published_at', 'id']],
  ['news_categories_created_at', 'news_categories', ['created_at']],
  ['job_categories_created_at', 'job_categories', ['created_at']],
  ['users_is_active', 'users', ['is_active']],
  ['users_display_name', 'users', ['display_name']],
  ['users_created_at', 'users', ['created_at']],
  ['users_last_login_at', 'users', ['last_login_at']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
