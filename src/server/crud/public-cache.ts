/**
 * Answers of anonymous reads (public lists and records), kept in memory so a visitor's request costs
 * little more than a static file. Emptied whenever staff change public content; entries also expire
 * after a few seconds, because visibility depends on the clock too (a scheduled news item goes live
 * at its publication time, a job closes at its closing date).
 *
 * Concurrent misses of one key share a single computation: without that, every expiry under load set
 * all waiting requests querying the database at once (the bench saw p99 jump from tens to hundreds of
 * milliseconds every few seconds).
 */
export class PublicReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by clear(), so a computation started before a content change is never kept after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly ttlMs = 5_000,
  ) {}

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: unknown) {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** Answers from the cache, or joins the computation under way, or computes, keeps and answers. */
  async through<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const computation = compute().then(
      (value) => {
        if (this.generation === generation) {
          this.set(key, value);
          this.inFlight.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (this.generation === generation) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, computation);
    return computation;
  }
}
