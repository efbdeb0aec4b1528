import { z } from 'zod';
import { ErrorCode } from '../../../shared/api.js';
import {
  recoveryCodesAnswer,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnrolment,
  twoFactorPolicySchema,
  twoFactorVerifySchema,
} from '../../../shared/schemas/two-factor.js';
import type { TwoFactorDisable, TwoFactorPolicy, TwoFactorRefusal, TwoFactorVerify } from '../../../shared/schemas/two-factor.js';
import type { SignInResult } from '../../../shared/schemas/user.js';
import { actorOf, recordAudit } from '../../audit/record.js';
import { recordFailedSignIn } from '../../audit/sign-in.js';
import { verifyPassword } from '../../auth/passwords.js';
import { createSession, sessionOriginOf, sessionsChanged, updateUserRow } from '../../auth/sessions.js';
import { assertSignInAllowed, beginSignInAttempt } from '../../auth/throttle.js';
import { matchingTotpStep, newTotpSecret, otpauthUri } from '../../auth/totp.js';
import { forgetTwoFactorPolicy, readRequiredRoles, twoFactorSetupRequired } from '../../auth/two-factor-policy.js';
import { findRecord } from '../../crud/operations.js';
import { idParams } from '../../crud/routes.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { KyselyDb } from '../../db/schema.js';
import { AppError, conflict, validationError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { nowIso } from '../../time.js';
import { presentUser } from '../users/present.js';
import { passwordHashOf } from '../users/repository.js';
import { userResource } from '../users/routes.js';
import { currentUserOf, signedInAnswer } from './routes.js';
import {
  consumeChallenge,
  deleteTwoFactorOf,
  findChallenge,
  newRecoveryCodes,
  replaceRecoveryCodes,
  saveRequiredRoles,
  savePendingSecret,
  secretOf,
  takeTotpStep,
  unusedRecoveryCodeCount,
  useRecoveryCode,
} from './two-factor-repository.js';

/** The name authenticator apps list the account under. */
const ISSUER = 'Portico';

const refused = (reason: TwoFactorRefusal) =>
  new AppError(
    ErrorCode.twoFactorRefused,
    reason === 'expired' ? 'This sign-in has expired: please sign in again' : 'The code is wrong',
    { reason },
  );

/** A current authenticator code, taken once (the same code is refused the second time). */
async function takeTotpCode(db: KyselyDb, userId: number, code: string): Promise<boolean> {
  const secret = await secretOf(db, userId);
  if (!secret?.confirmed_at) return false;
  const step = matchingTotpStep(secret.secret, code, Date.now());
  return step !== null && (await takeTotpStep(db, userId, step));
}

const emptyBody = z.undefined().or(z.strictObject({}));

export const twoFactorRoutes: RouteSpec[] = [
  route({
    method: 'GET',
    path: 'security/TwoFactor',
    summary: "The caller's two-factor state: on or off, whether their role requires it, recovery codes left",
    tag: 'Security',
    access: 'signed-in',
    beforeTwoFactorSetup: true,
    response: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() }),
    handler: async ({ request, user }) => {
      const ctx = request.server.ctx;
      const required = await twoFactorSetupRequired(ctx, { roles: user!.roles, twoFactorEnabled: false });
      const enabled = !!(await secretOf(ctx.db.kysely, user!.id))?.confirmed_at;
      return { enabled, required, recoveryCodesLeft: enabled ? await unusedRecoveryCodeCount(ctx.db.kysely, user!.id) : 0 };
    },
  }),
  route({
    method: 'POST',
    path: 'security/TwoFactor/Enrol',
    summary:
      'Starts two-factor enrolment: answers a new secret and its `otpauth://` address (for a QR code); nothing changes until `security/TwoFactor/Confirm`',
    tag: 'Security',
    access: 'signed-in',
    beforeTwoFactorSetup: true,
    body: emptyBody,
    response: twoFactorEnrolment,
    handler: async ({ request, user }) => {
      const ctx = request.server.ctx;
      const existing = await secretOf(ctx.db.kysely, user!.id);
      if (existing?.confirmed_at) throw conflict('two-factor-on', 'Two-factor sign-in is already on: turn it off first');
      const secret = newTotpSecret();
      await savePendingSecret(ctx.db.kysely, user!.id, secret);
      return { otpauthUri: otpauthUri(ISSUER, user!.userName, secret), secret };
    },
  }),
  route<z.infer<typeof twoFactorCodeSchema>>({
    method: 'POST',
    path: 'security/TwoFactor/Confirm',
    summary: 'Turns two-factor sign-in on with a code from the app; answers 10 single-use recovery codes, shown this once',
    tag: 'Security',
    access: 'signed-in',
    beforeTwoFactorSetup: true,
    body: twoFactorCodeSchema,
    response: recoveryCodesAnswer,
    handler: async ({ request, user, body: { code } }) => {
      const ctx = request.server.ctx;
      const me = user!;
      const pending = await secretOf(ctx.db.kysely, me.id);
      if (!pending) throw validationError([{ path: 'code', code: 'enrolment_not_started', message: 'Start the enrolment first' }]);
      if (pending.confirmed_at) throw conflict('two-factor-on', 'Two-factor sign-in is already on');
      const step = matchingTotpStep(pending.secret, code, Date.now());
      if (step === null) throw validationError([{ path: 'code', code: 'wrong_code', message: 'The code is wrong' }]);
      const recoveryCodes = newRecoveryCodes();
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const confirmed = await trx
          .updateTable('two_factor_secrets')
          .set({ confirmed_at: nowIso(), last_step: step })
          .where('user_id', '=', me.id)
          .where('confirmed_at', 'is', null)
          .where('secret', '=', pending.secret)
          .executeTakeFirst();
        // Another request enrolled again or confirmed first: this code belongs to no pending secret now.
        if (Number(confirmed.numUpdatedRows) !== 1) throw validationError([{ path: 'code', code: 'enrolment_again', message: 'Start the enrolment again' }]);
        await replaceRecoveryCodes(trx, me.id, recoveryCodes);
        await trx.updateTable('users').set({ two_factor_enabled: 1, updated_at: nowIso() }).where('id', '=', me.id).execute();
        await recordAudit(trx, actorOf(request, me), { action: 'two-factor-enrol', entity: 'User', entityId: me.id });
      });
      await sessionsChanged(ctx, { userId: me.id });
      return { recoveryCodes };
    },
  }),
  route<TwoFactorDisable>({
    method: 'POST',
    path: 'security/TwoFactor/Disable',
    summary: 'Turns two-factor sign-in off for oneself, with a current code (or a recovery code) or the password',
    tag: 'Security',
    access: 'signed-in',
    body: twoFactorDisableSchema as z.ZodType<TwoFactorDisable>,
    response: z.null(),
    handler: async ({ request, user, body }) => {
      const ctx = request.server.ctx;
      const me = user!;
      if (body.code !== undefined) {
        const db = ctx.db.kysely;
        if (!(await takeTotpCode(db, me.id, body.code)) && !(await useRecoveryCode(db, me.id, body.code))) {
          throw validationError([{ path: 'code', code: 'wrong_code', message: 'The code is wrong' }]);
        }
      } else {
        const hash = await passwordHashOf(ctx.db.kysely, me.id);
        if (!hash || !(await verifyPassword(hash, body.password!))) throw validationError([{ path: 'password', code: 'wrong_password', message: 'Current password is wrong' }]);
      }
      await ctx.db.kysely.transaction().execute(async (trx) => {
        await deleteTwoFactorOf(trx, me.id);
        await recordAudit(trx, actorOf(request, me), { action: 'two-factor-disable', entity: 'User', entityId: me.id });
      });
      await sessionsChanged(ctx, { userId: me.id });
      return null;
    },
  }),
  route<TwoFactorVerify>({
    method: 'POST',
    path: 'security/TwoFactor/Verify',
    summary:
      "The second step of a sign-in: the challenge `security/login` answered and a code from the app or a recovery code. Answers what `security/login` answers a user without two-factor sign-in; a wrong code is 40021 and counts as a failed sign-in",
    tag: 'Security',
    access: 'public',
    body: twoFactorVerifySchema,
    response: signedInAnswer,
    handler: async ({ request, body: { challengeToken, code } }): Promise<SignInResult> => {
      const ctx = request.server.ctx;
      const db = ctx.db.kysely;
      // The challenge with its user's row: `challenge.id` is the user's id, `challenge_id` the challenge's.
      const challenge = await findChallenge(db, challengeToken);
      if (!challenge) throw refused('expired');
      const userName = challenge.user_name;
      // The same lock and the same counts as the password: a wrong code is a failed sign-in.
      await assertSignInAllowed(ctx, userName, request.ip);
      const attempt = await beginSignInAttempt(ctx, userName, request.ip);
      let right;
      try {
        right = (await takeTotpCode(db, challenge.id, code)) || (await useRecoveryCode(db, challenge.id, code));
      } catch (error) {
        await attempt.abandoned();
        throw error;
      }
      if (!right) {
        // Recorded as the sign-in records a wrong password: the failure, and a lock when it caused one.
        const locks = await attempt.failed();
        await recordFailedSignIn(ctx, request, { userName, userId: challenge.id }, locks);
        throw refused('wrong-code');
      }
      // Single use: of two requests with the same challenge, only the one that ends it signs in.
      if (!(await consumeChallenge(db, Number(challenge.challenge_id)))) {
        await attempt.abandoned();
        throw refused('expired');
      }
      await attempt.succeeded();
      const lastLoginAt = nowIso();
      await updateUserRow(ctx, challenge.id, { last_login_at: lastLoginAt });
      let accessToken;
      try {
        const actor = actorOf(request, { id: challenge.id, userName });
        accessToken = await createSession(ctx, challenge.id, sessionOriginOf(request), (trx) =>
          recordAudit(trx, actor, { action: 'sign-in', entity: 'User', entityId: challenge.id }),
        );
      } catch (error) {
        // The user was deleted during the second step.
        if (isForeignKeyViolation(error)) throw refused('expired');
        throw error;
      }
      return { user: await currentUserOf(ctx, { ...presentUser(challenge), lastLoginAt }), accessToken };
    },
  }),
];

