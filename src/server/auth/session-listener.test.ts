import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, isSessionCached, warmSession } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { SessionCache } from './session-cache.js';
import type { CachedSession } from './session-cache.js';
import { SessionListener, applyPayload, retryDelaySeconds } from './session-listener.js';
import { hashToken } from './tokens.js';

/** Polls until `check` holds; answers whether it did within `withinMs`. */
async function eventually(check: () => Promise<boolean> | boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
}

/** A cache holding sessions 10 and 11 of user 1 and session 20 of user 2, under hashes a, b, c. */
function cacheOfThree(now: number) {
  const cache = new SessionCache(3_600_000);
  for (const [hash, id, sessionId] of [['a', 1, 10], ['b', 1, 11], ['c', 2, 20]] as const) {
    const user = { id, userName: `user${id}`, displayName: '', email: '', roles: ['editor'], isActive: true, lastLoginAt: null, mustChangePassword: false, twoFactorEnabled: false, createdAt: '', updatedAt: '', sessionId };
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

  it('forget the custom roles on `roles`, leaving the sessions, and both when not understood', () => {
    const now = Date.now();
    const cache = cacheOfThree(now);
    let forgotten = 0;
    const roles = { forget: () => void forgotten++ };
    applyPayload(cache, 'roles', roles);
    expect([forgotten, cache.size]).toEqual([1, 3]);
    applyPayload(cache, 'session:10', roles);
    expect([forgotten, cache.size]).toEqual([1, 2]);
    applyPayload(cache, 'something-new', roles);
    expect([forgotten, cache.size]).toEqual([2, 0]);
  });
});

describe('the session invalidation listener', () => {
  it('tries again 1 s after a loss, doubling to 30 s while attempts fail', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(retryDelaySeconds)).toEqual([1, 1, 2, 4, 8, 16, 30, 30, 30]);
  });

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

// Two instances on one PostgreSQL database, DESIGN's scale-out: A revokes, B must stop answering
// from its cache. (SQLite is one process: no second instance to tell.)
describe.runIf(process.env.TEST_DATABASE_URL)('session revocation across instances on PostgreSQL', () => {
  const B_NAME = 'portico_test_instance_b';
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    // B's connections carry their own application name, so B's listener can be told from A's.
    const url = new URL((a.app.ctx.config.database as { url: string }).url);
    url.searchParams.set('application_name', B_NAME);
    b = await createTestApp('postgres', { DATABASE_URL: url.toString() }, { databaseOf: a });
    admin = await a.signIn();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (t: TestApp, token: string) => t.call('GET', '/api/security/current', undefined, token);
  const refusedOn = (t: TestApp, token: string) => async () => (await me(t, token)).statusCode === 401;

  /** Uses the token on B, so that B answers it from memory. */
  const warmOnB = (token: string) => warmSession(b, token);

  async function killListenerOfB() {
    const killed = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and application_name = ${B_NAME} and query ilike 'listen %'`.execute(a.app.ctx.db.kysely);
    expect(killed.rows).toEqual([{ killed: true }]);
  }

  it('starts listening with the app: B caches from its first call', () => {
    expect(b.app.ctx.sessionCache.bypassed).toBe(false);
  });

  it('refuses on B a token that signed out on A, within moments', async () => {
    const user = await buildUser(a, admin, ['editor']);
    await warmOnB(user.token);
    expect((await a.call('POST', '/api/security/logout', undefined, user.token)).json().isSuccess).toBe(true);
    expect(await eventually(refusedOn(b, user.token), 2_000)).toBe(true);
  });

  it('refuses on B the tokens of a user deactivated on A, and applies a role change', async () => {
    const deactivated = await buildUser(a, admin, ['editor']);
    const demoted = await buildUser(a, admin, ['editor']);
    await warmOnB(deactivated.token);
    await warmOnB(demoted.token);
    expect((await a.call('POST', '/api/User/Update', { id: deactivated.id, isActive: false }, admin)).json().isSuccess).toBe(true);
    expect((await a.call('POST', '/api/User/Update', { id: demoted.id, roles: ['service'] }, admin)).json().isSuccess).toBe(true);
    expect(await eventually(refusedOn(b, deactivated.token), 2_000)).toBe(true);
    const forbidden = async () => (await b.call('POST', '/api/NewsCategory', { name: `Refused ${demoted.id}` }, demoted.token)).statusCode === 403;
    expect(await eventually(forbidden, 2_000)).toBe(true);
  });

  it('hears an operator\'s NOTIFY after a session is deleted by hand', async () => {
    const user = await buildUser(a, admin, ['editor']);
    await warmOnB(user.token);
    await a.app.ctx.db.kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(user.token)).execute();
    expect((await me(b, user.token)).statusCode).toBe(200);
    await sql`notify portico_sessions`.execute(a.app.ctx.db.kysely);
    expect(await eventually(refusedOn(b, user.token), 2_000)).toBe(true);
  });

  it('closes for good while it waits to listen again: no connection is opened afterwards', async () => {
    const name = 'portico_test_closed_listener';
    const url = new URL((a.app.ctx.config.database as { url: string }).url);
    url.searchParams.set('application_name', name);
    const log = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
    const cache = new SessionCache(3_600_000);
    const listener = new SessionListener(url.toString(), cache, log);
    const connections = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where application_name = ${name}`.execute(a.app.ctx.db.kysely)).rows[0].n);
    try {
      await listener.start();
      expect(cache.bypassed).toBe(false);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.execute(a.app.ctx.db.kysely);
      expect(await eventually(() => cache.bypassed, 2_000)).toBe(true);
    } finally {
      // Within the second before the next attempt.
      await listener.close();
    }
    await sleep(1_500);
    expect(await connections()).toBe(0);
  });

  it('reads every session from the database while B\'s listener is down, and caches again once it is back', async () => {
    const first = await buildUser(a, admin, ['editor']);
    await warmOnB(first.token);
    await killListenerOfB();
    // B learns of the loss from its connection; from then on it keeps nothing in memory.
    expect(await eventually(() => b.app.ctx.sessionCache.bypassed, 2_000)).toBe(true);
    expect(isSessionCached(b, first.token)).toBe(false);
    expect((await me(b, first.token)).statusCode).toBe(200);
    expect(isSessionCached(b, first.token)).toBe(false);
    // No notice can reach B now, yet the revocation on A is refused on B at once.
    expect((await a.call('POST', '/api/security/logout', undefined, first.token)).json().isSuccess).toBe(true);
    expect((await me(b, first.token)).statusCode).toBe(401);

    // B reconnects by itself (first retry after a second) and caches again.
    expect(await eventually(() => !b.app.ctx.sessionCache.bypassed, 5_000)).toBe(true);
    const second = await buildUser(a, admin, ['editor']);
    await warmOnB(second.token);
    await a.app.ctx.db.kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(second.token)).execute();
    expect((await me(b, second.token)).statusCode).toBe(200); // from memory
    const third = await buildUser(a, admin, ['editor']);
    await warmOnB(third.token);
    expect((await a.call('POST', '/api/security/logout', undefined, third.token)).json().isSuccess).toBe(true);
    expect(await eventually(refusedOn(b, third.token), 2_000)).toBe(true);
  });
});
