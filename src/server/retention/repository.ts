import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import { DEFAULT_RETENTION, RETENTION_KINDS, retentionRule } from '../../shared/schemas/retention.js';
import type { RetentionCounts, RetentionDue, RetentionKind, RetentionRule, RetentionSettings, RetentionUpdate, RetentionValues } from '../../shared/schemas/retention.js';
import { changedValues, recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import type { Db } from '../db/connect.js';
import type { KyselyDb } from '../db/schema.js';
import { nowIso } from '../time.js';

/** The periods live in one row (migration 0020); its id never changes. */
const ROW_ID = 1;
const DAY_MS = 86_400_000;

const TABLES = { JobApplication: 'job_applications', ContactInfo: 'contact_infos', JoinUs: 'join_us' } as const;

/** The stored document over the defaults: a kind never saved, or saved wrongly by hand, reads as its default. */
function valuesOf(stored: string | undefined): RetentionValues {
  const written = stored ? (JSON.parse(stored) as Partial<Record<RetentionKind, unknown>>) : {};
  const values = structuredClone(DEFAULT_RETENTION);
  for (const kind of RETENTION_KINDS) {
    const rule = retentionRule.safeParse(written[kind]);
    if (rule.success) values[kind] = rule.data;
  }
  return values;
}

export async function readRetention(db: KyselyDb): Promise<RetentionSettings> {
  const row = await db.selectFrom('retention_settings').select(['settings', 'updated_at', 'last_run_on']).where('id', '=', ROW_ID).executeTakeFirst();
  return { ...valuesOf(row?.settings), updatedAt: row?.updated_at ?? null, lastRunOn: row?.last_run_on ?? null };
}

/** Changes the kinds given, keeps the others; read and written in one transaction (locked on PostgreSQL). */
export async function updateRetention(db: Db, update: RetentionUpdate, actor: AuditActor): Promise<RetentionSettings> {
  await db.kysely.transaction().execute(async (trx) => {
    let read = trx.selectFrom('retention_settings').select('settings').where('id', '=', ROW_ID);
    if (db.engine === 'postgres') read = read.forUpdate();
    const before = valuesOf((await read.executeTakeFirst())?.settings);
    const after = { ...before, ...update };
    await recordAudit(trx, actor, { action: 'settings-change', entity: 'Retention', entityId: ROW_ID, changes: changedValues(before, update) });
    const settings = JSON.stringify(after);
    await trx
      .insertInto('retention_settings')
      .values({ id: ROW_ID, settings, updated_at: nowIso(), last_run_on: null })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ settings, updated_at: nowIso() }))
      .execute();
  });
  return readRetention(db.kysely);
}

/** The time a record's period runs from: an application's last status move (else its creation); an inquiry's creation. */
function sinceOf(kind: RetentionKind) {
  const table = TABLES[kind];
  if (kind !== 'JobApplication') return sql<string>`${sql.ref(`${table}.created_at`)}`;
  return sql<string>`coalesce((select max(sh.at) from status_history sh where sh.entity = 'JobApplication' and sh.record_id = job_applications.id), job_applications.created_at)`;
}

/** Records of one kind whose period is over at `now`; anonymising leaves alone what already is. */
function dueQuery(db: KyselyDb, kind: RetentionKind, rule: RetentionRule, now: Date) {
  const table = TABLES[kind];
  const cutoff = new Date(now.getTime() - rule.days * DAY_MS).toISOString();
  const since = sinceOf(kind);
  let query = db
    .selectFrom(table)
    .where((eb) => eb(since, '<', cutoff) as Expression<SqlBool>);
  if (rule.action === 'anonymise') query = query.where(sql.ref(`${table}.anonymised_at`), 'is', null);
  return { query, since };
}

export async function countDue(db: KyselyDb, values: RetentionValues, now: Date): Promise<RetentionCounts> {
  const counts = { JobApplication: 0, ContactInfo: 0, JoinUs: 0 };
  for (const kind of RETENTION_KINDS) {
    const { query } = dueQuery(db, kind, values[kind], now);
    const row = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    counts[kind] = Number(row?.n ?? 0);
  }
  return counts;
}

/** One kind's due records, oldest first, from `offset`. */
export async function dueRecords(db: KyselyDb, kind: RetentionKind, rule: RetentionRule, now: Date, offset: number, limit: number): Promise<RetentionDue[]> {
  const table = TABLES[kind];
  const { query, since } = dueQuery(db, kind, rule, now);
  const rows = await query
    .select([sql.ref<number>(`${table}.id`).as('id'), since.as('since')])
    .orderBy(since)
    .orderBy(sql.ref(`${table}.id`))
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ entity: kind, id: Number(row.id), since: String(row.since), action: rule.action }));
}

/** One page across the kinds in their fixed order (applications, contact messages, join-us entries). */
export async function duePage(db: KyselyDb, values: RetentionValues, counts: RetentionCounts, now: Date, page: number, pageSize: number): Promise<RetentionDue[]> {
  let skip = (page - 1) * pageSize;
  const items: RetentionDue[] = [];
  for (const kind of RETENTION_KINDS) {
    if (items.length === pageSize) break;
    if (skip >= counts[kind]) {
      skip -= counts[kind];
      continue;
    }
    items.push(...(await dueRecords(db, kind, values[kind], now, skip, pageSize - items.length)));
    skip = 0;
  }
  return items;
}

/** Marks the day's run as taken; false when another instance (or an earlier run) already took it. */
export async function claimDay(trx: KyselyDb, day: string): Promise<boolean> {
  const result = await trx
    .updateTable('retention_settings')
    .set({ last_run_on: day })
    .where('id', '=', ROW_ID)
    .where((eb) => eb.or([eb('last_run_on', 'is', null), eb('last_run_on', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
