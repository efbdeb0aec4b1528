import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * How many applications of each status hold each search term (docs/decisions/0012-application-search.md).
 * The staff list's exact total for a one- or two-character Chinese keyword was a count of the term's
 * range in `job_application_terms`: about 1,400 index entries for a common surname in one status at
 * 200,000 applications, and ten times that at 2,000,000. With these counts the total is one row (or
 * one per status). Derived data: filled here from the terms there are, then kept in step as
 * applications are written and moved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('job_application_term_counts')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('applications', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_application_term_counts_key', ['term', 'status_id'])
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await sql`
    insert into job_application_term_counts (term, status_id, applications)
    select term, status_id, count(*) from job_application_terms group by term, status_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_application_term_counts').execute();
}
