import { z } from 'zod';
import { ErrorCode, SIGN_IN_REFUSED_MESSAGE } from '../../../shared/api.js';
import { MODULE_ACCESS, isBuiltInRole, modulesOf } from '../../../shared/modules.js';
import type { AppContext } from '../../context.js';
import { signInSchema, userRecord } from '../../../shared/schemas/user.js';
import type { CurrentUser, SignInAnswer } from '../../../shared/schemas/user.js';
import { siteChecklistRecord } from '../../../shared/schemas/checklist.js';
import { twoFactorChallenge } from '../../../shared/schemas/two-factor.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import type { SessionUser } from '../../auth/session-user.js';
import { createSession, endSessionsOf, sessionOriginOf, updateUserRow } from '../../auth/sessions.js';
import { actorOf, recordAudit } from '../../audit/record.js';
import { recordFailedSignIn } from '../../audit/sign-in.js';
import { assertSignInAllowed, beginSignInAttempt } from '../../auth/throttle.js';
import { twoFactorSetupRequired } from '../../auth/two-factor-policy.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import { siteChecklist } from '../../site/checklist.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { nowIso } from '../../time.js';
import { presentUser } from '../users/present.js';
import { findUserByName } from '../users/repository.js';
import { createChallenge } from './two-factor-repository.js';

/** A user as the web app is answered it: with their modules and menus, and read or write on each. */
export async function currentUserOf(ctx: AppContext, user: Omit<SessionUser, 'sessionId' | 'moduleKeys' | 'moduleAccess'> & Partial<SessionUser>): Promise<CurrentUser> {
  const { sessionId: _s, moduleKeys: _m, moduleAccess: _a, ...plain } = user;
  const custom = plain.roles.every(isBuiltInRole) ? {} : await ctx.roleCache.grants(ctx.db.kysely);
  const modules = modulesOf(plain.roles, custom);
  // The first-run checklist comes with the user, so the first screen is drawn with it in place.
  if (!modules.some((module) => module.key === 'site')) return { ...plain, modules };
  return { ...plain, modules, checklist: await siteChecklist(ctx.db.kysely) };
}

const menu: z.ZodType<unknown> = z.lazy(() => z.object({ key: z.string(), name: z.string(), path: z.string(), menus: z.array(menu).optional() }));
export const currentUserSchema = userRecord.extend({
  modules: z.array(z.object({ key: z.string(), name: z.string(), menus: z.array(menu), access: z.enum(MODULE_ACCESS) })),
  twoFactorSetupRequired: z.boolean().optional(),
  checklist: siteChecklistRecord.optional(),
});
export const signedInAnswer = z.object({ user: currentUserSchema, accessToken: z.object({ token: z.string(), expiresAt: z.string() }) });

export const securityRoutes: RouteSpec[] = [
  route<z.infer<typeof signInSchema>>({
    method: 'POST',
    path: 'security/login',
    summary:
      'Sign in with user name and password; answers the user and an access token, or, for a user with two-factor sign-in on, `{ twoFactorRequired: true, challengeToken }` for `security/TwoFactor/Verify`',
    tag: 'Security',
    access: 'public',
    body: signInSchema,
    response: z.union([signedInAnswer, twoFactorChallenge]),
    // The lock is checked before anything else, so no variation of the request gets past it.
    around: async (request, run) => {
      const body = request.body as { userName?: unknown } | undefined;
      await assertSignInAllowed(request.server.ctx, typeof body?.userName === 'string' ? body.userName : '', request.ip);
      return run();
    },
    handler: async ({ request, body: { userName, password } }): Promise<SignInAnswer> => {
      const ctx = request.server.ctx;
      const attempt = await beginSignInAttempt(ctx, userName, request.ip);
      let row;
      let valid;
      try {
        row = await findUserByName(ctx.db.kysely, userName);
        valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstDummy(password);
      } catch (error) {
        // Not a failed sign-in (the database did not answer, say): the attempt does not count.
        await attempt.abandoned();
        throw error;
      }
      if (!row || !valid || row.is_active !== 1) {
        const locks = await attempt.failed();
        await recordFailedSignIn(ctx, request, { userName, userId: row ? Number(row.id) : null }, locks);
        throw new AppError(ErrorCode.signInRefused, SIGN_IN_REFUSED_MESSAGE);
      }
      if (row.two_factor_enabled === 1) {
        // The password alone resets no count: the second step (security/TwoFactor/Verify) decides.
        await attempt.abandoned();
        const challenge = await createChallenge(ctx.db.kysely, row.id);
        return { twoFactorRequired: true, challengeToken: challenge.token, expiresAt: challenge.expiresAt };
      }
      await attempt.succeeded();
      const lastLoginAt = nowIso();
      await updateUserRow(ctx, row.id, { last_login_at: lastLoginAt });
      let accessToken;
      try {
        const actor = actorOf(request, { id: row.id, userName: row.user_name });
        accessToken = await createSession(ctx, row.id, sessionOriginOf(request), (trx) =>
          recordAudit(trx, actor, { action: 'sign-in', entity: 'User', entityId: row.id }),
        );
      } catch (error) {
        // The user was deleted between the password check and the new session: no such user now.
        if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.signInRefused, SIGN_IN_REFUSED_MESSAGE);
        throw error;
      }
      const user = await currentUserOf(ctx, { ...presentUser(row), lastLoginAt });
      return { user: { ...user, twoFactorSetupRequired: await twoFactorSetupRequired(ctx, user) }, accessToken };
    },
  }),
  route({
    method: 'GET',
    path: 'security/current',
    summary: "The signed-in user, with the modules and menus their roles allow and, per module, `access`: `read` or `write`",
    tag: 'Security',
    access: 'signed-in',
    beforePasswordChange: true,
    beforeTwoFactorSetup: true,
    response: currentUserSchema,
    handler: async ({ request, user }) => ({ ...(await currentUserOf(request.server.ctx, user!)), twoFactorSetupRequired: await twoFactorSetupRequired(request.server.ctx, user!) }),
  }),
  route({
    method: 'POST',
    path: 'security/logout',
    summary: 'Revokes the access token of this request',
    tag: 'Security',
    access: 'signed-in',
    beforePasswordChange: true,
    beforeTwoFactorSetup: true,
    response: z.null(),
    handler: async ({ request, user }) => {
      const me = user!;
      // The session ends with its entry, in one transaction (a session already gone writes none).
      await endSessionsOf(request.server.ctx, me.id, me.sessionId, (trx) =>
        recordAudit(trx, actorOf(request, me), { action: 'sign-out', entity: 'User', entityId: me.id }),
      );
      return null;
    },
  }),
];
