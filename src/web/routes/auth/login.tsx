import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MetaFunction } from 'react-router';
import { ErrorCode } from '../../../shared/api.js';
import { landingPathOf } from '../../../shared/modules.js';
import type { SignInAnswer, SignInResult } from '../../../shared/schemas/user.js';
import { isTwoFactorChallenge, signInSchema } from '../../../shared/schemas/user.js';
import { ApiError, api } from '../../api/client.js';
import { saveSession } from '../../api/session.js';
import { addAdminCatalogue } from '../../i18n/admin-catalogue.js';
import adminCatalogue from '../../i18n/catalogues/admin.js';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locale.js';
import { ADMIN_PATHS, AUTH_PATHS, PUBLIC_PATHS, SIGN_IN_REASONS } from '../../../shared/paths.js';
import { useLocale } from '../../i18n/use-locale.js';
import { safeRedirect } from '../../admin/navigation.js';
import { TwoFactorStep } from '../../admin/two-factor-step.js';
import { errorText } from '../../admin/error-text.js';
import '../../admin/login.css';

export const meta: MetaFunction = ({ matches }) => {
  const chosen = (matches.find((match) => match?.id === 'root')?.data as { locale?: string } | undefined)?.locale;
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  return [{ title: `${adminCatalogue[locale].login.pageTitle} - Portico` }, { name: 'robots', content: 'noindex' }];
};

/** Staff sign-in: the server's answer alone decides; success goes back where the user came from, or to their first menu. */
export default function Login() {
  const { t, i18n } = useTranslation('admin');
  addAdminCatalogue(i18n);
  const [locale, setLocale] = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  const busy = useRef(false);
  // Set when the password was right and the account asks for a second step (docs/decisions/0039).
  const [challenge, setChallenge] = useState<string | null>(null);
  const reason = SIGN_IN_REASONS.find((known) => known === params.get('reason'));

  const signedIn = (result: SignInResult) => {
    saveSession(result.accessToken.token, result.user);
    // A role that requires two-factor sign-in sends a member who has not enrolled to enrol first.
    const next = result.user.twoFactorSetupRequired ? ADMIN_PATHS.account : (safeRedirect(params.get('redirect')) ?? landingPathOf(result.user.modules));
    navigate(next, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const data = new FormData(event.currentTarget);
    // The same schema the server checks the sign-in with.
    const credentials = signInSchema.safeParse({ userName: String(data.get('userName') ?? ''), password: String(data.get('password') ?? '') });
    if (!credentials.success) {
      setError([t('login.required')]);
      return;
    }
    const { userName, password } = credentials.data;
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      const result = await api<SignInAnswer>('security/login', { body: { userName, password } });
      if (isTwoFactorChallenge(result)) {
        setChallenge(result.challengeToken);
        setSending(false);
        busy.current = false;
        return;
      }
      signedIn(result);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      // The answer's `message` stays the seed's English sentence for other clients; this screen says
      // every refusal in its own language only (docs/decisions/0052).
      if (apiError?.errorCode === ErrorCode.signInRefused) setError([t('login.refused')]);
      else if (apiError?.errorCode === ErrorCode.tooManyRequests) setError([t('login.throttled')]);
      else setError([errorText(failure, t)]);
      setSending(false);
      busy.current = false;
    }
  };

  if (challenge) {
    const restart = (message: string | null) => {
      setChallenge(null);
      setError(message ? [message] : null);
    };
    return (
      <main className="login-page">
        <TwoFactorStep challengeToken={challenge} onSignedIn={signedIn} onRestart={restart} />
      </main>
    );
  }

  return (
    <main className="login-page">
      <form className="login-card" method="post" noValidate onSubmit={onSubmit}>
        <h1>{t('login.title')}</h1>
        {reason && !error && (
          <p className="login-reason" role="status">
            {t(`login.reasons.${reason}`)}
          </p>
        )}
        {error && (
          <div className="login-error" role="alert">
            {[...new Set(error)].map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        <label htmlFor="login-user">{t('login.userName')}</label>
        <input id="login-user" name="userName" autoComplete="username" required autoFocus />
        <label htmlFor="login-password">{t('login.password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" disabled={sending}>
          {sending ? t('login.signingIn') : t('login.submit')}
        </button>
        <p className="login-forgot">
          <Link to={AUTH_PATHS.forgotPassword}>{t('recovery.forgotLink')}</Link>
        </p>
        <div className="login-foot">
          <Link to={PUBLIC_PATHS.home}>{t('login.backToSite')}</Link>
          <button type="button" onClick={() => setLocale(locale === 'zh-CN' ? 'en-US' : 'zh-CN')}>
            {locale === 'zh-CN' ? 'English' : '中文'}
          </button>
        </div>
      </form>
    </main>
  );
}
