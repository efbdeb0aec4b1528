import type { KyselyDb } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { nowIso } from '../time.js';
import type { RevisionListQuery, RevisionRecord, RevisionSummary } from '../../shared/schemas/revision.js';

/**
 * SQL of the revisions (migration 0015, docs/decisions/0037): the version each save replaced, whole,
 * keyed by the API's entity name and the record's id or key. Written only inside the transaction of
 * the save it precedes, so a save that fails keeps no revision and no save goes without one.
 */

const SUMMARY_MAX = 200;

/** A version's line in a list: its title, in whichever shape the record keeps one. */
export function summaryOf(record: Record<string, unknown>): string {
  const title = record.title ?? record.siteName ?? record.name;
  const text =
    typeof title === 'string'
      ? title
      : title && typeof title === 'object'
        ? Object.values(title as Record<string, unknown>).filter((value) => typeof value === 'string' && value.trim() !== '').join(' / ')
        : '';
  return text.slice(0, SUMMARY_MAX);
}

/**
 * The audit actions that make a new version of a record. The latest of them for a record names who
 * made the version a save is about to replace, and when: the entry is written in the same transaction
 * as the change it records (docs/decisions/0036), so it is there exactly when the version is.
 * Publishing is not among them: a news item's publish comes with the save that made it, and a page's
 * publish makes no new draft, whose author stays whoever wrote it.
 */
const VERSION_ACTIONS = ['create', 'update', 'restore', 'settings-change'] as const;

/** Who made the version of `entity` `key` that stands now, and when; null for one no entry names. */
async function authorOf(trx: KyselyDb, entity: string, key: string | number): Promise<{ userId: number | null; userName: string | null; at: string } | null> {
  const row = await trx
    .selectFrom('audit_events')
    .select(['user_id', 'user_name', 'at'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(key))
    .where('action', 'in', VERSION_ACTIONS)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { userId: row.user_id === null ? null : Number(row.user_id), userName: row.user_name, at: row.at } : null;
}

/**
 * Keeps `record` (as the API answered it before this save) as a revision of `entity` `key`, under
 * the name of whoever made that version and the time they made it, as a history list reads: the
 * audit entry of the save that made it. A version no entry names (demo content, or one older than
 * the audit log keeps) is kept as saved by no one at the record's own `updatedAt`, else now.
 */
export async function saveRevision(trx: KyselyDb, entity: string, key: string | number, record: object): Promise<void> {
  const values = record as Record<string, unknown>;
  const author = await authorOf(trx, entity, key);
  const own = typeof values.updatedAt === 'string' ? values.updatedAt : typeof values.createdAt === 'string' ? values.createdAt : null;
  await trx
    .insertInto('revisions')
    .values({
      entity,
      record_key: String(key),
      record_json: JSON.stringify(values),
      summary: summaryOf(values),
      user_id: author?.userId ?? null,
      user_name: author?.userName ?? null,
      created_at: author?.at ?? own ?? nowIso(),
    })
    .execute();
}

/** A record's versions, newest first, a page at a time. */
export async function listRevisions(db: KyselyDb, entity: string, key: string | number, query: RevisionListQuery): Promise<{ items: RevisionSummary[]; meta: { page: number; pageSize: number; total: number } }> {
  const ofRecord = db.selectFrom('revisions').where('entity', '=', entity).where('record_key', '=', String(key));
  const [rows, count] = await Promise.all([
    ofRecord
      .select(['id', 'created_at', 'user_id', 'user_name', 'summary'])
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    ofRecord.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ id: Number(row.id), createdAt: row.created_at, userId: row.user_id === null ? null : Number(row.user_id), userName: row.user_name, summary: row.summary })),
    meta: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}

/** One version whole; a revision of another record or entity is a 404, as an unknown one is. */
export async function readRevision(db: KyselyDb, entity: string, key: string | number, revisionId: number): Promise<RevisionRecord> {
  const row = await db
    .selectFrom('revisions')
    .selectAll()
    .where('id', '=', revisionId)
    .where('entity', '=', entity)
    .where('record_key', '=', String(key))
    .executeTakeFirst();
  if (!row) throw notFound('Revision');
  return {
    id: Number(row.id),
    createdAt: row.created_at,
    userId: row.user_id === null ? null : Number(row.user_id),
    userName: row.user_name,
    summary: row.summary,
    entity: row.entity,
    recordKey: row.record_key,
    record: JSON.parse(row.record_json) as Record<string, unknown>,
  };
}

/** A record's revisions go with it (docs/decisions/0037); call it in the delete's transaction. */
export async function deleteRevisions(trx: KyselyDb, entity: string, key: string | number): Promise<void> {
  await trx.deleteFrom('revisions').where('entity', '=', entity).where('record_key', '=', String(key)).execute();
}

/**
 * An update based on `basedOn` (the `updatedAt` its editor read) is refused when the record has been
 * saved since: a 409 `stale`, checked inside the update's transaction. Without `basedOn` it goes
 * through, as it always did.
 */
export function refuseStale(label: string, basedOn: string | null | undefined, current: string | null | undefined): void {
  if (basedOn === undefined) return;
  if ((basedOn ?? null) !== (current ?? null)) throw conflict('stale', `${label} was changed by someone else since it was opened`);
}
