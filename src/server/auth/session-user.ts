import type { Grants, ModuleKey } from '../../shared/modules.js';
import type { User } from '../../shared/schemas/user.js';

/**
 * The signed-in user of a request, with the session it came with and what its roles grant: the
 * modules it has any access to, and per module read or write (docs/decisions/0059).
 */
export interface SessionUser extends User {
  sessionId: number;
  moduleKeys: Set<ModuleKey>;
  moduleAccess: Grants;
}

/** Whether the user may change things in the module (write), not only read them. */
export const canWrite = (user: Pick<SessionUser, 'moduleAccess'>, module: ModuleKey) => user.moduleAccess[module] === 'write';
