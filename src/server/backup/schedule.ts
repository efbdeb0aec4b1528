import fs from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import postgres from 'postgres';
import type { AppContext } from '../context.js';
import { createBackup } from './backup.js';
import { BackupError } from './errors.js';

/** The archives scheduled backups write, named by the minute they were due: newest sorts last. */
const SCHEDULED_NAME = /^portico-backup-\d{8}T\d{4}Z\.tar\.gz$/;
/** What a backup stopped half-way leaves behind (see backup.ts). */
const LEFTOVER = /^(\.portico-backup-.*|portico-backup-.*\.partial)$/;

/**
 * The PostgreSQL advisory lock of the scheduled backup: whichever instance takes it runs the backup,
 * the others skip theirs. A fixed number, Portico's alone within its database.
 */
const BACKUP_LOCK = 4_204_200_042;

/** A cron slot is a minute: the winner keeps the lock a minute from its start, for instances a little late. */
const SLOT_MS = 60_000;

export type ScheduledRun =
  | { status: 'written'; file: string; removed: string[] }
  /** Another instance (or a run still going here) has this slot. */
  | { status: 'skipped' }
  | { status: 'failed'; reason: string };

export function scheduledBackupName(slot: Date): string {
  const stamp = slot.toISOString().slice(0, 16).replace(/[-:]/g, '');
  return `portico-backup-${stamp}Z.tar.gz`;
}

/**
 * Scheduled backups (`BACKUP_DIR`, `BACKUP_CRON`, `BACKUP_KEEP`; docs/decisions/0042-backups.md). When
 * several instances share one PostgreSQL database, every instance's timer fires, and the one that
 * takes the advisory lock writes the backup. It keeps the lock until the slot's minute is over, so an
 * instance whose clock or timer runs a little late finds it taken rather than free again. On SQLite
 * the database belongs to this one process, and a flag keeps runs from overlapping.
 */
export class BackupSchedule {
  private job: Cron | null = null;
  private running: Promise<ScheduledRun> | null = null;
  /** Lock sessions held past their backup until the slot is over, released by a timer or by `stop`. */
  private readonly held = new Set<{ timer: NodeJS.Timeout; release: () => Promise<void> }>();

  constructor(private readonly ctx: AppContext) {}

  /** Starts the timer when `BACKUP_DIR` is set; does nothing otherwise. */
  start(): this {
    const { backup } = this.ctx.config;
    if (!backup.dir) return this;
    this.job = new Cron(backup.cron, { mode: '5-part', protect: true }, () => {
      void this.runOnce();
    });
    this.ctx.log.info({ cron: backup.cron, keep: backup.keep }, 'scheduled backups on');
    return this;
  }

  /**
   * One scheduled backup, named by the minute `slot` falls in. On PostgreSQL the lock is kept
   * `holdMs` (a minute) from the start, however quick the backup.
   */
  async runOnce(options: { slot?: Date; holdMs?: number } = {}): Promise<ScheduledRun> {
    if (this.running) return { status: 'skipped' };
    const slot = new Date(Math.floor((options.slot ?? new Date()).getTime() / SLOT_MS) * SLOT_MS);
    this.running = this.lockedRun(slot, Date.now() + (options.holdMs ?? SLOT_MS));
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Stops the timer, waits for a backup under way and lets go of the lock. */
  async stop(): Promise<void> {
    this.job?.stop();
    await this.running?.catch(() => undefined);
    await Promise.all(
      [...this.held].map(async (hold) => {
        clearTimeout(hold.timer);
        this.held.delete(hold);
        await hold.release();
      }),
    );
  }

  private async lockedRun(slot: Date, holdUntil: number): Promise<ScheduledRun> {
    const { database } = this.ctx.config;
    if (database.kind === 'sqlite') return this.backUp(slot);
    const sql = postgres(database.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
    let locked = false;
    try {
      // A session-level lock: held by this one connection until unlocked or closed.
      [{ locked }] = await sql<{ locked: boolean }[]>`select pg_try_advisory_lock(${BACKUP_LOCK}) as locked`;
      if (!locked) return { status: 'skipped' };
      return await this.backUp(slot);
    } catch (error) {
      this.ctx.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'scheduled backup failed');
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      const release = async () => {
        await sql.end({ timeout: 5 }).catch(() => undefined);
      };
      const wait = holdUntil - Date.now();
      if (locked && wait > 0) {
        const hold = {
          timer: setTimeout(() => {
            this.held.delete(hold);
            void release();
          }, wait),
          release,
        };
        hold.timer.unref();
        this.held.add(hold);
      } else {
        await release();
      }
    }
  }

  private async backUp(slot: Date): Promise<ScheduledRun> {
    const { dir, keep } = this.ctx.config.backup;
    if (!dir) return { status: 'skipped' };
    const file = path.join(dir, scheduledBackupName(slot));
    // A folder all instances share may already hold this slot's archive.
    if (fs.existsSync(file)) return { status: 'skipped' };
    const started = Date.now();
    try {
      await fs.promises.mkdir(dir, { recursive: true });
      const result = await createBackup(this.ctx.config, this.ctx.storage, file);
      const removed = await this.keepNewest(dir, keep);
      // Sizes and counts only: no record's content, no file's name, ever reaches the log.
      this.ctx.log.info(
        { file: path.basename(file), bytes: result.size, files: result.files, missing: result.missing.length, removed: removed.length, ms: Date.now() - started },
        'scheduled backup written',
      );
      return { status: 'written', file, removed };
    } catch (error) {
      const reason = error instanceof BackupError ? error.message : `unexpected: ${error instanceof Error ? error.message : String(error)}`;
      this.ctx.log.error({ reason }, 'scheduled backup failed');
      return { status: 'failed', reason };
    }
  }

  /**
   * Deletes all but the newest `keep` scheduled archives, and what an interrupted run left over a day
   * ago (a backup someone is running by hand into the same folder is left alone).
   */
  private async keepNewest(dir: string, keep: number): Promise<string[]> {
    const names = await fs.promises.readdir(dir);
    const archives = names.filter((name) => SCHEDULED_NAME.test(name)).sort();
    const removed = archives.slice(0, Math.max(0, archives.length - keep));
    for (const name of removed) await fs.promises.rm(path.join(dir, name), { force: true });
    for (const name of names.filter((n) => LEFTOVER.test(n))) {
      const leftover = path.join(dir, name);
      const stat = await fs.promises.stat(leftover).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > 86_400_000) await fs.promises.rm(leftover, { recursive: true, force: true });
    }
    return removed;
  }
}
