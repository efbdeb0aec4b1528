import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { MetaFunction } from 'react-router';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import { ADMIN_PATHS, loginPath } from '../../../shared/paths.js';
import { api } from '../../api/client.js';
import { earlyCall } from '../../api/early-calls.js';
import type { PageHandle } from '../../root.js';
import { askOtherTabsForToken, getStoredUser, getToken, saveUser, shareSessionWithOtherTabs } from '../../api/session.js';
import { SessionContext } from '../../admin/session-context.js';
import { addAdminCatalogue } from '../../i18n/admin-catalogue.js';
import '../../admin/login.css';

/** Shown to the few who must change a password first: fetched only for them, not on every first load. */
const ForcedPasswordChange = lazy(() => import('../../admin/account-screen.js').then((module) => ({ default: module.ForcedPasswordChange })));

/** The session check, sent while the page loads (docs/decisions/0070). */
export const handle: PageHandle = { earlyCalls: () => [earlyCall('security/current', { method: 'GET' })] };

export const meta: MetaFunction = () => [{ title: 'Portico' }, { name: 'robots', content: 'noindex' }];

/**
 * Every back-office screen needs a session. The token lives in this tab's sessionStorage, so the
 * server cannot know it while rendering: the back-office renders in the browser only, after the
 * session is confirmed with `security/current`.
 */
export default function SecurityLayout() {
  const { t, i18n } = useTranslation('admin');
  addAdminCatalogue(i18n);
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<CurrentUser | null>(null);

  useEffect(() => {
    const back = `${location.pathname}${location.search}`;
    let live = true;
    let stopSharing = () => {};
    const open = () => {
      const stored = getStoredUser();
      if (stored) setUser(stored);
      stopSharing = shareSessionWithOtherTabs(() => navigate(loginPath(back), { replace: true }));
      // A revoked or expired session makes the API client clear it and go to /login.
      api<CurrentUser>('security/current', { method: 'GET' }).then((current) => {
        if (!live) return;
        saveUser(current);
        setUser(current);
      }, () => undefined);
    };
    if (getToken()) open();
    else {
      // A new tab (a link from an e-mail, say) takes the session of a signed-in tab, if there is one.
      void askOtherTabsForToken().then((token) => {
        if (!live) return;
        if (token) open();
        else navigate(loginPath(back), { replace: true });
      });
    }
    return () => {
      live = false;
      stopSharing();
    };
    // The session is checked when the back-office opens; every later call is checked by the server.
  }, []);

  // A role that requires two-factor sign-in: until the user enrols, My account is the only screen
  // (the server refuses the others with 40022 anyway).
  const mustEnrol = !!user?.twoFactorSetupRequired && location.pathname !== ADMIN_PATHS.account;
  useEffect(() => {
    if (mustEnrol) navigate(ADMIN_PATHS.account, { replace: true });
  }, [mustEnrol]);

  const session = useMemo(() => (user ? { user, setUser } : null), [user]);
  // Nothing else renders (and calls the server) on the way to My account.
  if (!session || mustEnrol) return <p className="admin-checking" role="status">{t('shell.checking')}</p>;
  return (
    <SessionContext.Provider value={session}>
      {/* A password given by someone else is changed before any other screen opens (the server
          refuses every other call until then); the screen asked for opens right after. */}
      {session.user.mustChangePassword ? (
        <Suspense fallback={null}>
          <ForcedPasswordChange />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </SessionContext.Provider>
  );
}
