import { ErrorCode, SIGN_IN_REFUSED_MESSAGE } from '../../../shared/api.js';
import { modulesOf } from '../../../shared/modules.js';
import { signInSchema } from '../../../shared/schemas/user.js';
import type { CurrentUser, SignInResult } from '../../../shared/schemas/user.js';
import { nowIso } from '../../context.js';
import { requireUser } from '../../auth/guard.js';
import type { SessionUser } from '../../auth/guard.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import { createSession, revokeSession, updateUserRow } from '../../auth/sessions.js';
import { assertSignInAllowed, beginSignInAttempt } from '../../auth/throttle.js';
import { AppError } from '../../http/errors.js';
import type { RouteSpec } from '../../http/routes.js';
import { parse } from '../../http/validate.js';
import { presentUser, userNameKey } from '../users/present.js';

export function currentUserOf(user: Omit<SessionUser, 'sessionId' | 'moduleKeys'> & Partial<SessionUser>): CurrentUser {
  const { sessionId: _s, moduleKeys: _m, ...plain } = user;
  return { ...plain, modules: modulesOf(plain.roles) };
}

export const securityRoutes: RouteSpec[] = [
  {
    method: 'POST',
    path: 'security/login',
    summary: 'Sign in with user name and password; answers the user and an access token',
    tag: 'Security',
    access: 'public',
    body: signInSchema,
    response: 'SignInResult',
    handler: async (request): Promise<SignInResult> => {
      const ctx = request.server.ctx;
      const body = request.body as Record<string, unknown> | undefined;
      // The lock is checked before anything else, so no variation of the request gets past it.
      const claimedName = typeof body?.userName === 'string' ? body.userName : '';
      await assertSignInAllowed(ctx, claimedName, request.ip);
      const { userName, password } = parse(signInSchema, body);
      const attempt = await beginSignInAttempt(ctx, userName, request.ip);

      let row;
      let valid;
      try {
        row = await ctx.db.kysely
          .selectFrom('users')
          .selectAll()
          .where('user_name_key', '=', userNameKey(userName))
          .executeTakeFirst();
        valid = row ? await verifyPassword(row.password_hash, password) : await verifyAgainstDummy(password);
      } catch (error) {
        // Not a failed sign-in (the database did not answer, say): the attempt does not count.
        await attempt.abandoned();
        throw error;
      }
      if (!row || !valid || row.is_active !== 1) {
        await attempt.failed();
        throw new AppError(ErrorCode.signInRefused, SIGN_IN_REFUSED_MESSAGE);
      }
      await attempt.succeeded();
      const lastLoginAt = nowIso();
      await updateUserRow(ctx, row.id, { last_login_at: lastLoginAt });
      const accessToken = await createSession(ctx, row.id);
      return { user: currentUserOf({ ...presentUser(row), lastLoginAt }), accessToken };
    },
  },
  {
    method: 'GET',
    path: 'security/current',
    summary: 'The signed-in user, with the modules and menus their roles allow',
    tag: 'Security',
    access: 'signed-in',
    response: 'CurrentUser',
    handler: async (request) => currentUserOf(await requireUser(request)),
  },
  {
    method: 'POST',
    path: 'security/logout',
    summary: 'Revokes the access token of this request',
    tag: 'Security',
    access: 'signed-in',
    handler: async (request) => {
      const user = await requireUser(request);
      await revokeSession(request.server.ctx, user.sessionId);
      return null;
    },
  },
];
