import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../shared/api.js';
import { ADMIN_PASSWORD, buildUser, createTestApp, testEngines } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';
import { deviceOf } from '../../auth/device.js';
import { isCommonPassword } from '../../auth/password-policy.js';

/** Accounts (issue 19, docs/decisions/0038): forced password change, reset links, sessions, breach list. */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A mail's text, whichever transfer encoding the mailer chose for it. */
function bodyOf(mail: string): string {
  const split = mail.search(/\r?\n\r?\n/);
  const head = mail.slice(0, split);
  const body = mail.slice(split).trim();
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

/** The newest mails in the outbox, as their recipient and text. */
function outboxMails(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const mail = fs.readFileSync(path.join(dir, name), 'utf8');
      return `${/^To: .*$/m.exec(mail)?.[0] ?? ''}\n${bodyOf(mail)}`;
    });
}

function tokenOf(mail: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail);
  if (!match) throw new Error(`no reset link in: ${mail}`);
  return decodeURIComponent(match[1]);
}

async function auditActions(t: TestApp, action: string, entityId: number) {
  return t.app.ctx.db.kysely
    .selectFrom('audit_events')
    .select(['action', 'user_id'])
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .execute();
}

describe('device names', () => {
  it('reads browser and system from common user agents', () => {
    expect(deviceOf(CHROME)).toBe('Chrome · Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari · iPhone',
    );
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox · Linux');
    expect(deviceOf(null)).toBe('');
  });
});

describe('the breach list', () => {
  it('holds the most common passwords, in any case, and not a random one', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PASSWORD123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('harbour-lantern-47')).toBe(false);
  });
});

