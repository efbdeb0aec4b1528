import { createContext, useContext } from 'react';
import type { CurrentUser } from '../../shared/schemas/user.js';

/** The signed-in user, checked with the server by the security layout. */
export const SessionContext = createContext<{ user: CurrentUser; setUser: (user: CurrentUser) => void } | null>(null);

export function useSession() {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the security layout');
  return session;
}
