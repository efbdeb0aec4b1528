import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Offices (issue 17, item 5; docs/decisions/0058): a name, an address and a city in zh-CN with their
 * translations (as categories keep theirs, migration 0023), a country (ISO 3166-1 alpha-2) and an
 * order. A job may name one (`office_id`); every job so far keeps its free-text location and names
 * none: no office is made up from what those texts say.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('offices')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('missing_translations', 'text', (c) => c.notNull().defaultTo(' en-US '))
    .addColumn('translated_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One office per name, ignoring case, as categories (0012); a translation's name is checked on write.
  await sql`create unique index offices_name_unique on offices (lower(name))`.execute(db);
  // An index led by every column the list filters or sorts on (0002).
  for (const [name, columns] of [
    ['offices_sort_order', ['sort_order', 'id']],
    ['offices_name', ['name']],
    ['offices_city', ['city']],
    ['offices_country', ['country', 'sort_order']],
    ['offices_created_at', ['created_at', 'id']],
    ['offices_missing_translations_idx', ['missing_translations', 'id']],
  ] as const) {
    await db.schema.createIndex(name).on('offices').columns([...columns]).execute();
  }

  await db.schema.alterTable('jobs').addColumn('office_id', 'integer', (c) => c.references('offices.id')).execute();
  // The public filter by office, newest first (NULLs first on PostgreSQL, as 0008 keeps them).
  const publishedAt = sqlite ? sql.ref('published_at') : sql`published_at nulls first`;
  await sql`create index jobs_office on jobs (office_id, ${publishedAt})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists jobs_office`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('office_id').execute();
  await db.schema.dropTable('offices').execute();
}
