import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Roles (docs/decisions/0059): one row per role, the five built-in ones included, so that the back-
 * office lists, pages, searches and sorts them all alike. A built-in row is for reference only: its
 * grants are Portico's code (write on its modules), read from there, never from `grants`, and it is
 * never changed or deleted. A custom role's `grants` is JSON, module key to `read` or `write`.
 * Keys and names are unique (names ignoring case, as categories' are: migration 0012).
 */
const BUILT_IN: [key: string, zh: string, en: string][] = [
  ['admin', '管理员', 'Administrator'],
  ['editor', '新闻编辑', 'News editor'],
  ['hr', '人力资源', 'Human resources'],
  ['service', '客户服务', 'Customer service'],
  ['marketing', '市场营销', 'Marketing'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('grants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('missing_translations', 'text', (c) => c.notNull().defaultTo(' en-US '))
    .addColumn('translated_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_key_unique').unique().on('roles').column('key').execute();
  await sql`create unique index roles_name_unique on roles (lower(name))`.execute(db);
  const now = new Date().toISOString();
  await db
    .insertInto('roles')
    .values(
      BUILT_IN.map(([key, zh, en]) => ({
        key,
        name: zh,
        description: '',
        grants: '{}',
        built_in: 1,
        translations: JSON.stringify({ 'en-US': { name: en } }),
        missing_translations: '',
        translated_text: en,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('roles').execute();
}
