import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MetaFunction } from 'react-router';
import { ErrorCode } from '../../../shared/api.js';
import { PASSWORD_MIN } from '../../../shared/fields.js';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locale.js';
import { isPasswordRefusal } from '../../../shared/password-policy.js';
import { AUTH_PATHS } from '../../../shared/paths.js';
import { RESET_LINK_REASONS, passwordResetConfirmSchema } from '../../../shared/schemas/account.js';
import type { ResetLinkReason } from '../../../shared/schemas/account.js';
import { ApiError, api } from '../../api/client.js';
import { errorText } from '../../admin/error-text.js';
import { addAdminCatalogue } from '../../i18n/admin-catalogue.js';
import adminCatalogue from '../../i18n/catalogues/admin.js';
import '../../admin/login.css';

export const meta: MetaFunction = ({ matches }) => {
  const chosen = (matches.find((match) => match?.id === 'root')?.data as { locale?: string } | undefined)?.locale;
  const locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  return [{ title: `${adminCatalogue[locale].recovery.resetTitle} - Portico` }, { name: 'robots', content: 'noindex' }];
};

const reasonOf = (data: unknown): ResetLinkReason | null => {
  const reason = (data as { reason?: unknown } | null)?.reason;
  return RESET_LINK_REASONS.find((known) => known === reason) ?? null;
};

/**
 * Where a password-reset link leads: a new password for the account, once. A used, expired or
 * unknown link says so, with the way to ask for another.
 */
export default function ResetPassword() {
  const { t, i18n } = useTranslation('admin');
  addAdminCatalogue(i18n);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<ResetLinkReason | null>(token ? null : 'unknown');
  const busy = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) {
      setError(t('account.mismatch'));
      return;
    }
    const parsed = passwordResetConfirmSchema.safeParse({ token, password });
    if (!parsed.success) {
      setError(password ? t('validation.minLength', { limit: PASSWORD_MIN }) : t('validation.required'));
      return;
    }
    busy.current = true;
    setSaving(true);
    setError(null);
    try {
      await api('security/PasswordReset/Confirm', { body: parsed.data });
      setDone(true);
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      const reason = (apiError?.data as { reason?: unknown } | null)?.reason;
      if (apiError?.errorCode === ErrorCode.resetLinkInvalid) setDeadLink(reasonOf(apiError.data) ?? 'unknown');
      else if (apiError?.errorCode === ErrorCode.validation && isPasswordRefusal(reason)) setError(t(`passwordRules.${reason}`));
      else setError(errorText(failure, t));
    } finally {
      setSaving(false);
      busy.current = false;
    }
  };

  return (
    <main className="login-page">
      <form className="login-card" method="post" noValidate onSubmit={onSubmit}>
        <h1>{t('recovery.resetTitle')}</h1>
        {done ? (
          <>
            <p className="login-done" role="status">
              {t('recovery.done')}
            </p>
            <Link className="login-link" to={AUTH_PATHS.login}>
              {t('recovery.backToLogin')}
            </Link>
          </>
        ) : deadLink ? (
          <>
            <div className="login-error" role="alert">
              <p>{token ? t(`recovery.reasons.${deadLink}`) : t('recovery.missingToken')}</p>
            </div>
            <Link className="login-link" to={AUTH_PATHS.forgotPassword}>
              {t('recovery.again')}
            </Link>
          </>
        ) : (
          <>
            <p>{t('recovery.resetHint')}</p>
            {error && (
              <div className="login-error" role="alert">
                <p>{error}</p>
              </div>
            )}
            <label htmlFor="reset-password">{t('account.newPassword')}</label>
            <input id="reset-password" name="password" type="password" autoComplete="new-password" required autoFocus />
            <label htmlFor="reset-confirm">{t('account.confirmPassword')}</label>
            <input id="reset-confirm" name="confirm" type="password" autoComplete="new-password" required />
            <p className="login-hint">{t('account.passwordHint')}</p>
            <button type="submit" disabled={saving}>
              {saving ? t('recovery.saving') : t('recovery.save')}
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