describe.each(testEngines())('accounts on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const signIn = (userName: string, password: string) => t.call('POST', '/api/security/login', { userName, password });

  async function createUser(body: Record<string, unknown>) {
    const res = await t.call('POST', '/api/User', body, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; userName: string; mustChangePassword: boolean };
  }

  describe('a password that must be changed', () => {
    it('is not forced for the administrator whose password the operator chose', async () => {
      const res = await signIn('admin', ADMIN_PASSWORD);
      expect(res.json().data.user.mustChangePassword).toBe(false);
      const current = await t.call('GET', '/api/security/current', undefined, admin);
      expect(current.json().data.mustChangePassword).toBe(false);
    });

    it('is false by default in the API, and set when asked for', async () => {
      const plain = await createUser({ userName: 'plain.user', password: 'harbour-lantern-47' });
      expect(plain.mustChangePassword).toBe(false);
      const forced = await createUser({ userName: 'forced.user', password: 'harbour-lantern-47', mustChangePassword: true });
      expect(forced.mustChangePassword).toBe(true);
    });

    it('refuses every other staff call with its own code until changed, then lets the user in', async () => {
      await createUser({ userName: 'new.editor', password: 'harbour-lantern-47', roles: ['editor'], mustChangePassword: true });
      const login = await signIn('new.editor', 'harbour-lantern-47');
      expect(login.json().data.user.mustChangePassword).toBe(true);
      const token = login.json().data.accessToken.token as string;

      // Allowed: who am I, and signing out (tested last) and changing one's own password.
      const current = await t.call('GET', '/api/security/current', undefined, token);
      expect(current.statusCode).toBe(200);
      expect(current.json().data.mustChangePassword).toBe(true);

      for (const [method, url, body] of [
        ['POST', '/api/News/Query', {}],
        ['POST', '/api/NewsCategory', { name: 'Blocked' }],
        ['GET', '/api/security/Sessions', undefined],
        ['POST', '/api/User/Query', {}],
      ] as const) {
        const res = await t.call(method, url, body, token);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ isSuccess: false, errorCode: ErrorCode.passwordChangeRequired });
      }
      // The public site does not send the token: it answers as to anyone.
      expect((await t.call('POST', '/api/News/Query', {})).statusCode).toBe(200);

      const changed = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: 'harbour-lantern-47', newPassword: 'quiet-orchard-88' }, token);
      expect(changed.statusCode, changed.body).toBe(200);
      const fresh = changed.json().data.accessToken.token as string;
      const after = await t.call('GET', '/api/security/current', undefined, fresh);
      expect(after.json().data.mustChangePassword).toBe(false);
      expect((await t.call('POST', '/api/News/Query', {}, fresh)).statusCode).toBe(200);
      expect((await signIn('new.editor', 'quiet-orchard-88')).json().data.user.mustChangePassword).toBe(false);
      expect((await t.call('POST', '/api/security/logout', undefined, fresh)).statusCode).toBe(200);
    });

    it('lets a flagged user sign out, and not reset somebody else', async () => {
      const flagged = await createUser({ userName: 'flagged.admin', password: 'harbour-lantern-47', roles: ['admin'], mustChangePassword: true });
      const token = (await signIn('flagged.admin', 'harbour-lantern-47')).json().data.accessToken.token as string;
      const other = await createUser({ userName: 'other.user', password: 'harbour-lantern-47' });
      const reset = await t.call('POST', '/api/User/UpdatePassword', { id: other.id, newPassword: 'quiet-orchard-88' }, token);
      expect(reset.statusCode).toBe(403);
      expect(reset.json().errorCode).toBe(ErrorCode.passwordChangeRequired);
      expect((await t.call('POST', '/api/security/logout', undefined, token)).statusCode).toBe(200);
      expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(401);
      expect(flagged.mustChangePassword).toBe(true);
    });

    it("is set by an administrator's reset when asked for, seen at once by a signed-in session, and recorded", async () => {
      const user = await buildUser(t, admin, ['editor']);
      const reset = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'quiet-orchard-88', mustChangePassword: true }, admin);
      expect(reset.statusCode, reset.body).toBe(200);
      // The reset ended the user's sessions; the new one sees the flag.
      expect((await t.call('GET', '/api/security/current', undefined, user.token)).statusCode).toBe(401);
      const token = (await signIn(user.userName, 'quiet-orchard-88')).json().data.accessToken.token as string;
      expect((await t.call('POST', '/api/News/Query', {}, token)).json().errorCode).toBe(ErrorCode.passwordChangeRequired);
      // An administrator may also clear it by a reset without the flag: the cached session sees it.
      await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'quiet-orchard-89' }, admin);
      const again = (await signIn(user.userName, 'quiet-orchard-89')).json().data.accessToken.token as string;
      expect((await t.call('POST', '/api/News/Query', {}, again)).statusCode).toBe(200);
      const entries = await auditActions(t, 'password-change', user.id);
      expect(entries.length).toBe(2);
    });
  });

  describe('passwords refused', () => {
    it('refuses common passwords and ones containing the user name, everywhere a password is set', async () => {
      const common = await t.call('POST', '/api/User', { userName: 'wang.fang', password: 'password123' }, admin);
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ errorCode: 40000, data: { reason: 'common', issues: [{ path: 'password' }] } });
      const named = await t.call('POST', '/api/User', { userName: 'wang.fang', password: 'xx-WANG.FANG-2026' }, admin);
      expect(named.json()).toMatchObject({ errorCode: 40000, data: { reason: 'contains-user-name', issues: [{ path: 'password' }] } });

      const user = await buildUser(t, admin, ['editor']);
      const own = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'iloveyou123' }, user.token);
      expect(own.json()).toMatchObject({ errorCode: 40000, data: { reason: 'common', issues: [{ path: 'newPassword' }] } });
      const byAdmin = await t.call('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: `${user.userName}-2026!` }, admin);
      expect(byAdmin.json()).toMatchObject({ errorCode: 40000, data: { reason: 'contains-user-name' } });
      // Nothing changed: the old password still signs in.
      expect((await signIn(user.userName, user.password)).json().isSuccess).toBe(true);
    });
  });

  describe('sessions', () => {
    it('lists the caller’s own sessions with device and address, and ends one: its token is refused at once', async () => {
      const user = await buildUser(t, admin, ['editor']);
      const laptop = (await t.call('POST', '/api/security/login', { userName: user.userName, password: user.password }, undefined, { 'user-agent': CHROME })).json()
        .data.accessToken.token as string;
      const list = await t.call('GET', '/api/security/Sessions', undefined, laptop);
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().data.items as { id: number; device: string; clientAddress: string; current: boolean }[];
      expect(items).toHaveLength(2);
      const current = items.find((s) => s.current)!;
      expect(current).toMatchObject({ device: 'Chrome · Windows', clientAddress: '127.0.0.1' });
      const other = items.find((s) => !s.current)!;

      // The other session (buildUser's) is in use, and cached, until it is ended.
      expect((await t.call('GET', '/api/security/current', undefined, user.token)).statusCode).toBe(200);
      const ended = await t.call('POST', `/api/security/Sessions/${other.id}/End`, undefined, laptop);
      expect(ended.statusCode, ended.body).toBe(200);
      expect((await t.call('GET', '/api/security/current', undefined, user.token)).statusCode).toBe(401);
      expect((await t.call('GET', '/api/security/current', undefined, laptop)).statusCode).toBe(200);
      expect(await auditActions(t, 'session-end', user.id)).toHaveLength(1);

      // Someone else's session is not the caller's to end.
      const adminSessions = (await t.call('GET', '/api/security/Sessions', undefined, admin)).json().data.items as { id: number }[];
      const foreign = await t.call('POST', `/api/security/Sessions/${adminSessions[0].id}/End`, undefined, laptop);
      expect(foreign.statusCode).toBe(404);
      expect((await t.call('GET', '/api/security/current', undefined, admin)).statusCode).toBe(200);
    });

    it('lets an administrator end every session of a user, and nobody else', async () => {
      const user = await buildUser(t, admin, ['editor']);
      const second = await t.signIn(user.userName, user.password);
      const refused = await t.call('POST', `/api/User/${user.id}/EndSessions`, undefined, user.token);
      expect(refused.statusCode).toBe(403);
      const res = await t.call('POST', `/api/User/${user.id}/EndSessions`, undefined, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ ended: 2 });
      for (const token of [user.token, second]) expect((await t.call('GET', '/api/security/current', undefined, token)).statusCode).toBe(401);
      expect((await t.call('POST', '/api/User/999999/EndSessions', undefined, admin)).statusCode).toBe(404);
    });
  });

  describe('forgotten password', () => {
    async function userWithMail(userName: string) {
      const created = await createUser({ userName, password: 'harbour-lantern-47', email: `${userName}@example.com` });
      return created;
    }

    it('answers the same for an unknown account, and mails a link in the asker’s language for a known one', async () => {
      const before = outboxMails(t).length;
      const unknown = await t.call('POST', '/api/security/PasswordReset/Request', { userNameOrEmail: 'nobody.here' });
      await userWithMail('reset.one');
      const known = await t.call('POST', '/api/security/PasswordReset/Request', { userNameOrEmail: 'RESET.ONE@example.com' }, undefined, {
        'accept-language': 'en-US,en;q=0.9',
      });
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      await t.app.ctx.mailer.idle();
      const mails = outboxMails(t).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('To: reset.one@example.com');
      expect(mails[0]).toContain('Open this link to choose a new one');
      expect(mails[0]).toContain('http://127.0.0.1:');
      // Only a hash of the token is kept.
      const token = tokenOf(mails[0]);
      const stored = await t.app.ctx.db.kysely.selectFrom('password_resets').select('token_hash').execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);
    });

    it('sets the password once, ends every session of the user, clears the flag, and refuses the link again', async () => {
      const user = await createUser({ userName: 'reset.two', password: 'harbour-lantern-47', email: 'two@example.com', mustChangePassword: true });
      const session = (await signIn('reset.two', 'harbour-lantern-47')).json().data.accessToken.token as string;
      const before = outboxMails(t).length;
      await t.call('POST', '/api/security/PasswordReset/Request', { userNameOrEmail: 'reset.two' });
      await t.app.ctx.mailer.idle();
      const mail = outboxMails(t).slice(before)[0];
      expect(mail).toContain('重置此账户的密码'); // zh-CN without a language asked for
      const token = tokenOf(mail);

      const common = await t.call('POST', '/api/security/PasswordReset/Confirm', { token, password: 'password123' });
      expect(common.json()).toMatchObject({ errorCode: 40000, data: { reason: 'common' } });

      const done = await t.call('POST', '/api/security/PasswordReset/Confirm', { token, password: 'quiet-orchard-88' });
      expect(done.statusCode, done.body).toBe(200);
      expect((await t.call('GET', '/api/security/current', undefined, session)).statusCode).toBe(401);
      const login = await signIn('reset.two', 'quiet-orchard-88');
      expect(login.json().data.user.mustChangePassword).toBe(false);
      expect((await signIn('reset.two', 'harbour-lantern-47')).json().isSuccess).toBe(false);

      const again = await t.call('POST', '/api/security/PasswordReset/Confirm', { token, password: 'quiet-orchard-99' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ errorCode: ErrorCode.resetLinkInvalid, data: { reason: 'used' } });
      const bogus = await t.call('POST', '/api/security/PasswordReset/Confirm', { token: 'not-a-token', password: 'quiet-orchard-99' });
      expect(bogus.json()).toMatchObject({ errorCode: ErrorCode.resetLinkInvalid, data: { reason: 'unknown' } });
      expect(await auditActions(t, 'password-reset-request', user.id)).toHaveLength(1);
      expect(await auditActions(t, 'password-reset', user.id)).toHaveLength(1);
    });

    it('expires after 30 minutes', async () => {
      await userWithMail('reset.three');
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const before = outboxMails(t).length;
      await t.call('POST', '/api/security/PasswordReset/Request', { userNameOrEmail: 'reset.three' });
      await t.app.ctx.mailer.idle();
      const token = tokenOf(outboxMails(t).slice(before)[0]);
      vi.setSystemTime(start + 30 * 60_000 + 1);
      const late = await t.call('POST', '/api/security/PasswordReset/Confirm', { token, password: 'quiet-orchard-88' });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ errorCode: ErrorCode.resetLinkInvalid, data: { reason: 'expired' } });
      vi.setSystemTime(start + 29 * 60_000);
      const inTime = await t.call('POST', '/api/security/PasswordReset/Confirm', { token, password: 'quiet-orchard-88' });
      expect(inTime.statusCode, inTime.body).toBe(200);
    });

    it('is throttled per client address', async () => {
      const limited = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) {
          codes.push((await limited.call('POST', '/api/security/PasswordReset/Request', { userNameOrEmail: `someone${i}` })).statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
