import { sql } from 'kysely';
import type { RowValues } from '../../crud/columns.js';
import type { KeywordIndex } from '../../crud/definition.js';
import type { KyselyDb } from '../../db/schema.js';

/**
 * The staff application list searches a keyword as a substring of the name, e-mail and phone. LIKE
 * '%王%' cannot seek in a B-tree, so a count of matches would read every application of the status.
 * Chinese names are what staff search most, and a one- or two-character surname or given name is
 * where substring search hurts: trigram indexes (FTS5, pg_trgm) need three characters.
 *
 * So every run of non-ASCII characters in those fields (lowercased) is indexed as its single
 * characters and its character pairs, each stored with the application's status and date in
 * `job_application_terms`. A one- or two-character keyword is then one index range, already in
 * status and date order: the page is its first rows and the total a count of the range. Longer
 * keywords start from the range of their first pair and keep the rows LIKE confirms.
 *
 * Beside the terms, `job_application_term_counts` keeps how many applications of each status hold
 * each term, so the exact total of such a keyword is one row per status instead of a count of the
 * term's range, which grows with the applications.
 *
 * Latin letters, digits and punctuation are left to LIKE on the list's covering index: indexing
 * every pair of every e-mail and phone would store ~50 entries per application (about 1 KB per
 * application on SQLite, 6 KB on PostgreSQL; docs/decisions/0012-application-search.md).
 */

/** The runs of characters outside ASCII, lowercased; `"王Li小明"` has runs `王` and `小明`. */
function nonAsciiRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const char of text.toLowerCase()) {
    if (char.codePointAt(0)! < 0x80) {
      if (run.length) runs.push(run);
      run = [];
    } else {
      run.push(char);
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

/** The distinct terms of an application: each non-ASCII character and each adjacent pair of them. */
export function applicationTerms(...fields: string[]): string[] {
  const terms = new Set<string>();
  for (const field of fields) {
    for (const run of nonAsciiRuns(field)) {
      for (let i = 0; i < run.length; i++) {
        terms.add(run[i]);
        if (i + 1 < run.length) terms.add(run[i] + run[i + 1]);
      }
    }
  }
  return [...terms];
}

/** What the index reads of an application row. */
export interface IndexedApplication {
  id: number;
  name: string;
  email: string;
  phone: string;
  status_id: number;
  created_at: string;
}

/** An application row as the generic layer reads it, with the columns the index needs. */
export const indexedApplicationOf = (row: RowValues): IndexedApplication => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  phone: String(row.phone),
  status_id: Number(row.status_id),
  created_at: String(row.created_at),
});

/** The index's rows for one application. */
export function applicationTermRows(row: IndexedApplication) {
  return applicationTerms(row.name, row.email, row.phone).map((term) => ({
    term,
    status_id: row.status_id,
    created_at: row.created_at,
    application_id: row.id,
  }));
}

/**
 * Adds each change's `applications` (1 or -1) to the count of its term and status. Keys are sorted,
 * so that concurrent writers take the counts' row locks in one order and never wait in a cycle.
 */
async function countTerms(db: KyselyDb, changes: { term: string; status_id: number; applications: number }[]) {
  if (!changes.length) return;
  const sorted = [...changes].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.status_id - b.status_id));
  await db
    .insertInto('job_application_term_counts')
    .values(sorted)
    .onConflict((oc) =>
      oc.columns(['term', 'status_id']).doUpdateSet({
        applications: sql`job_application_term_counts.applications + excluded.applications`,
      }),
    )
    .execute();
}

/** Indexes a new application; runs in the transaction that inserts it. */
export async function indexApplication(db: KyselyDb, row: IndexedApplication) {
  const rows = applicationTermRows(row);
  if (!rows.length) return;
  await db.insertInto('job_application_terms').values(rows).execute();
  await countTerms(db, rows.map(({ term, status_id }) => ({ term, status_id, applications: 1 })));
}

/** Takes an application out of the index and its counts (an erasure or anonymisation); runs in its transaction. */
export async function unindexApplication(db: KyselyDb, row: IndexedApplication) {
  const terms = applicationTerms(row.name, row.email, row.phone);
  await db.deleteFrom('job_application_terms').where('application_id', '=', row.id).execute();
  await countTerms(db, terms.map((term) => ({ term, status_id: row.status_id, applications: -1 })));
}

/** Moves an application's terms to its new status; `row` is the application before the move. */
export async function moveApplicationTerms(db: KyselyDb, row: IndexedApplication, statusId: number) {
  const terms = applicationTerms(row.name, row.email, row.phone);
  if (!terms.length || statusId === row.status_id) return;
  // Every key column is given, so each term is found by the primary key, not by a scan.
  await db
    .updateTable('job_application_terms')
    .set({ status_id: statusId })
    .where('term', 'in', terms)
    .where('status_id', '=', row.status_id)
    .where('created_at', '=', row.created_at)
    .where('application_id', '=', row.id)
    .execute();
  await countTerms(db, [
    ...terms.map((term) => ({ term, status_id: row.status_id, applications: -1 })),
    ...terms.map((term) => ({ term, status_id: statusId, applications: 1 })),
  ]);
}

/** Counts every stored term afresh: for data written around the server (the bench's generator). */
export async function recountApplicationTerms(db: KyselyDb) {
  await db.deleteFrom('job_application_term_counts').execute();
  await sql`
    insert into job_application_term_counts (term, status_id, applications)
    select term, status_id, count(*) from job_application_terms group by term, status_id
  `.execute(db);
}

export const applicationKeywordIndex: KeywordIndex = {
  table: 'job_application_terms',
  recordColumn: 'application_id',
  columns: {
    'job_applications.id': 'application_id',
    'job_applications.status_id': 'status_id',
    'job_applications.created_at': 'created_at',
  },
  counts: {
    table: 'job_application_term_counts',
    column: 'applications',
    columns: { 'job_applications.status_id': 'status_id' },
  },
  plan(keyword) {
    const runs = nonAsciiRuns(keyword);
    if (!runs.length) return null;
    // The longest run narrows most; its first character pair (or its only character) leads.
    const run = runs.reduce((longest, r) => (r.length > longest.length ? r : longest));
    const term = run.length === 1 ? run[0] : run[0] + run[1];
    // A keyword that is exactly one indexed term needs no confirming: the range is the answer.
    return { term, exact: term === keyword.toLowerCase() };
  },
};
