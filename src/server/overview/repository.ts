import type { ModuleKey } from '../../shared/modules.js';
import { GLANCE_KINDS, OLDEST_MAX } from '../../shared/schemas/overview.js';
import type { GlanceCounts, GlanceKind, OverviewAnswer } from '../../shared/schemas/overview.js';
import type { KyselyDb } from '../db/schema.js';

/**
 * The SQL of the back-office at a glance (docs/decisions/0051). "New" is an item's first status
 * (新申请 / 新留言), the one every submission starts in; each count is one indexed count per kind.
 */

const NEW_STATUS = 1;
const WEEK_MS = 7 * 86_400_000;
const TABLES = { JobApplication: 'job_applications', ContactInfo: 'contact_infos', JoinUs: 'join_us' } as const;

const held = (modules: ReadonlySet<ModuleKey>) => GLANCE_KINDS.filter(({ module }) => modules.has(module)).map(({ kind }) => kind);

async function countNew(db: KyselyDb, kind: GlanceKind): Promise<number> {
  const row = await db
    .selectFrom(TABLES[kind])
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status_id', '=', NEW_STATUS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new items of each kind the user's modules read; null for the others. */
export async function glanceCountsFor(db: KyselyDb, modules: ReadonlySet<ModuleKey>): Promise<GlanceCounts> {
  const counts: GlanceCounts = { JobApplication: null, ContactInfo: null, JoinUs: null };
  await Promise.all(held(modules).map(async (kind) => (counts[kind] = await countNew(db, kind))));
  return counts;
}

async function oldestNew(db: KyselyDb, kind: GlanceKind) {
  if (kind === 'JobApplication') {
    const rows = await db
      .selectFrom('job_applications')
      .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
      .select(['job_applications.id', 'job_applications.name', 'job_applications.created_at', 'jobs.title'])
      .where('job_applications.status_id', '=', NEW_STATUS)
      .orderBy('job_applications.created_at', 'asc')
      .orderBy('job_applications.id', 'asc')
      .limit(OLDEST_MAX)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), name: row.name, createdAt: row.created_at, jobTitle: row.title }));
  }
  const rows = await db
    .selectFrom(TABLES[kind])
    .select(['id', 'name', 'created_at'])
    .where('status_id', '=', NEW_STATUS)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(OLDEST_MAX)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, createdAt: row.created_at, jobTitle: null }));
}

/** Applications of the last seven days per job and status, busiest job first. */
async function weekOf(db: KyselyDb, from: string) {
  const rows = await db
    .selectFrom('job_applications')
    .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
    .select((eb) => ['job_applications.job_id', 'jobs.title', 'job_applications.status_id', eb.fn.countAll<string | number>().as('n')])
    .where('job_applications.created_at', '>=', from)
    .groupBy(['job_applications.job_id', 'jobs.title', 'job_applications.status_id'])
    .execute();
  const perJob = new Map<number, number>();
  for (const row of rows) perJob.set(Number(row.job_id), (perJob.get(Number(row.job_id)) ?? 0) + Number(row.n));
  return rows
    .map((row) => ({ jobId: Number(row.job_id), jobTitle: row.title, statusId: Number(row.status_id), count: Number(row.n) }))
    .sort((a, b) => perJob.get(b.jobId)! - perJob.get(a.jobId)! || a.jobId - b.jobId || a.statusId - b.statusId);
}

export async function overviewFor(db: KyselyDb, modules: ReadonlySet<ModuleKey>, now = new Date()): Promise<OverviewAnswer> {
  const kinds = held(modules);
  const weekFrom = new Date(now.getTime() - WEEK_MS).toISOString();
  const [counts, week, ...oldest] = await Promise.all([
    glanceCountsFor(db, modules),
    modules.has('applications') ? weekOf(db, weekFrom) : Promise.resolve(null),
    ...kinds.map((kind) => oldestNew(db, kind)),
  ]);
  const lists: OverviewAnswer['oldest'] = { JobApplication: null, ContactInfo: null, JoinUs: null };
  kinds.forEach((kind, index) => (lists[kind] = oldest[index] as NonNullable<OverviewAnswer['oldest'][GlanceKind]>));
  return { counts, weekFrom, week, oldest: lists };
}
