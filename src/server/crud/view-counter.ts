import type { KyselyDb } from '../db/schema.js';

/**
 * Counts public views in memory and writes them in one batch every few seconds, so reading a news
 * item never waits for a write and a cached answer still counts.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: KyselyDb,
    /** The table whose `view_count` it keeps. */
    private readonly table: 'news',
    private readonly onError: (error: unknown) => void,
    intervalMs = 5_000,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs).unref();
  }

  add(id: number) {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  async flush() {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [id, views] of batch) {
          await trx
            .updateTable(this.table)
            .set((eb) => ({ view_count: eb('view_count', '+', views) }))
            .where('id', '=', id)
            .execute();
        }
      });
    } catch (error) {
      this.onError(error);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
