import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, buildUser, createTestApp, isSessionCached as isCached, testEngines, warmSession } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { hashToken } from './tokens.js';

describe.each(testEngines())('cached sessions on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const me = (token: string) => t.call('GET', '/api/security/current', undefined, token);

  /** Uses the token, so that the next call is answered from the cache. */
  const warm = (token: string) => warmSession(t, token);

  it('answers a used token from memory, without reading the session again', async () => {
    const user = await buildUser(t, admin, ['editor']);
    await warm(user.token);
    // A row deleted by hand, without telling Portico, is not seen until the entry expires (0014).
    await t.app.ctx.db.kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(user.token)).execute();
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('ends a cached token on logout, on the very next call', async () => {
    const user = await buildUser(t, admin, ['editor']);
    await warm(user.token);
    expect((await t.call('POST', '/api/security/logout', undefined, user.token)).json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('ends every cached token of a user who changes their own password', async () => {
    const user = await buildUser(t, admin, ['editor']);
    const other = await t.signIn(user.userName, user.password);
    await warm(user.token);
    await warm(other);
    const res = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'new-password-1' }, user.token);
    expect(res.json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(res.json().data.accessToken.token)).statusCode).toBe(200);
  });

  it('ends a cached token when an administrator resets the password', async () => {
    const user = await buildUser(t, admin, ['hr']);
    await warm(user.token);
    expect((await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'reset-password-1' }, admin)).json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('ends a cached token on deactivation', async () => {
    const user = await buildUser(t, admin, ['editor']);
    await warm(user.token);
    expect((await t.call('POST', '/api/User/Update', { id: user.id, isActive: false }, admin)).json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('ends a cached token on deletion', async () => {
    const user = await buildUser(t, admin, ['editor']);
    await warm(user.token);
    expect((await t.call('DELETE', `/api/User/${user.id}`, undefined, admin)).json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('applies a role change to a cached token on the very next call', async () => {
    const editor = await buildUser(t, admin, ['editor']);
    const category = (await t.call('POST', '/api/NewsCategory', { name: `Cached ${editor.id}` }, editor.token)).json();
    expect(category.isSuccess).toBe(true);
    const draft = await t.call('POST', '/api/News', { title: `Draft ${editor.id}`, content: '<p>x</p>', categoryId: category.data.id }, editor.token);
    expect(draft.json().data.status).toBe('draft');
    const draftsSeen = async () =>
      (await t.call('POST', '/api/News/Query', { keyword: `Draft ${editor.id}` }, editor.token)).json().data.meta.total;
    expect(await draftsSeen()).toBe(1);
    await warm(editor.token);

    expect((await t.call('POST', '/api/User/Update', { id: editor.id, roles: ['hr'] }, admin)).json().isSuccess).toBe(true);
    expect((await t.call('POST', '/api/NewsCategory', { name: `Refused ${editor.id}` }, editor.token)).statusCode).toBe(403);
    // The staff list is the public one now: drafts are gone from it.
    expect(await draftsSeen()).toBe(0);
    expect((await t.call('POST', '/api/JobCategory', { name: `Allowed ${editor.id}` }, editor.token)).statusCode).toBe(200);
  });

  it('answers the new last sign-in time to a cached token after another sign-in', async () => {
    const user = await buildUser(t, admin, ['editor']);
    await warm(user.token);
    const before = (await me(user.token)).json().data.lastLoginAt;
    const login = await t.call('POST', '/api/security/login', { userName: user.userName, password: user.password });
    const lastLoginAt = login.json().data.user.lastLoginAt;
    expect(lastLoginAt).not.toBe(before);
    expect((await me(user.token)).json().data.lastLoginAt).toBe(lastLoginAt);
  });
});

describe('the last use of a cached session', () => {
  it('is written at most once a minute, going by the cached time, which moves with it', async () => {
    const t = await createTestApp('sqlite');
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const token = await t.signIn('admin', ADMIN_PASSWORD);
      const lastSeenInDatabase = async () =>
        Date.parse(
          (await t.app.ctx.db.kysely.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow())
            .last_seen_at,
        );
      const signedInAt = await lastSeenInDatabase();
      const callAt = async (ms: number) => {
        vi.setSystemTime(start + ms);
        expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(200);
      };

      await callAt(50_000); // read from the database, used 50 s ago: not written, kept
      expect(await lastSeenInDatabase()).toBe(signedInAt);
      await callAt(70_000); // from memory, last used 70 s ago: written
      expect(isCached(t, token)).toBe(true);
      expect(await lastSeenInDatabase()).toBe(start + 70_000);
      await callAt(100_000); // from memory, last used 30 s ago: not written again
      expect(await lastSeenInDatabase()).toBe(start + 70_000);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });

  it('leaves a session ended by hand in SQL usable for a minute at most', async () => {
    const t = await createTestApp('sqlite');
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const token = await t.signIn('admin', ADMIN_PASSWORD);
      expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(200);
      await t.app.ctx.db.kysely.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
      vi.setSystemTime(Date.now() + 59_000);
      expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1_000);
      expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
