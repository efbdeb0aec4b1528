import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';
import type { CachedSession } from './session-cache.js';
import { SessionListener, applyPayload } from './session-listener.js';

/** A cache holding sessions 10 and 11 of user 1 and session 20 of user 2, under hashes a, b, c. */
function cacheOfThree(now: number) {
  const cache = new SessionCache(3_600_000);
  for (const [hash, id, sessionId] of [['a', 1, 10], ['b', 1, 11], ['c', 2, 20]] as const) {
    const user = { id, userName: `user${id}`, displayName: '', email: '', roles: ['editor'], isActive: true, lastLoginAt: null, createdAt: '', updatedAt: '', sessionId };
    const entry: CachedSession = { user, expiresAt: now + 3_600_000, lastSeenAt: now, readAt: now };
    cache.set(hash, entry, cache.generation);
  }
  return cache;
}

describe('session invalidation notices', () => {
  it('forget one session, every session of a user, and everything when bare or not understood', () => {
    const now = Date.now();
    const cache = cacheOfThree(now);
    const kept = () => ['a', 'b', 'c'].filter((hash) => cache.get(hash, now));
    applyPayload(cache, 'session:11');
    expect(kept()).toEqual(['a', 'c']);
    applyPayload(cache, 'user:1');
    expect(kept()).toEqual(['c']);
    for (const payload of ['', undefined, 'users:2', 'user:', 'session:x']) {
      const full = cacheOfThree(now);
      applyPayload(full, payload);
      expect(full.size, String(payload)).toBe(0);
    }
  });
});

describe('the session invalidation listener', () => {
  it('bypasses the cache while it cannot listen, and warns once without the database URL', async () => {
    const lines: string[] = [];
    const log = { warn: (...args: unknown[]) => lines.push(JSON.stringify(args)), info: () => undefined } as unknown as FastifyBaseLogger;
    const cache = new SessionCache(3_600_000);
    const listener = new SessionListener('postgres://portico:s3cret-word@127.0.0.1:1/portico', cache, log);
    try {
      await listener.start();
      expect(cache.bypassed).toBe(true);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('listener down');
      expect(lines[0]).not.toContain('s3cret-word');
    } finally {
      await listener.close();
    }
  });
});
