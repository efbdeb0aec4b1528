import { z } from 'zod';
import { ErrorCode, SIGN_IN_REFUSED_MESSAGE } from '../../../shared/api.js';
import { modulesOf } from '../../../shared/modules.js';
import { signInSchema, userRecord } from '../../../shared/schemas/user.js';
import type { CurrentUser, SignInResult } from '../../../shared/schemas/user.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import type { SessionUser } from '../../auth/session-user.js';
import { createSession, revokeSession, updateUserRow } from '../../auth/sessions.js';
import { assertSignInAllowed, beginSignInAttempt } from '../../auth/throttle.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { nowIso } from '../../time.js';
import { presentUser } from '../users/present.js';
import { findUserByName } from '../users/repository.js';

export function currentUserOf(user: Omit<SessionUser, 'sessionId' | 'moduleKeys'> & Partial<SessionUser>): CurrentUser {
  const { sessionId: _s, moduleKeys: _m, ...plain } = user;
  return { ...plain, modules: modulesOf(plain.roles) };
}

const menu: z.ZodType<unknown> = z.lazy(() => z.object({ key: z.string(), name: z.string(), path: z.string(), menus: z.array(menu).optional() }));
const currentUserSchema = userRecord.extend({ modules: z.array(z.object({ key: z.string(), name: z.string(), menus: z.array(menu) })) });

export const securityRoutes: RouteSpec[] = [
  route<z.infer<typeof signInSchema>>({
    method: 'POST',
    path: 'security/login',
    summary: 'Sign in with user name and password; answers the user and an access token',
    tag: 'Security',
    access: 'public',
    body: signInSchema,
    response: z.object({ user: currentUserSchema, accessToken: z.object({ token: z.string(), expiresAt: z.string() }) }),
    // The lock is checked before anything else, so no variation of the request gets past it.
    around: async (request, run) => {
      const body = request.body as { userName?: unknown } | undefined;
      await assertSignInAllowed(request.server.ctx, typeof body?.userName === 'string' ? body.userName : '', request.ip);
      return run();
    },
    handler: async ({ request, body: { userName, password } }): Promise<SignInResult> => {
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
        await attempt.failed();
        throw new AppError(ErrorCode.signInRefused, SIGN_IN_REFUSED_MESSAGE);
      }
      await attempt.succeeded();
      const lastLoginAt = nowIso();
      await updateUserRow(ctx, row.id, { last_login_at: lastLoginAt });
      let accessToken;
      try {
        accessToken = await createSession(ctx, row.id);
      } catch (error) {
        // The user was deleted between the password check and the new session: no such user now.
        if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.signInRefused, SIGN_IN_REFUSED_MESSAGE);
        throw error;
      }
      return { user: currentUserOf({ ...presentUser(row), lastLoginAt }), accessToken };
    },
  }),
  route({
    method: 'GET',
    path: 'security/current',
    summary: 'The signed-in user, with the modules and menus their roles allow',
    tag: 'Security',
    access: 'signed-in',
    response: currentUserSchema,
    handler: async ({ user }) => currentUserOf(user!),
  }),
  route({
    method: 'POST',
    path: 'security/logout',
    summary: 'Revokes the access token of this request',
    tag: 'Security',
    access: 'signed-in',
    response: z.null(),
    handler: async ({ request, user }) => {
      await revokeSession(request.server.ctx, user!.sessionId);
      return null;
    },
  }),
];
