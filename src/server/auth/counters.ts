/**
 * Counters with expiry for throttling. In memory on one process; in Redis when `REDIS_URL` is set, so
 * that several instances share them (`redis-counters.ts`, loaded only then).
 */
export interface CounterStore {
  /** Adds one to `key` (a window of `windowMs` starts with the first hit) and answers the count. */
  hit(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Takes one back from `key`, if it is still counting (its window has not run out). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Sets a flag that expires after `ms`. */
  lock(key: string, ms: number): Promise<void>;
  isLocked(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();
  private readonly locks = new Map<string, number>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.counts.set(key, { count: 1, expiresAt: now + windowMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async get(key: string): Promise<number> {
    const entry = this.counts.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.count : 0;
  }

  async release(key: string): Promise<void> {
    const entry = this.counts.get(key);
    if (entry && entry.expiresAt > Date.now() && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.counts.delete(key);
  }

  async lock(key: string, ms: number): Promise<void> {
    this.locks.set(key, Date.now() + ms);
  }

  async isLocked(key: string): Promise<boolean> {
    const until = this.locks.get(key);
    return until !== undefined && until > Date.now();
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    for (const [key, until] of this.locks) if (until <= now) this.locks.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
