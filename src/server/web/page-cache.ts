import type { Compressible } from '../http/encoding.js';

export interface CachedPage extends Compressible {
  status: number;
  headers: [string, string][];
}

/**
 * Rendered public pages, kept in memory so that a page costs little more than a static file. Emptied
 * whenever staff change public content, and entries expire after a few seconds because what the
 * public sees also follows the clock (scheduled news, closing dates). Compressed variants are made
 * once per entry, on first demand.
 *
 * When an entry expires, the first request to ask renders the page afresh while the others are
 * answered with the expired page for at most `refreshGraceMs`: without that, every expiry under load
 * set all waiting requests rendering the same page at once (the bench saw /Home's p99 jump to
 * several hundred milliseconds every 5 s).
 *
 * A page not in the cache at all is rendered once for the requests that arrive while its render is
 * under way (`through`). A content change (`clear`) ends that sharing too, and a render begun before
 * the change is not kept after it.
 */
export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; expiresAt: number; refreshing?: boolean }>();
  private readonly renders = new Map<string, Promise<CachedPage>>();
  /** Bumped by clear(), so a render begun before a content change is neither joined nor kept after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 5_000,
    private readonly refreshGraceMs = 2_000,
  ) {}

  /** The page kept under `key` if it has not expired, changing nothing (a kept page's own path, web/kept-pages.ts). */
  fresh(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.page : undefined;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expiresAt > now) return entry.page;
    if (now >= entry.expiresAt + this.refreshGraceMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (entry.refreshing) return entry.page;
    // This caller renders afresh; should it fail to put a page back, the entry lapses with the grace.
    entry.refreshing = true;
    return undefined;
  }

  set(key: string, page: CachedPage) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { page, expiresAt: Date.now() + this.ttlMs });
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.renders.clear();
  }

  /**
   * The cached page, or the page of a render under way for the same key, or a fresh render, kept when
   * it may be. A shared render that fails or answers something personal is not reused: the caller
   * renders for itself.
   */
  async through(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const cached = this.get(key);
    if (cached) return cached;
    const shared = this.renders.get(key);
    if (shared) {
      const page = await shared.catch(() => undefined);
      if (page && keepable(page)) return page;
    }
    const generation = this.generation;
    const rendering = render();
    if (!shared) {
      this.renders.set(key, rendering);
      const done = () => {
        if (this.renders.get(key) === rendering) this.renders.delete(key);
      };
      void rendering.then(done, done);
    }
    const page = await rendering;
    if (keepable(page) && generation === this.generation) this.set(key, page);
    return page;
  }
}

/** Only a plain success, the same for every visitor, may be answered to others. */
function keepable(page: CachedPage): boolean {
  return page.status === 200 && !page.headers.some(([name]) => name === 'set-cookie');
}

