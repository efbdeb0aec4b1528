import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Who saved a news item, a job and the site settings last, by user name (docs/decisions/0037), as
 * pages have kept since migration 0011: an editor whose save is refused because someone else saved
 * first is told who. Text, like the audit log's and the revisions' names, so it still reads after the
 * account is gone; null for rows no one has saved since (the seed's, and every row before this).
 */
const TABLES = ['news', 'jobs', 'site_settings'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('updated_by').execute();
  }
}
