/**
 * Answers of anonymous reads (public lists and records), kept in memory so a visitor's request costs
 * little more than a static file. Emptied whenever staff change public content; entries also expire
 * after a few seconds, because visibility depends on the clock too (a scheduled news item goes live
 * at its publication time, a job closes at its closing date).
 */
export class PublicReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

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
    this.entries.clear();
  }

  /** Answers from the cache, or computes, keeps and answers. */
  async through<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit as T;
    const value = await compute();
    this.set(key, value);
    return value;
  }
}
