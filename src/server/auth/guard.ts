import type { FastifyRequest } from 'fastify';
import { accessOf, isBuiltInRole } from '../../shared/modules.js';
import type { ModuleAccess, ModuleKey } from '../../shared/modules.js';
import type { AppContext } from '../context.js';
import { forbidden, passwordChangeRequired, unauthenticated } from '../http/errors.js';
import { findSessionUser } from './sessions.js';
import type { SessionUser } from './session-user.js';


function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * What a user's roles grant now: the built-in roles' from the code, the custom roles' from the role
 * cache (no database round trip unless a role changed since it was last read).
 */
export async function withAccess<U extends { roles: string[] }>(ctx: AppContext, user: U): Promise<U & Pick<SessionUser, 'moduleKeys' | 'moduleAccess'>> {
  const custom = user.roles.every(isBuiltInRole) ? {} : await ctx.roleCache.grants(ctx.db.kysely);
  const moduleAccess = accessOf(user.roles, custom);
  return { ...user, moduleAccess, moduleKeys: new Set(Object.keys(moduleAccess) as ModuleKey[]) };
}

/** The signed-in user of this request, or null; looked up once per request. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = bearerToken(request);
  const found = token ? await findSessionUser(request.server.ctx, token) : null;
  request.sessionUser = found ? await withAccess(request.server.ctx, found) : null;
  return request.sessionUser;
}

/**
 * The signed-in user, or a 401. A user who must change their password is refused (403 / 40031)
 * unless the call is one of the few open to them (`beforePasswordChange`).
 */
export async function requireUser(request: FastifyRequest, options: { beforePasswordChange?: boolean } = {}): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw unauthenticated();
  if (user.mustChangePassword && !options.beforePasswordChange) throw passwordChangeRequired();
  return user;
}

/** Whether the user's access to the module allows a call that needs `need`: any access reads, write writes. */
export const allows = (user: Pick<SessionUser, 'moduleAccess'>, module: ModuleKey, need: ModuleAccess) => {
  const access = user.moduleAccess[module];
  return need === 'read' ? !!access : access === 'write';
};

/**
 * The one server-side permission check: signed in, and the user's roles grant the module, with
 * write for a call that changes anything (docs/decisions/0059).
 */
export async function requireModule(request: FastifyRequest, module: ModuleKey, need: ModuleAccess): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!allows(user, module, need)) throw forbidden();
  return user;
}

/** Staff with the module (any access: staff views are reads) see everything; everyone else sees the public view. */
export async function isStaffFor(request: FastifyRequest, module: ModuleKey): Promise<boolean> {
  const user = await currentUser(request);
  return !!user && !user.mustChangePassword && user.moduleKeys.has(module);
}
