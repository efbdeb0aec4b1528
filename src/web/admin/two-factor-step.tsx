import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../shared/api.js';
import { twoFactorVerifySchema } from '../../shared/schemas/two-factor.js';
import type { SignInResult } from '../../shared/schemas/user.js';
import { ApiError, api } from '../api/client.js';
import { errorText } from './error-text.js';

interface Props {
  challengeToken: string;
  onSignedIn: (result: SignInResult) => void;
  /** The challenge is gone (expired, used): back to the password, with the reason to show there. */
  onRestart: (reason: string | null) => void;
}

/**
 * The second step of a sign-in (docs/decisions/0039): a code from the authenticator app, or a
 * recovery code. A wrong code keeps the step open; an expired sign-in goes back to the password.
 */
export function TwoFactorStep({ challengeToken, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('admin');
  const [recovery, setRecovery] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const body = twoFactorVerifySchema.safeParse({ challengeToken, code });
    if (!body.success) {
      setError(t('twoFactor.required'));
      input.current?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    setError(null);
    try {
      onSignedIn(await api<SignInResult>('security/TwoFactor/Verify', { body: body.data }));
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      const reason = (apiError?.data as { reason?: string } | null)?.reason;
      busy.current = false;
      setSending(false);
      if (apiError?.errorCode === ErrorCode.twoFactorRefused && reason === 'expired') return onRestart(t('twoFactor.expired'));
      if (apiError?.errorCode === ErrorCode.tooManyRequests) return onRestart(t('login.throttled'));
      setError(apiError?.errorCode === ErrorCode.twoFactorRefused ? t('twoFactor.wrongCode') : errorText(failure, t));
      input.current?.select();
    }
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setError(null);
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  return (
    <form className="login-card" method="post" noValidate onSubmit={onSubmit} aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">{t('twoFactor.stepTitle')}</h1>
      <p id="two-factor-hint">{recovery ? t('twoFactor.recoveryHint') : t('twoFactor.stepHint')}</p>
      {error && (
        <div className="login-error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <label htmlFor="two-factor-code">{recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}</label>
      <input
        ref={input}
        id="two-factor-code"
        name="code"
        key={recovery ? 'recovery' : 'app'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        pattern={recovery ? undefined : '[0-9]*'}
        maxLength={recovery ? 40 : 6}
        aria-describedby="two-factor-hint"
        aria-invalid={error ? true : undefined}
        required
        autoFocus
      />
      <button type="submit" disabled={sending}>
        {sending ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </button>
      <div className="login-foot">
        <button type="button" onClick={switchKind}>
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" onClick={() => onRestart(null)}>
          {t('twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
