import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code, so it carries its own copy of the
// term rule that resources/applications/search.ts applies from here on.

/** Each non-ASCII character of the lowercased fields, and each adjacent pair within a run of them. */
function termsOf(...fields: string[]): string[] {
  const terms = new Set<string>();
  for (const field of fields) {
    let previous: string | null = null;
    for (const char of field.toLowerCase()) {
      if (char.codePointAt(0)! < 0x80) {
        previous = null;
        continue;
      }
      terms.add(char);
      if (previous !== null) terms.add(previous + char);
      previous = char;
    }
  }
  return [...terms];
}

const BATCH = 1000;

/**
 * The staff application list's keyword index (docs/decisions/0012-application-search.md): every
 * non-ASCII character and character pair of an application's name, e-mail and phone, with its status
 * and date, so that a search for a Chinese name is one range of this key, already in list order.
 * Derived data: filled here from the applications there are, then kept in step as they are written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('job_application_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('job_applications.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('job_application_terms_key', ['term', 'status_id', 'created_at', 'application_id'])
    // On SQLite the rows live in the key's B-tree itself, stored once rather than twice.
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  let after = 0;
  for (;;) {
    const applications = await db
      .selectFrom('job_applications')
      .select(['id', 'name', 'email', 'phone', 'status_id', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!applications.length) break;
    const rows = applications.flatMap((a) =>
      termsOf(a.name, a.email, a.phone).map((term) => ({
        term,
        status_id: a.status_id,
        created_at: a.created_at,
        application_id: a.id,
      })),
    );
    for (let i = 0; i < rows.length; i += BATCH) {
      await db.insertInto('job_application_terms').values(rows.slice(i, i + BATCH)).execute();
    }
    after = Number(applications[applications.length - 1].id);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_application_terms').execute();
}
