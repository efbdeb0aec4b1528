import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../auth/totp.js';
import { buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

const STEP_MS = 30_000;

describe.each(testEngines())('two-factor sign-in on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '50' });
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const post = async (url: string, body: unknown, token?: string) => {
    const res = await t.call('POST', url, body, token);
    return { status: res.statusCode, body: res.json() };
  };

  /** A user with two-factor sign-in on; answers its secret, the code that confirmed it and its recovery codes. */
  async function enrolled(roles = ['editor']) {
    const user = await buildUser(t, admin, roles);
    const enrol = await post('/api/security/TwoFactor/Enrol', {}, user.token);
    expect(enrol.body.isSuccess, JSON.stringify(enrol.body)).toBe(true);
    const { secret, otpauthUri } = enrol.body.data as { secret: string; otpauthUri: string };
    expect(otpauthUri).toContain(`secret=${secret}`);
    const enrolmentCode = totpAt(secret, Date.now());
    const confirm = await post('/api/security/TwoFactor/Confirm', { code: enrolmentCode }, user.token);
    expect(confirm.body.isSuccess, JSON.stringify(confirm.body)).toBe(true);
    return { ...user, secret, enrolmentCode, recoveryCodes: confirm.body.data.recoveryCodes as string[] };
  }

  async function challengeOf(userName: string, password: string) {
    const login = await post('/api/security/login', { userName, password });
    expect(login.body.isSuccess, JSON.stringify(login.body)).toBe(true);
    expect(login.body.data).not.toHaveProperty('accessToken');
    expect(login.body.data.twoFactorRequired).toBe(true);
    return login.body.data.challengeToken as string;
  }

  const auditActions = async (userId: number) =>
    (
      await t.app.ctx.db.kysely.selectFrom('audit_events').select('action').where('entity', '=', 'User').where('entity_id', '=', String(userId)).orderBy('id').execute()
    ).map((row) => row.action);

  it('enrols with a code computed here, answers ten recovery codes once, and never answers the secret again', async () => {
    const user = await buildUser(t, admin, ['editor']);
    const enrol = await post('/api/security/TwoFactor/Enrol', {}, user.token);
    const { secret } = enrol.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await post('/api/security/TwoFactor/Confirm', { code: '000000' === totpAt(secret, Date.now()) ? '111111' : '000000' }, user.token);
    expect(wrong.status).toBe(400);
    const confirm = await post('/api/security/TwoFactor/Confirm', { code: totpAt(secret, Date.now()) }, user.token);
    expect(confirm.status).toBe(200);
    expect(confirm.body.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.data.recoveryCodes).size).toBe(10);
    const again = await post('/api/security/TwoFactor/Enrol', {}, user.token);
    expect(again.status).toBe(409);
    expect(again.body.data.reason).toBe('two-factor-on');
    const state = await t.call('GET', '/api/security/TwoFactor', undefined, user.token);
    expect(state.json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const current = await t.call('GET', '/api/security/current', undefined, user.token);
    expect(current.json().data.twoFactorEnabled).toBe(true);
    expect(current.body).not.toContain(secret);
    // Recovery codes are kept only as hashes.
    const stored = await t.app.ctx.db.kysely.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(confirm.body.data.recoveryCodes[0]);
    expect(await auditActions(user.id)).toContain('two-factor-enrol');
  });

  it('signs in in two steps; a code is taken once, a recovery code once, a challenge once', async () => {
    const user = await enrolled();
    const challenge = await challengeOf(user.userName, user.password);
    // The code used to confirm the enrolment is not taken a second time (the kept code: one computed
    // now may belong to the next step if a boundary passed meanwhile).
    const replay = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: user.enrolmentCode });
    expect(replay.body).toMatchObject({ isSuccess: false, errorCode: 40021, data: { reason: 'wrong-code' } });
    const nextCode = totpAt(user.secret, Date.now() + STEP_MS);
    const verify = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: nextCode });
    expect(verify.status).toBe(200);
    expect(verify.body.data.user).toMatchObject({ userName: user.userName, twoFactorEnabled: true });
    const token = verify.body.data.accessToken.token as string;
    expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(200);
    // The challenge is single-use.
    const reused = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: user.recoveryCodes[0] });
    expect(reused.body).toMatchObject({ errorCode: 40021, data: { reason: 'expired' } });

    const second = await challengeOf(user.userName, user.password);
    const sameCode = await post('/api/security/TwoFactor/Verify', { challengeToken: second, code: nextCode });
    expect(sameCode.body.errorCode).toBe(40021);
    const recovery = await post('/api/security/TwoFactor/Verify', { challengeToken: second, code: user.recoveryCodes[0] });
    expect(recovery.status, JSON.stringify(recovery.body)).toBe(200);
    expect(recovery.body.data.accessToken.token).toBeTruthy();

    const third = await challengeOf(user.userName, user.password);
    const usedRecovery = await post('/api/security/TwoFactor/Verify', { challengeToken: third, code: user.recoveryCodes[0] });
    expect(usedRecovery.body.errorCode).toBe(40021);
    // Typed as people type them: capitals, a space instead of the dash.
    const typed = user.recoveryCodes[1].toUpperCase().replace('-', ' ');
    const otherRecovery = await post('/api/security/TwoFactor/Verify', { challengeToken: third, code: typed });
    expect(otherRecovery.status, JSON.stringify(otherRecovery.body)).toBe(200);
    const state = await t.call('GET', '/api/security/TwoFactor', undefined, otherRecovery.body.data.accessToken.token);
    expect(state.json().data.recoveryCodesLeft).toBe(8);
    const actions = await auditActions(user.id);
    expect(actions.filter((action) => action === 'sign-in')).toHaveLength(4);
    expect(actions.filter((action) => action === 'sign-in-failed')).toHaveLength(3);
  });

  it('refuses an expired challenge and keeps a wrong password the seed answer', async () => {
    const user = await enrolled();
    const wrongPassword = await post('/api/security/login', { userName: user.userName, password: 'not-the-password' });
    expect(wrongPassword.body).toEqual({ isSuccess: false, errorCode: 40001, message: 'User name or password is wrong', data: null });
    const challenge = await challengeOf(user.userName, user.password);
    await t.app.ctx.db.kysely
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const late = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: totpAt(user.secret, Date.now() + STEP_MS) });
    expect(late.body).toMatchObject({ errorCode: 40021, data: { reason: 'expired' } });
    const unknown = await post('/api/security/TwoFactor/Verify', { challengeToken: 'no-such-challenge', code: '123456' });
    expect(unknown.body.errorCode).toBe(40021);
    // Challenges are kept as hashes only.
    const fresh = await challengeOf(user.userName, user.password);
    const rows = await t.app.ctx.db.kysely.selectFrom('two_factor_challenges').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(fresh);
  });

  it('counts wrong codes like wrong passwords: the name locks, even for the right code', async () => {
    const user = await enrolled();
    const challenge = await challengeOf(user.userName, user.password);
    const right = totpAt(user.secret, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: wrong });
      expect(res.body.errorCode).toBe(40021);
    }
    const locked = await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: right });
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe(40029);
    const login = await post('/api/security/login', { userName: user.userName, password: user.password });
    expect(login.status).toBe(429);
    const locks = await t.app.ctx.db.kysely.selectFrom('audit_events').select('entity_id').where('action', '=', 'lock').execute();
    expect(locks.map((row) => row.entity_id)).toContain(`user:${user.userName}`);
  });

  it('a right password does not reset the count of wrong codes', async () => {
    const user = await enrolled();
    const right = totpAt(user.secret, Date.now() + STEP_MS);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const challenge = await challengeOf(user.userName, user.password);
      expect((await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: wrong })).body.errorCode).toBe(40021);
    }
    const challenge = await challengeOf(user.userName, user.password);
    expect((await post('/api/security/TwoFactor/Verify', { challengeToken: challenge, code: wrong })).body.errorCode).toBe(40021);
    expect((await post('/api/security/login', { userName: user.userName, password: user.password })).status).toBe(429);
  });

  it('turns off with the password, not with a wrong one', async () => {
    const user = await enrolled();
    const wrong = await post('/api/security/TwoFactor/Disable', { password: 'not-the-password' }, user.token);
    expect(wrong.status).toBe(400);
    const none = await post('/api/security/TwoFactor/Disable', {}, user.token);
    expect(none.status).toBe(400);
    const off = await post('/api/security/TwoFactor/Disable', { password: user.password }, user.token);
    expect(off.status).toBe(200);
    expect((await post('/api/security/login', { userName: user.userName, password: user.password })).body.data.accessToken).toBeTruthy();
    expect(await auditActions(user.id)).toContain('two-factor-disable');
  });

  it('an administrator resets it for a user; others may not', async () => {
    const user = await enrolled();
    const editor = await buildUser(t, admin, ['editor']);
    const refused = await post(`/api/User/${user.id}/TwoFactor/Reset`, undefined, editor.token);
    expect(refused.status).toBe(403);
    const missing = await post('/api/User/999999/TwoFactor/Reset', undefined, admin);
    expect(missing.status).toBe(404);
    const reset = await post(`/api/User/${user.id}/TwoFactor/Reset`, undefined, admin);
    expect(reset.status).toBe(200);
    const login = await post('/api/security/login', { userName: user.userName, password: user.password });
    expect(login.body.data.accessToken.token).toBeTruthy();
    expect(login.body.data.user.twoFactorEnabled).toBe(false);
    expect(await auditActions(user.id)).toContain('two-factor-reset');
  });

  it("an administrator's token alone cannot turn off their own: that takes a code or the password, in My account", async () => {
    const other = await enrolled(['admin']);
    const own = await post(`/api/User/${other.id}/TwoFactor/Reset`, undefined, other.token);
    expect(own.status).toBe(409);
    expect(own.body.data.reason).toBe('self-two-factor-reset');
    await challengeOf(other.userName, other.password);
    expect(await auditActions(other.id)).not.toContain('two-factor-reset');
    // Another administrator may.
    expect((await post(`/api/User/${other.id}/TwoFactor/Reset`, undefined, admin)).status).toBe(200);
  });

  it('a role that requires it sends its members to enrol, and the server refuses their other staff calls until then', async () => {
    const hr = await buildUser(t, admin, ['hr']);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await post('/api/User/TwoFactorPolicy', { requiredRoles: ['hr'] }, editor.token)).status).toBe(403);
    expect((await post('/api/User/TwoFactorPolicy', { requiredRoles: ['nobody'] }, admin)).status).toBe(400);
    const set = await post('/api/User/TwoFactorPolicy', { requiredRoles: ['hr'] }, admin);
    expect(set.body.data).toEqual({ requiredRoles: ['hr'] });
    expect((await t.call('GET', '/api/User/TwoFactorPolicy', undefined, admin)).json().data).toEqual({ requiredRoles: ['hr'] });
    try {
      const login = await post('/api/security/login', { userName: hr.userName, password: hr.password });
      expect(login.body.data.user.twoFactorSetupRequired).toBe(true);
      const token = login.body.data.accessToken.token as string;
      const current = await t.call('GET', '/api/security/current', undefined, token);
      expect(current.json().data.twoFactorSetupRequired).toBe(true);
      const list = await post('/api/JobCategory/Query', {}, token);
      expect(list.status).toBe(403);
      expect(list.body.errorCode).toBe(40022);
      // Members of other roles carry on.
      expect((await post('/api/NewsCategory/Query', {}, editor.token)).status).toBe(200);

      const { secret } = (await post('/api/security/TwoFactor/Enrol', {}, token)).body.data;
      expect((await post('/api/security/TwoFactor/Confirm', { code: totpAt(secret, Date.now()) }, token)).status).toBe(200);
      expect((await post('/api/JobCategory/Query', {}, token)).status).toBe(200);
      expect((await t.call('GET', '/api/security/current', undefined, token)).json().data.twoFactorSetupRequired).toBe(false);
    } finally {
      await post('/api/User/TwoFactorPolicy', { requiredRoles: [] }, admin);
    }
    expect((await t.call('GET', '/api/User/TwoFactorPolicy', undefined, admin)).json().data).toEqual({ requiredRoles: [] });
  });
});
