import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Revisions (docs/decisions/0037): on every save of a news item, job, page or the site settings, the
 * version it replaces, whole, as the API answered it (`record_json`), with who saved over it and
 * when. One table for every kind of record, keyed by the API's entity name and the record's id or
 * key (a page's key, `1` for the settings). `user_name` is kept beside `user_id` so a revision still
 * names its author after the account is deleted; there is no foreign key for the same reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('record_json', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A record's versions, newest first, and its count, from one index.
  await db.schema.createIndex('revisions_record').on('revisions').columns(['entity', 'record_key', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revisions').execute();
}
