import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Retention, consent and form notifications (docs/decisions/0045).
 * - `retention_settings`: one row (id 1), the periods as a JSON document over the defaults, and the
 *   day the daily job last ran (so a second instance finds the day's run done).
 * - `privacy_notices`: every published version of the privacy notice, kept; the highest is current.
 * - `privacy_version` on applications, contact messages and join-us entries: the version each was given.
 * - `notification_marks`: the last digest sent per module (one row each, changed compare-and-set).
 * - `acknowledgements`: when a form's sender was last acknowledged, by a SHA-256 of the address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retention_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('last_run_on', 'text')
    .addColumn('updated_at', 'text')
    .execute();
  await db.insertInto('retention_settings').values({ id: 1, settings: '{}', last_run_on: null, updated_at: null }).execute();
  await db.schema
    .createTable('privacy_notices')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('text_zh', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .execute();
  for (const table of ['job_applications', 'contact_infos', 'join_us']) {
    await db.schema.alterTable(table).addColumn('privacy_version', 'integer').execute();
  }
  await db.schema
    .createTable('notification_marks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('covered_to', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('acknowledgements')
    .addColumn('address_sha256', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('acknowledgements').execute();
  await db.schema.dropTable('notification_marks').execute();
  for (const table of ['job_applications', 'contact_infos', 'join_us']) {
    await db.schema.alterTable(table).dropColumn('privacy_version').execute();
  }
  await db.schema.dropTable('privacy_notices').execute();
  await db.schema.dropTable('retention_settings').execute();
}
