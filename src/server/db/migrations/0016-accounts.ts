import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Accounts (docs/decisions/0038): a user who must change their password before anything else; the
 * device and address a session was opened from, for the user's list of their sessions; and the
 * password-reset links sent by e-mail, of which only a hash of the token is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('client_address', 'text').execute();
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  await db.schema.createIndex('password_resets_expires').on('password_resets').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('sessions').dropColumn('client_address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
