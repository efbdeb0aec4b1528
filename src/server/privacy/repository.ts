import { sql } from 'kysely';
import type { ExpressionBuilder, RawBuilder } from 'kysely';
import type { DataSubject, DataSubjectCounts, DataSubjectKind, DataSubjectMatch } from '../../shared/schemas/data-subject.js';
import { DATA_SUBJECT_KINDS } from '../../shared/schemas/data-subject.js';
import type { Database, KyselyDb } from '../db/schema.js';

/**
 * The SQL of data subject requests (docs/decisions/0044): which records of each kind hold one
 * person's e-mail address or phone number. The two comparisons are written exactly as the expression
 * indexes of migration 0019 are, so both engines seek with those indexes instead of reading every row.
 */

type SubjectTable = 'job_applications' | 'contact_infos' | 'join_us';

export const TABLE_OF: Record<DataSubjectKind, SubjectTable> = {
  JobApplication: 'job_applications',
  ContactInfo: 'contact_infos',
  JoinUs: 'join_us',
};

const emailKey = (table: SubjectTable): RawBuilder<string> => sql<string>`lower(${sql.ref(`${table}.email`)})`;
const phoneKey = (table: SubjectTable): RawBuilder<string> =>
  sql<string>`replace(replace(replace(replace(replace(${sql.ref(`${table}.phone`)}, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;

/** The records of `table` holding the subject's e-mail (compared lower-cased) or phone (its digits). */
function matching(table: SubjectTable, subject: DataSubject) {
  return (eb: ExpressionBuilder<Database, SubjectTable>) => {
    const either = [];
    if (subject.email !== undefined) either.push(eb(emailKey(table), '=', subject.email));
    if (subject.phone !== undefined) either.push(eb(phoneKey(table), '=', subject.phone));
    return eb.or(either);
  };
}

export async function countMatches(db: KyselyDb, subject: DataSubject): Promise<DataSubjectCounts> {
  const counts = await Promise.all(
    DATA_SUBJECT_KINDS.map(async (kind) => {
      const table = TABLE_OF[kind];
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where(matching(table, subject) as never)
        .executeTakeFirstOrThrow();
      return [kind, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as DataSubjectCounts;
}

/** The ids of every record of `kind` the subject is found in, newest first (its plan is tested: an index seek). */
export function matchingIdsQuery(db: KyselyDb, kind: DataSubjectKind, subject: DataSubject) {
  const table = TABLE_OF[kind];
  return db
    .selectFrom(table)
    .select(sql.ref<number>(`${table}.id`).as('id'))
    .where(matching(table, subject) as never)
    .orderBy(sql.ref(`${table}.created_at`), 'desc')
    .orderBy(sql.ref(`${table}.id`), 'desc');
}

export async function matchingIds(db: KyselyDb, kind: DataSubjectKind, subject: DataSubject, limit?: number, offset = 0): Promise<number[]> {
  let query = matchingIdsQuery(db, kind, subject);
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query.execute();
  return rows.map((row) => Number(row.id));
}

/** What a match shows of each record, the same columns for every kind. */
async function summariesOf(db: KyselyDb, kind: DataSubjectKind, ids: number[]): Promise<DataSubjectMatch[]> {
  if (ids.length === 0) return [];
  const table = TABLE_OF[kind];
  // The job applied for, the message's subject, or the entry's company: what tells one record from another.
  const title =
    kind === 'JobApplication' ? sql<string>`(select jobs.title from jobs where jobs.id = job_applications.job_id)` : sql.ref<string>(`${table}.${kind === 'ContactInfo' ? 'subject' : 'company'}`);
  const rows = await db
    .selectFrom(table)
    .select([
      sql.ref<number>(`${table}.id`).as('id'),
      sql.ref<string>(`${table}.created_at`).as('created_at'),
      sql.ref<string>(`${table}.name`).as('name'),
      sql.ref<string>(`${table}.email`).as('email'),
      sql.ref<string>(`${table}.phone`).as('phone'),
      sql.ref<number>(`${table}.status_id`).as('status_id'),
      title.as('title'),
    ])
    .where(sql.ref(`${table}.id`), 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        entity: kind,
        id,
        createdAt: String(row.created_at),
        name: String(row.name ?? ''),
        email: String(row.email ?? ''),
        phone: String(row.phone ?? ''),
        statusId: Number(row.status_id),
        title: String(row.title ?? ''),
      },
    ];
  });
}

/**
 * One page of everything found, kinds in order (applications, contact messages, join-us entries),
 * newest first in each: each kind is read with its own offset into the page, never all of it.
 */
export async function matchPage(db: KyselyDb, subject: DataSubject, counts: DataSubjectCounts, page: number, pageSize: number): Promise<DataSubjectMatch[]> {
  let skip = (page - 1) * pageSize;
  let room = pageSize;
  const items: DataSubjectMatch[] = [];
  for (const kind of DATA_SUBJECT_KINDS) {
    if (room === 0) break;
    const count = counts[kind];
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const ids = await matchingIds(db, kind, subject, room, skip);
    items.push(...(await summariesOf(db, kind, ids)));
    room -= ids.length;
    skip = 0;
  }
  return items;
}

/** A résumé's stored file, for the archive. */
export function resumeFileOf(db: KyselyDb, applicationId: number) {
  return db
    .selectFrom('job_applications')
    .innerJoin('files', 'files.id', 'job_applications.resume_file_id')
    .select(['files.id', 'files.name', 'files.mime_type', 'files.size', 'files.storage_key'])
    .where('job_applications.id', '=', applicationId)
    .executeTakeFirst();
}
