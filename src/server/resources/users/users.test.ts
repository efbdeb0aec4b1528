import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

describe.each(testEngines())('users and sessions on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const me = (token: string) => t.call('GET', '/api/security/current', undefined, token);

  it('creates a user with defaults and never answers a password hash', async () => {
    const res = await t.call('POST', '/api/User', { userName: 'li.lei', password: 'password-123', displayName: '李雷', email: 'li@example.com' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userName: 'li.lei', displayName: '李雷', email: 'li@example.com', roles: ['editor'], isActive: true, lastLoginAt: null });
    const bodies = [
      res.body,
      (await t.call('POST', '/api/User/Query', { keyword: 'li.lei' }, admin)).body,
      (await t.call('GET', `/api/User/${res.json().data.id}`, undefined, admin)).body,
      (await t.call('POST', '/api/security/login', { userName: 'li.lei', password: 'password-123' })).body,
    ];
    for (const body of bodies) {
      // `mustChangePassword` is a flag, not a password: only hashes and passwords themselves must never show.
      expect(body.replace(/"mustChangePassword":(true|false)/g, '')).not.toMatch(/argon2|password/i);
    }
  });

  it('refuses a duplicate user name, whatever its case, with 409', async () => {
    await t.call('POST', '/api/User', { userName: 'Han.Meimei', password: 'password-123' }, admin);
    const res = await t.call('POST', '/api/User', { userName: 'han.meimei', password: 'password-123' }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 40009, data: { reason: 'user-name-taken' } });
  });

  it('validates new users: short password, unknown role, unknown field', async () => {
    for (const [body, field] of [
      [{ userName: 'short-pw', password: 'short' }, 'password'],
      [{ userName: 'bad-role', password: 'password-123', roles: ['root'] }, 'roles.0'],
      [{ userName: 'extra', password: 'password-123', isAdmin: true }, 'isAdmin'],
      [{ password: 'password-123' }, 'userName'],
    ] as const) {
      const res = await t.call('POST', '/api/User', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it('filters and sorts users', async () => {
    await buildUser(t, admin, ['service'], 'service.one');
    const services = (await t.call('POST', '/api/User/Query', { filters: { role: 'service' } }, admin)).json().data;
    expect(services.items.map((u: { userName: string }) => u.userName)).toEqual(['service.one']);
    const sorted = (await t.call('POST', '/api/User/Query', { sort: { field: 'userName', order: 'asc' }, pageSize: 100 }, admin)).json().data.items;
    const names = sorted.map((u: { userName: string }) => u.userName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('changes roles at once: the next call sees the new modules', async () => {
    const user = await buildUser(t, admin, ['editor']);
    expect((await t.call('POST', '/api/Job/Query', {}, user.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/JobApplication/Query', {}, user.token)).statusCode).toBe(403);
    const updated = await t.call('POST', '/api/User/Update', { id: user.id, roles: ['hr'], displayName: '招聘' }, admin);
    expect(updated.json().data).toMatchObject({ roles: ['hr'], displayName: '招聘', isActive: true });
    expect((await t.call('POST', '/api/JobApplication/Query', {}, user.token)).statusCode).toBe(200);
    expect((await me(user.token)).json().data.modules.map((m: { key: string }) => m.key)).toEqual(['jobs', 'applications']);
  });

  it('revokes every session at once on deactivation, and refuses the deactivated user\'s sign-in', async () => {
    const user = await buildUser(t, admin, ['editor']);
    const second = await t.signIn(user.userName, user.password);
    await t.call('POST', '/api/User/Update', { id: user.id, isActive: false }, admin);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const login = await t.call('POST', '/api/security/login', { userName: user.userName, password: user.password });
    expect(login.json()).toMatchObject({ isSuccess: false, errorCode: 40001 });
    await t.call('POST', '/api/User/Update', { id: user.id, isActive: true }, admin);
    expect(await t.signIn(user.userName, user.password)).toBeTruthy();
  });

  it('revokes sessions on deletion, and never deletes oneself or the last administrator', async () => {
    const user = await buildUser(t, admin, ['editor']);
    expect((await t.call('DELETE', `/api/User/${user.id}`, undefined, admin)).json()).toMatchObject({ isSuccess: true });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await t.call('DELETE', `/api/User/${user.id}`, undefined, admin)).statusCode).toBe(404);

    const adminId = (await me(admin)).json().data.id;
    const self = await t.call('DELETE', `/api/User/${adminId}`, undefined, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().data).toEqual({ reason: 'self-delete' });
    const second = await buildUser(t, admin, ['admin']);
    // Nobody deactivates their own account.
    const selfDeactivate = await t.call('POST', '/api/User/Update', { id: second.id, isActive: false }, second.token);
    expect(selfDeactivate.statusCode).toBe(409);
    expect(selfDeactivate.json().data).toEqual({ reason: 'self-deactivate' });
    // With two administrators, one may delete the other; the one left is the last and keeps the role.
    expect((await t.call('DELETE', `/api/User/${adminId}`, undefined, second.token)).json().isSuccess).toBe(true);
    const last = await t.call('POST', '/api/User/Update', { id: second.id, roles: ['editor'] }, second.token);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ errorCode: 40009, data: { reason: 'last-admin' } });
    admin = second.token;
  });

  it('changes one\'s own password with the old one, ending every session and answering a new one', async () => {
    const user = await buildUser(t, admin, ['editor']);
    const other = await t.signIn(user.userName, user.password);
    const wrong = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: 'not-it-at-all', newPassword: 'new-password-1' }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.issues[0].path).toBe('oldPassword');
    const tooShort = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'short' }, user.token);
    expect(tooShort.json().data.issues[0].path).toBe('newPassword');
    const ok = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'new-password-1' }, user.token);
    expect(ok.json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const renewed = ok.json().data.accessToken;
    expect(renewed.token).toMatch(/^[\w-]{22,}$/);
    expect(new Date(renewed.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await me(renewed.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/security/login', { userName: user.userName, password: user.password })).json().errorCode).toBe(40001);
  });

  it('resets another user\'s password with the users module, ending all their sessions', async () => {
    const user = await buildUser(t, admin, ['hr']);
    const res = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'reset-password-1' }, admin);
    expect(res.json().isSuccess).toBe(true);
    expect((await me(user.token)).statusCode).toBe(401);
    expect(await t.signIn(user.userName, 'reset-password-1')).toBeTruthy();
    expect((await t.call('POST', '/api/User/UpdatePassword', { id: 99_999, newPassword: 'reset-password-1' }, admin)).statusCode).toBe(404);
  });

  it('asks even an administrator for the current password when changing their own without an id', async () => {
    const second = await buildUser(t, admin, ['admin']);
    for (const body of [{ newPassword: 'taken-over-1' }, { newPassword: 'taken-over-1', extra: 1 }]) {
      const res = await t.call('POST', '/api/User/UpdatePassword', body, second.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe(40000);
    }
    expect((await t.call('POST', '/api/User/UpdatePassword', { newPassword: 'taken-over-1' }, second.token)).json().data.issues[0].path).toBe('oldPassword');
    expect((await t.call('POST', '/api/security/login', { userName: second.userName, password: 'taken-over-1' })).json().errorCode).toBe(40001);
    expect(await t.signIn(second.userName, second.password)).toBeTruthy();
  });

  it('stores tokens hashed, never as they are', async () => {
    const token = await t.signIn(...(await (async () => {
      const u = await buildUser(t, admin, ['editor']);
      return [u.userName, u.password] as const;
    })()));
    const rows = await t.app.ctx.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toBe(token);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });
});

describe('session expiry', () => {
  it('ends a session after its idle time and after its absolute lifetime', async () => {
    const t = await createTestApp('sqlite', { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '1' });
    try {
      const idle = await t.signIn();
      const absolute = await t.signIn('admin', ADMIN_PASSWORD);
      const db = t.app.ctx.db.kysely;
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
      const { hashToken } = await import('../../auth/tokens.js');
      await db.updateTable('sessions').set({ last_seen_at: ago(31 * 60_000) }).where('token_hash', '=', hashToken(idle)).execute();
      await db.updateTable('sessions').set({ expires_at: ago(1000) }).where('token_hash', '=', hashToken(absolute)).execute();
      expect((await t.call('GET', '/api/security/current', undefined, idle)).statusCode).toBe(401);
      expect((await t.call('GET', '/api/security/current', undefined, absolute)).statusCode).toBe(401);
      const fresh = await t.signIn();
      expect((await t.call('GET', '/api/security/current', undefined, fresh)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
