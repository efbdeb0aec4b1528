import type { FastifyRequest } from 'fastify';
import { moduleKeysOf } from '../../shared/modules.js';
import type { ModuleKey } from '../../shared/modules.js';
import { forbidden, passwordChangeRequired, unauthenticated } from '../http/errors.js';
import { findSessionUser } from './sessions.js';
import type { SessionUser } from './session-user.js';


function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The signed-in user of this request, or null; looked up once per request. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = bearerToken(request);
  const found = token ? await findSessionUser(request.server.ctx, token) : null;
  request.sessionUser = found ? { ...found, moduleKeys: moduleKeysOf(found.roles) } : null;
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

/** The one server-side permission check: signed in, and the user's roles include the module. */
export async function requireModule(request: FastifyRequest, module: ModuleKey): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.moduleKeys.has(module)) throw forbidden();
  return user;
}

/** Staff with the module see everything; everyone else sees the public view. */
export async function isStaffFor(request: FastifyRequest, module: ModuleKey): Promise<boolean> {
  const user = await currentUser(request);
  return !!user && !user.mustChangePassword && user.moduleKeys.has(module);
}
