import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Two-factor sign-in (docs/decisions/0039). `users.two_factor_enabled` is the flag every user answer
 * carries; the secret lives in a table of its own that no user answer reads, its confirmation time
 * and the last time step used (so a code is not taken twice). Recovery codes and sign-in challenges
 * are kept only as hashes. `two_factor_roles` lists the roles whose members must use it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema.alterTable('users').addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user').on('two_factor_challenges').column('user_id').execute();
  await db.schema
    .createTable('two_factor_roles')
    .addColumn('role', 'text', (c) => c.primaryKey())
    .addColumn('required_since', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_roles').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_secrets').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_enabled').execute();
}
