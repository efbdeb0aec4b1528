import type { User } from '../../shared/schemas/user.js';

/** What a valid bearer token stands for: the presented user and the session it signed in with. */
export type SessionUserRecord = User & { sessionId: number };

/** One session as the database last answered it; times in epoch milliseconds. */
export interface CachedSession {
  readonly user: SessionUserRecord;
  readonly expiresAt: number;
  /** Moves when the session's last use is written (at most once a minute). */
  lastSeenAt: number;
  /** When the database was asked: the entry's age counts from before the answer came. */
  readonly readAt: number;
}

/**
 * How long an answer from the database is trusted. Revocations through Portico reach the cache at
 * once (locally, and on PostgreSQL through LISTEN/NOTIFY); this bound is the safety net for what
 * they cannot see: a session or user changed by hand in SQL, or a notification lost on a connection
 * that died without saying so. A minute keeps the database lookup rare (once per token per minute,
 * the same pace as the last-use write) while such a change still takes effect soon.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

/** Enough for every signed-in member of staff of a large company; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Validated sessions by token hash, so a staff call does not need a database round trip to know
 * who is calling. An entry is used only while the session is valid by its own times and for at most
 * `SESSION_CACHE_MAX_AGE_MS`; every revocation forgets the entries it touches.
 *
 * A lookup that missed notes `generation` before it reads the database and hands it back to `set`:
 * any forgetting in between bumps the generation and the answer is not kept, otherwise a read that
 * raced a revocation would put the revoked session back.
 *
 * While `bypassed` (PostgreSQL with the invalidation listener down: other instances' revocations
 * cannot reach this one), nothing is answered or kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private currentGeneration = 0;
  private isBypassed = false;

  constructor(
    private readonly idleMs: number,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    private readonly maxAgeMs = SESSION_CACHE_MAX_AGE_MS,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get bypassed(): boolean {
    return this.isBypassed;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The session of this token hash, if known and still valid at `now`. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    // The same tests as the database query: strictly before the absolute expiry, strictly less idle
    // time than allowed.
    const valid = now < entry.expiresAt && now - entry.lastSeenAt < this.idleMs && now - entry.readAt < this.maxAgeMs;
    if (!valid) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps a database answer, unless something was forgotten since `generation` was noted. */
  set(tokenHash: string, entry: CachedSession, generation: number): void {
    if (this.isBypassed || generation !== this.currentGeneration) return;
    // Oldest first out: a Map iterates in insertion order.
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // Every request of this token shares the entry: no handler may change another request's user.
    Object.freeze(entry.user.roles);
    Object.freeze(entry.user);
    this.entries.set(tokenHash, entry);
  }

  // Revocations are rare (sign-in, logout, changes to users), so they scan the entries instead of
  // keeping indexes by session and user in step: 10,000 entries take well under a millisecond.

  forgetSession(sessionId: number): void {
    this.currentGeneration += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.user.sessionId === sessionId) this.entries.delete(tokenHash);
    }
  }

  forgetUser(userId: number): void {
    this.currentGeneration += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(tokenHash);
    }
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }

  /**
   * Stops (true) or resumes (false) answering from memory. Either way the entries go: those kept
   * before a bypass may have been revoked during it, and reads begun during it must not be kept after.
   */
  setBypassed(bypassed: boolean): void {
    this.isBypassed = bypassed;
    this.clear();
  }
}
