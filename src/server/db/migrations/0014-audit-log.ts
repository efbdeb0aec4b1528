import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * The audit log (docs/decisions/0036): one row per staff action, appended in the transaction of the
 * change it records and never updated. `user_name` is kept beside `user_id` so an entry still names
 * its author after the account is deleted (there is no foreign key for the same reason). `changes`
 * is JSON, `{ field: [before, after] }`, for updates; it never holds applicants' personal data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('changes', 'text')
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_events_user').on('audit_events').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_events_user_name').on('audit_events').columns(['user_name', 'at']).execute();
  await db.schema.createIndex('audit_events_entity').on('audit_events').columns(['entity', 'entity_id', 'at']).execute();
  await db.schema.createIndex('audit_events_action').on('audit_events').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
