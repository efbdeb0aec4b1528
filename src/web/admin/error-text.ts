import { ErrorCode, GATEWAY_TIMEOUT_MESSAGE, isConflictReason } from '../../shared/api.js';
import { isPasswordRefusal } from '../../shared/password-policy.js';
import { ApiError } from '../api/client.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What to tell staff when a call fails, in the current language. A conflict is explained by its
 * reason; the server's own words (English) are kept only where nothing else explains a refusal.
 */
export function errorText(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.message === GATEWAY_TIMEOUT_MESSAGE) return GATEWAY_TIMEOUT_MESSAGE;
  switch (error.errorCode) {
    case 0:
      return t('errors.network');
    case ErrorCode.validation: {
      const reason = (error.data as { reason?: unknown } | null)?.reason;
      return isPasswordRefusal(reason) ? t(`passwordRules.${reason}`) : t('errors.invalid', { message: error.message });
    }
    case ErrorCode.passwordChangeRequired:
      return t('errors.passwordChangeRequired');
    case ErrorCode.twoFactorSetupRequired:
      return t('errors.twoFactorSetupRequired');
    case ErrorCode.notFound:
      return t('errors.notFound');
    case ErrorCode.conflict: {
      const reason = (error.data as { reason?: unknown } | null)?.reason;
      return isConflictReason(reason) ? t(`errors.conflicts.${reason}`) : t('errors.conflict', { message: error.message });
    }
    case ErrorCode.tooLarge:
      return t('errors.tooLarge');
    case ErrorCode.unsupportedType:
      return t('errors.fileType');
    case ErrorCode.tooManyRequests:
      return t('errors.throttled');
    case ErrorCode.unexpected:
      return t('errors.server');
    case ErrorCode.databaseUnavailable:
      return t('errors.unavailable');
    default:
      return error.message;
  }
}
