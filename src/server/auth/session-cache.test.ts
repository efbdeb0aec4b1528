import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MAX_AGE_MS, SessionCache } from './session-cache.js';
import type { CachedSession } from './session-cache.js';

const IDLE_MS = 30 * 60_000;
const T0 = Date.parse('2026-03-01T08:00:00.000Z');

function entry(userId: number, sessionId: number, times: Partial<Omit<CachedSession, 'user'>> = {}): CachedSession {
  return {
    user: {
      id: userId,
      userName: `user${userId}`,
      displayName: '',
      email: '',
      roles: ['editor'],
      isActive: true,
      lastLoginAt: null,
      mustChangePassword: false,
      twoFactorEnabled: false,
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
      sessionId,
    },
    expiresAt: T0 + 12 * 3_600_000,
    lastSeenAt: T0,
    readAt: T0,
    ...times,
  };
}

/** A cache holding one entry per [tokenHash, userId, sessionId]. */
function cacheWith(...rows: [string, number, number][]) {
  const cache = new SessionCache(IDLE_MS);
  for (const [hash, userId, sessionId] of rows) cache.set(hash, entry(userId, sessionId), cache.generation);
  return cache;
}

describe('SessionCache', () => {
  it('answers a kept session, and nothing for an unknown token', () => {
    const cache = cacheWith(['a', 1, 10]);
    expect(cache.get('a', T0 + 1_000)?.user).toMatchObject({ id: 1, sessionId: 10 });
    expect(cache.get('b', T0 + 1_000)).toBeUndefined();
  });

  it('trusts an answer from the database for a minute at most', () => {
    const cache = cacheWith(['a', 1, 10]);
    expect(cache.get('a', T0 + SESSION_CACHE_MAX_AGE_MS - 1)).toBeDefined();
    expect(cache.get('a', T0 + SESSION_CACHE_MAX_AGE_MS)).toBeUndefined();
    // Dropped, not just hidden.
    expect(cache.size).toBe(0);
  });

  it('stops at the session\'s absolute expiry, even within the minute', () => {
    const cache = new SessionCache(IDLE_MS);
    cache.set('a', entry(1, 10, { expiresAt: T0 + 5_000 }), cache.generation);
    expect(cache.get('a', T0 + 4_999)).toBeDefined();
    expect(cache.get('a', T0 + 5_000)).toBeUndefined();
  });

  it('stops when the session has been idle too long, counting from its cached last use', () => {
    const cache = new SessionCache(IDLE_MS);
    const lastSeenAt = T0 - IDLE_MS + 10_000;
    cache.set('a', entry(1, 10, { lastSeenAt }), cache.generation);
    expect(cache.get('a', T0 + 9_999)).toBeDefined();
    expect(cache.get('a', T0 + 10_000)).toBeUndefined();

    // A use written since moves the idle limit with it.
    const touched = entry(2, 20, { lastSeenAt });
    cache.set('b', touched, cache.generation);
    touched.lastSeenAt = T0 + 5_000;
    expect(cache.get('b', T0 + 20_000)).toBeDefined();
  });

  it('holds a bounded number of sessions, dropping the oldest', () => {
    const cache = new SessionCache(IDLE_MS, 3);
    for (let i = 1; i <= 4; i++) cache.set(`t${i}`, entry(i, i), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('t1', T0)).toBeUndefined();
    expect(['t2', 't3', 't4'].map((hash) => cache.get(hash, T0)?.user.id)).toEqual([2, 3, 4]);
  });

  it('forgets one session, every session of a user, or everything', () => {
    const cache = cacheWith(['a', 1, 10], ['b', 1, 11], ['c', 2, 20], ['d', 3, 30]);
    cache.forgetSession(10);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('b', T0)).toBeDefined();
    cache.forgetUser(1);
    expect(cache.get('b', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('drops an answer read before a concurrent revocation: a revoked session never comes back', () => {
    for (const revoke of [
      (cache: SessionCache) => cache.forgetSession(10),
      (cache: SessionCache) => cache.forgetUser(1),
      // Any other forgetting too: the guard does not know what the read will answer.
      (cache: SessionCache) => cache.forgetUser(99),
      (cache: SessionCache) => cache.clear(),
    ]) {
      const cache = new SessionCache(IDLE_MS);
      const generation = cache.generation; // noted before the database read...
      revoke(cache); // ...which a revocation overtakes...
      cache.set('a', entry(1, 10), generation); // ...so its answer is not kept.
      expect(cache.get('a', T0)).toBeUndefined();
      // A read begun after the revocation is kept.
      cache.set('a', entry(1, 10), cache.generation);
      expect(cache.get('a', T0)).toBeDefined();
    }
  });

  it('answers and keeps nothing while bypassed, and comes back empty', () => {
    const cache = cacheWith(['a', 1, 10]);
    const before = cache.generation;
    cache.setBypassed(true);
    expect(cache.get('a', T0)).toBeUndefined();
    cache.set('b', entry(2, 20), cache.generation);
    expect(cache.size).toBe(0);
    cache.setBypassed(false);
    // A read begun before the listener was back may have missed a revocation: not kept.
    cache.set('c', entry(3, 30), before);
    expect(cache.get('c', T0)).toBeUndefined();
    cache.set('c', entry(3, 30), cache.generation);
    expect(cache.get('c', T0)).toBeDefined();
  });

  it('shares one frozen user between the requests of a token', () => {
    const cache = cacheWith(['a', 1, 10]);
    const user = cache.get('a', T0)!.user;
    expect(Object.isFrozen(user) && Object.isFrozen(user.roles)).toBe(true);
  });
});
