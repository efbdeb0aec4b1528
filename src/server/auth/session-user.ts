import type { ModuleKey } from '../../shared/modules.js';
import type { User } from '../../shared/schemas/user.js';

/** The signed-in user of a request, with the session it came with and the modules its roles grant. */
export interface SessionUser extends User {
  sessionId: number;
  moduleKeys: Set<ModuleKey>;
}
