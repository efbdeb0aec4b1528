import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

/**
 * Changing one's own password takes the current one, for everyone: an administrator who names their
 * own `id` is changing their own password, not resetting someone else's.
 */
describe.each(testEngines())("one's own password on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const canSignIn = async (userName: string, password: string) =>
    (await t.call('POST', '/api/security/login', { userName, password })).json().isSuccess as boolean;

  it('refuses, never fails, a password change that races the deletion of its account', async () => {
    // Before, a deletion landing between the change and the caller's new session answered 500.
    for (let i = 0; i < 15; i++) {
      const user = await buildUser(t, admin, ['editor']);
      const [changed, removed] = await Promise.all([
        t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'changed-password-1' }, user.token),
        t.call('DELETE', `/api/User/${user.id}`, undefined, admin),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 401], changed.body).toContain(changed.statusCode);
    }
  });

  it("refuses an administrator's own id without the old password, and keeps the password and the session", async () => {
    const me = (await t.call('GET', '/api/security/current', undefined, admin)).json().data;
    const res = await t.call('POST', '/api/User/UpdatePassword', { id: me.id, newPassword: 'taken-over-1' }, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000, data: { issues: [{ path: 'oldPassword' }] } });
    expect(await canSignIn('admin', 'taken-over-1')).toBe(false);
    expect(await canSignIn('admin', ADMIN_PASSWORD)).toBe(true);
    expect((await t.call('GET', '/api/security/current', undefined, admin)).statusCode).toBe(200);
  });

  it('refuses it to any user with the users module, and to one without it', async () => {
    for (const roles of [['admin'], ['editor']]) {
      const user = await buildUser(t, admin, roles);
      const res = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'taken-over-1' }, user.token);
      expect(res.statusCode, `${roles}: ${res.body}`).toBe(400);
      expect(res.json().data.issues[0].path).toBe('oldPassword');
      const wrong = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, oldPassword: 'not-the-password', newPassword: 'taken-over-1' }, user.token);
      expect(wrong.statusCode, `${roles}: ${wrong.body}`).toBe(400);
      expect(await canSignIn(user.userName, 'taken-over-1')).toBe(false);
    }
  });

  it('changes it with the old password, with or without the own id', async () => {
    const user = await buildUser(t, admin, ['admin']);
    const withId = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, oldPassword: user.password, newPassword: 'changed-once-1' }, user.token);
    expect(withId.json().isSuccess, withId.body).toBe(true);
    const token = withId.json().data.accessToken.token;
    const withoutId = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: 'changed-once-1', newPassword: 'changed-twice-1' }, token);
    expect(withoutId.json().isSuccess, withoutId.body).toBe(true);
    expect(await canSignIn(user.userName, 'changed-twice-1')).toBe(true);
  });

  it("still lets the users module reset someone else's password by id, and nobody else", async () => {
    const other = await buildUser(t, admin, ['hr']);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('POST', '/api/User/UpdatePassword', { id: other.id, newPassword: 'reset-by-x-1' }, editor.token)).statusCode).toBe(403);
    const reset = await t.call('POST', '/api/User/UpdatePassword', { id: other.id, newPassword: 'reset-by-admin-1' }, admin);
    expect(reset.json(), reset.body).toMatchObject({ isSuccess: true, data: null });
    expect(await canSignIn(other.userName, 'reset-by-admin-1')).toBe(true);
  });
});
