import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AUTH_PATHS } from '../../../shared/paths.js';
import { api } from '../../api/client.js';
import { clearSession, getToken } from '../../api/session.js';

/** Ends the session on the server (the token stops working at once) and in this browser. */
export default function Logout() {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  useEffect(() => {
    const token = getToken();
    const done = () => {
      clearSession();
      navigate(AUTH_PATHS.login, { replace: true });
    };
    if (!token) return done();
    api('security/logout', { body: {} }).then(done, done);
  }, [navigate]);
  return <p className="admin-checking">{t('loading')}</p>;
}
