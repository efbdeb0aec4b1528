import { createContext, useContext } from 'react';
import type { ModuleKey } from '../../shared/modules.js';
import type { CurrentUser } from '../../shared/schemas/user.js';

/** The signed-in user, checked with the server by the security layout. */
export const SessionContext = createContext<{ user: CurrentUser; setUser: (user: CurrentUser) => void } | null>(null);

export function useSession() {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the security layout');
  return session;
}

/**
 * Whether the signed-in user may change things in one of these modules, not only read them
 * (docs/decisions/0059): a read-only role's screens hide every control that would change anything.
 */
export function useCanWrite(...modules: ModuleKey[]): boolean {
  const { user } = useSession();
  return user.modules.some((module) => modules.includes(module.key) && module.access === 'write');
}
