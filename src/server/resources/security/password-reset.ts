import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/api.js';
import { chooseServerLocale } from '../../../shared/locale.js';
import type { Locale } from '../../../shared/locale.js';
import { AUTH_PATHS } from '../../../shared/paths.js';
import { PASSWORD_RESET_MINUTES } from '../../../shared/schemas/account.js';
import type { ResetLinkReason } from '../../../shared/schemas/account.js';
import { actorOf, recordAudit } from '../../audit/record.js';
import { assertPasswordAllowed } from '../../auth/password-policy.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import type { KyselyDb } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { nowIso } from '../../time.js';
import { userNameKey } from '../users/present.js';

/**
 * Forgotten passwords (docs/decisions/0038). A request mails a link holding a random 256-bit token
 * to the account's address; only the token's hash is kept, so a copy of the database opens no
 * account. A link works once, for `PASSWORD_RESET_MINUTES`, and a reset ends every session.
 */

const RESET_WINDOW_MS = PASSWORD_RESET_MINUTES * 60_000;

const MESSAGES: Record<ResetLinkReason, string> = {
  unknown: 'This password-reset link is not valid',
  used: 'This password-reset link has already been used',
  expired: 'This password-reset link has expired',
};

const resetLinkInvalid = (reason: ResetLinkReason) => new AppError(ErrorCode.resetLinkInvalid, MESSAGES[reason], { reason });

/** Active accounts answering to this user name, or with this e-mail address (any case). */
function accountsFor(db: KyselyDb, userNameOrEmail: string) {
  const key = userNameKey(userNameOrEmail);
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'email'])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('user_name_key', '=', key), eb(eb.fn('lower', ['email']), '=', key)]))
    .limit(10)
    .execute();
}

/**
 * Requests count per client address and per name asked for, as failed sign-ins do (every request
 * counts here: none of them fails), so nobody can fill a mailbox or probe at speed.
 */
async function assertRequestAllowed(ctx: AppContext, userNameOrEmail: string, address: string) {
  const { loginMaxPerUser, loginMaxPerAddress, loginWindowMs } = ctx.config.throttle;
  const [byName, byAddress] = await Promise.all([
    ctx.counters.hit(`reset:name:${userNameKey(userNameOrEmail)}`, loginWindowMs),
    ctx.counters.hit(`reset:addr:${address}`, loginWindowMs),
  ]);
  if (byName > loginMaxPerUser || byAddress > loginMaxPerAddress) throw tooManyRequests('password-reset');
}

function resetMail(locale: Locale, userName: string, link: string) {
  if (locale === 'en-US') {
    return {
      subject: 'Reset your Portico password',
      text: [
        `Hello ${userName},`,
        '',
        'Someone (we hope you) asked to reset the password of this account. Open this link to choose a new one:',
        '',
        link,
        '',
        `The link works once, for ${PASSWORD_RESET_MINUTES} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
      ].join('\n'),
    };
  }
  return {
    subject: '重置您的 Portico 密码',
    text: [
      `${userName}，您好：`,
      '',
      '有人（希望是您本人）申请重置此账户的密码。请打开以下链接设置新密码：',
      '',
      link,
      '',
      `该链接仅可使用一次，${PASSWORD_RESET_MINUTES} 分钟内有效。如果这不是您的操作，请忽略本邮件，您的密码不会改变。`,
    ].join('\n'),
  };
}

/**
 * Sends a reset link to every active account the name or address names, and answers the same
 * whether there is one or not. The mail is handed to the mailer without waiting for it, so an
 * existing account does not answer noticeably later than an unknown one.
 */
export async function requestPasswordReset(request: FastifyRequest, userNameOrEmail: string): Promise<void> {
  const ctx = request.server.ctx;
  await assertRequestAllowed(ctx, userNameOrEmail, request.ip);
  const accounts = await accountsFor(ctx.db.kysely, userNameOrEmail);
  const locale = chooseServerLocale(request.headers.cookie ?? null, request.headers['accept-language'] ?? null);
  for (const account of accounts) {
    if (!account.email) continue; // no address to send a link to
    const token = newToken();
    const now = Date.now();
    await ctx.db.kysely.transaction().execute(async (trx) => {
      // Links long dead are of no use to anyone: each request sweeps those of the day before.
      await trx.deleteFrom('password_resets').where('expires_at', '<', new Date(now - 86_400_000).toISOString()).execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: account.id,
          token_hash: hashToken(token),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + RESET_WINDOW_MS).toISOString(),
        })
        .execute();
      await recordAudit(trx, actorOf(request), { action: 'password-reset-request', entity: 'User', entityId: account.id });
    });
    const link = `${ctx.config.publicUrl}${AUTH_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
    void ctx.mailer.send({ to: account.email, ...resetMail(locale, account.user_name, link) });
  }
}

/** Sets the password a valid link was sent for, uses the link up and ends every session of its user. */
export async function confirmPasswordReset(request: FastifyRequest, token: string, password: string): Promise<void> {
  const ctx = request.server.ctx;
  const db = ctx.db.kysely;
  const link = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.user_id', 'password_resets.expires_at', 'password_resets.used_at', 'users.user_name', 'users.is_active'])
    .where('password_resets.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link || link.is_active !== 1) throw resetLinkInvalid('unknown');
  if (link.used_at) throw resetLinkInvalid('used');
  if (Date.parse(link.expires_at) <= Date.now()) throw resetLinkInvalid('expired');
  assertPasswordAllowed(password, link.user_name, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const taken = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    // Two tabs sent the same link at once: the first one used it.
    if (Number(taken.numUpdatedRows) !== 1) throw resetLinkInvalid('used');
    // The other links still open for this user die with this one.
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', link.user_id).where('used_at', 'is', null).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash, must_change_password: 0, updated_at: now }).where('id', '=', link.user_id).execute();
    await recordAudit(trx, actorOf(request, { id: link.user_id, userName: link.user_name }), {
      action: 'password-reset',
      entity: 'User',
      entityId: link.user_id,
    });
  });
  await revokeUserSessions(ctx, link.user_id);
}
