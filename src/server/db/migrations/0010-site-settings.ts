import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The site's settings: one row (id 1) holding them as a JSON document (docs/decisions/0033). The
 * row exists from the start with no settings in it, so every value is the neutral default until an
 * administrator (or the demo seed) writes one, and an update only ever changes this row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.insertInto('site_settings').values({ id: 1, settings: '{}', updated_at: null }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}
