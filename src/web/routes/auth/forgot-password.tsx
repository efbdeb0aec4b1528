import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MetaFunction } from 'react-router';
import { ErrorCode } from '../../../shared/api.js';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locale.js';
import { AUTH_PATHS } from '../../../shared/paths.js';
import { passwordResetRequestSchema } from '../../../shared/schemas/account.js';
import { ApiError, api } from '../../api/client.js';
import { errorText } from '../../admin/error-text.js';
import { addAdminCatalogue } from '../../i18n/admin-catalogue.js';
import adminCatalogue from '../../i18n/catalogues/admin.js';
import '../../admin/login.css';

export const meta: MetaFunction = ({ matches }) => {
  const chosen = (matches.find((match) => match?.id === 'root')?.data as { locale?: string } | undefined)?.locale;
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  return [{ title: `${adminCatalogue[locale].recovery.forgotTitle} - Portico` }, { name: 'robots', content: 'noindex' }];
};

/**
 * "Forgot password?": asks for a reset link by user name or e-mail address. The answer is the same
 * whether or not the account exists (docs/decisions/0038), and so is what this page says.
 */
export default function ForgotPassword() {
  const { t, i18n } = useTranslation('admin');
  addAdminCatalogue(i18n);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const parsed = passwordResetRequestSchema.safeParse({ userNameOrEmail: String(new FormData(event.currentTarget).get('userNameOrEmail') ?? '') });
    if (!parsed.success) {
      setError(t('validation.required'));
      return;
    }
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      await api('security/PasswordReset/Request', { body: parsed.data });
      setSent(true);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      setError(apiError?.errorCode === ErrorCode.tooManyRequests ? t('recovery.throttled') : errorText(failure, t));
    } finally {
      setSending(false);
      busy.current = false;
    }
  };

  return (
    <main className="login-page">
      <form className="login-card" method="post" noValidate onSubmit={onSubmit}>
        <h1>{t('recovery.forgotTitle')}</h1>
        {sent ? (
          <p className="login-done" role="status">
            {t('recovery.sent')}
          </p>
        ) : (
          <>
            <p>{t('recovery.forgotHint')}</p>
            {error && (
              <div className="login-error" role="alert">
                <p>{error}</p>
              </div>
            )}
            <label htmlFor="forgot-account">{t('recovery.userNameOrEmail')}</label>
            <input id="forgot-account" name="userNameOrEmail" autoComplete="username" required autoFocus />
            <button type="submit" disabled={sending}>
              {sending ? t('recovery.sending') : t('recovery.send')}
            </button>
          </>
        )}
        <div className="login-foot">
          <Link to={AUTH_PATHS.login}>{t('recovery.backToLogin')}</Link>
        </div>
      </form>
    </main>
  );
}
