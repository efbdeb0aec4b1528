import postgres from 'postgres';
import { ErrorCode } from '../../shared/api.js';
import { RETENTION_KINDS } from '../../shared/schemas/retention.js';
import type { RetentionCounts } from '../../shared/schemas/retention.js';
import type { AuditActor } from '../audit/record.js';
import type { AppContext } from '../context.js';
import { purgeAcknowledgements } from '../notifications/notify.js';
import { anonymiseApplication, anonymiseInquiry, eraseApplication, eraseInquiry } from '../erasure/erase.js';
import { AppError } from '../http/errors.js';
import { claimDay, countDue, dueRecords, readRetention } from './repository.js';

/** The retention job's audit actor: no user, named so the log says who removed the records. */
export const RETENTION_ACTOR: AuditActor = { userId: null, userName: 'retention', clientAddress: null, userAgent: null };

/** Portico's own advisory lock number for the retention run (the backups' is 4_204_200_042). */
const RETENTION_LOCK = 4_204_200_045;

/** Records handled per kind per query: a long backlog is worked through in pages. */
const BATCH = 200;

export type RetentionRun = { status: 'ran'; removed: RetentionCounts } | { status: 'skipped' };

/** Applies the periods at `now`: every record past its period is erased or anonymised through the erasure module. */
async function applyRetention(ctx: AppContext, now: Date): Promise<RetentionCounts> {
  const db = ctx.db.kysely;
  const values = await readRetention(db);
  const removed: RetentionCounts = { JobApplication: 0, ContactInfo: 0, JoinUs: 0 };
  for (const kind of RETENTION_KINDS) {
    const rule = values[kind];
    for (;;) {
      // Always from the start: what was handled no longer matches (erased, or anonymised).
      const due = await dueRecords(db, kind, rule, now, 0, BATCH);
      if (due.length === 0) break;
      for (const { id } of due) {
        try {
          if (kind === 'JobApplication') await (rule.action === 'delete' ? eraseApplication : anonymiseApplication)(ctx, id, RETENTION_ACTOR);
          else await (rule.action === 'delete' ? eraseInquiry : anonymiseInquiry)(ctx, kind, id, RETENTION_ACTOR);
          removed[kind] += 1;
        } catch (error) {
          // Erased by staff in the meantime: gone, as the period asked.
          if (!(error instanceof AppError && error.errorCode === ErrorCode.notFound)) throw error;
        }
      }
      if (due.length < BATCH) break;
    }
  }
  await purgeAcknowledgements(ctx, now);
  return removed;
}

/**
 * The day's run, on exactly one instance. The day is claimed compare-and-set in the settings row, so
 * the run happens once per day (UTC) whichever instance's timer fires first. On PostgreSQL the claim
 * is made in a transaction holding `pg_try_advisory_xact_lock` for the whole run, on a connection of
 * its own: an instance that finds the lock taken skips, and a run that fails rolls its claim back so
 * the next tick tries again. On SQLite one process owns the database; the schedule's flag keeps runs
 * from overlapping.
 */
export async function runRetention(ctx: AppContext, now = new Date()): Promise<RetentionRun> {
  const day = now.toISOString().slice(0, 10);
  const { database } = ctx.config;
  if (database.kind === 'sqlite') {
    if (!(await claimDay(ctx.db.kysely, day))) return { status: 'skipped' };
    return { status: 'ran', removed: await applyRetention(ctx, now) };
  }
  const sql = postgres(database.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await sql.begin(async (tx) => {
      const [{ locked }] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`;
      if (!locked) return { status: 'skipped' as const };
      const claimed = await tx`update retention_settings set last_run_on = ${day} where id = 1 and (last_run_on is null or last_run_on < ${day})`;
      if (claimed.count !== 1) return { status: 'skipped' as const };
      return { status: 'ran' as const, removed: await applyRetention(ctx, now) };
    });
  } finally {
    await sql.end({ timeout: 5 }).catch(() => undefined);
  }
}

/** What the next run would remove, by kind, at `now`. */
export async function dueCounts(ctx: AppContext, now = new Date()): Promise<RetentionCounts> {
  return countDue(ctx.db.kysely, await readRetention(ctx.db.kysely), now);
}

/**
 * The daily timer of one instance: ticks hourly (unref'd, stopped on close) and, once the UTC hour
 * `RETENTION_HOUR` has come, tries the day's run; the claim makes it one run a day across instances,
 * and a day missed while the server was down is made up at the next tick.
 */
export class RetentionSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): this {
    this.timer = setInterval(() => void this.tick(), 3_600_000).unref();
    return this;
  }

  async tick(now = new Date()): Promise<RetentionRun> {
    if (this.running || now.getUTCHours() < this.ctx.config.retention.hour) return { status: 'skipped' };
    const run = runRetention(this.ctx, now);
    this.running = run;
    try {
      const result = await run;
      // Counts only, never a record.
      if (result.status === 'ran') this.ctx.log.info({ removed: result.removed }, 'retention run');
      return result;
    } catch (error) {
      this.ctx.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'retention run failed');
      return { status: 'skipped' };
    } finally {
      this.running = null;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
