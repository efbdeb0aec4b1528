import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

const NO_ALT = '{"zh-CN":"","en-US":""}';

/**
 * The media library (docs/decisions/0032): one row per image of `files`, under the file's own id, so
 * that an image keeps the address it always had (`/api/File/Download/{id}`). It holds what only
 * images have (their size in pixels, alt text in both languages, the hash that stores each content
 * once) and what the library lists by (name, time), so a list reads this table alone. Images stored
 * before it get a row without size or hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(NO_ALT))
    .addColumn('content_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_created_at').on('media').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('media_name').on('media').columns(['name', 'id']).execute();
  await sql`
    insert into media (id, name, alt, created_at)
    select id, name, ${NO_ALT}, created_at from files where kind = 'image'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