/** What administrators do about two-factor sign-in: the users module's calls. */
export const twoFactorAdminRoutes: RouteSpec[] = [
  route<undefined, { id: number }>({
    method: 'POST',
    path: 'User/:id/TwoFactor/Reset',
    summary: "Turns another user's two-factor sign-in off (a lost phone): they sign in with the password and enrol again. One's own is refused (409, `self-two-factor-reset`): it takes TwoFactor/Disable",
    tag: 'User',
    access: 'users',
    params: idParams,
    emptyBody: true,
    response: z.object({ id: z.number().int() }),
    handler: async ({ request, params: { id }, user }) => {
      const ctx = request.server.ctx;
      await findRecord(ctx, userResource, id);
      // One's own is turned off with a code or the password (TwoFactor/Disable): an administrator's
      // token left in a browser must not be enough, as for one's own password.
      if (id === user!.id) throw conflict('self-two-factor-reset', 'Turn off your own two-factor sign-in in My account, with a code or your password');
      await ctx.db.kysely.transaction().execute(async (trx) => {
        await deleteTwoFactorOf(trx, id);
        await recordAudit(trx, actorOf(request, user), { action: 'two-factor-reset', entity: 'User', entityId: id });
      });
      await sessionsChanged(ctx, { userId: id });
      return { id };
    },
  }),
  route({
    method: 'GET',
    path: 'User/TwoFactorPolicy',
    summary: 'The roles whose members must sign in with two factors',
    tag: 'User',
    access: 'users',
    response: twoFactorPolicySchema,
    handler: async ({ request }) => ({ requiredRoles: (await readRequiredRoles(request.server.ctx.db.kysely)) as TwoFactorPolicy['requiredRoles'] }),
  }),
  route<TwoFactorPolicy>({
    method: 'POST',
    path: 'User/TwoFactorPolicy',
    summary: 'Sets the roles whose members must sign in with two factors; members who have not enrolled are sent to enrol',
    tag: 'User',
    access: 'users',
    body: twoFactorPolicySchema,
    response: twoFactorPolicySchema,
    handler: async ({ request, user, body }) => {
      const ctx = request.server.ctx;
      const requiredRoles = [...new Set(body.requiredRoles)].sort();
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const before = await readRequiredRoles(trx);
        await saveRequiredRoles(trx, requiredRoles);
        if (before.join() !== requiredRoles.join()) {
          await recordAudit(trx, actorOf(request, user), {
            action: 'settings-change',
            entity: 'TwoFactorPolicy',
            changes: { requiredRoles: [before, requiredRoles] },
          });
        }
      });
      forgetTwoFactorPolicy(ctx);
      return { requiredRoles };
    },
  }),
];
