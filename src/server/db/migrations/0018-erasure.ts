import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Erasure and anonymisation (docs/decisions/0043). Jobs can be archived (hidden publicly, kept for
 * their applications); applications, contact messages and join-us entries remember when they were
 * anonymised; `erasure_ledger` lists every erasure and anonymisation by record id and a SHA-256 of
 * the e-mail, no personal data, so that a restore of an older backup can apply them again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema.alterTable('jobs').addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The staff list filters by it, newest first, like every other filter of the list.
  await db.schema.createIndex('jobs_archived_created').on('jobs').columns(['archived', 'created_at', 'id']).execute();
  for (const table of ['job_applications', 'contact_infos', 'join_us']) {
    await db.schema.alterTable(table).addColumn('anonymised_at', 'text').execute();
  }
  await db.schema
    .createTable('erasure_ledger')
    .addColumn('id', 'integer', id)
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('email_sha256', 'text')
    .addColumn('record_created_at', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('erasure_ledger_record').on('erasure_ledger').columns(['entity', 'record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('erasure_ledger').execute();
  for (const table of ['job_applications', 'contact_infos', 'join_us']) {
    await db.schema.alterTable(table).dropColumn('anonymised_at').execute();
  }
  await db.schema.dropIndex('jobs_archived_created').execute();
  await db.schema.alterTable('jobs').dropColumn('archived').execute();
}
