import { ErrorCode, GATEWAY_TIMEOUT_MESSAGE } from '../../shared/api.js';
import type { ErrorCodeValue, ValidationIssue } from '../../shared/api.js';
import { isPasswordRefusal } from '../../shared/password-policy.js';
import { ERROR_CODE_NAMES, isValidationCode, refusalReasonOf } from '../../shared/refusals.js';
import { ApiError } from '../api/client.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The catalogue key of a refusal's reason (docs/decisions/0052): a conflict's under
 * `errors.conflicts`, any other code's under `errors.reasons.<code's name>`.
 */
export function reasonKey(errorCode: ErrorCodeValue, reason: string): string {
  return errorCode === ErrorCode.conflict ? `errors.conflicts.${reason}` : `errors.reasons.${ERROR_CODE_NAMES[errorCode]}.${reason}`;
}

/** The catalogue key of an error code's own text: `errors.codes.notFound`. */
export const codeKey = (errorCode: ErrorCodeValue) => `errors.codes.${ERROR_CODE_NAMES[errorCode]}`;

const isErrorCode = (value: number): value is ErrorCodeValue => value in ERROR_CODE_NAMES && value !== ErrorCode.ok;

/**
 * One refused field's reason in the current language, from its code and params, never from the
 * server's English `message`. A limit is said with the figure of its kind (`too_big` of a string:
 * characters; of a number: its value; of a list: its items), by i18next's context.
 */
export function issueText(issue: Pick<ValidationIssue, 'code' | 'params'>, t: Translate): string {
  if (!isValidationCode(issue.code)) return t('errors.issues.invalid_value');
  const params = issue.params ?? {};
  const context = typeof params.origin === 'string' && ['string', 'number', 'array'].includes(params.origin) ? params.origin : undefined;
  return t(`errors.issues.${issue.code}`, { ...params, context });
}

/**
 * What to tell staff when a call fails, in the current language: a validation error by its first
 * issue, any other refusal by its reason where it has one, else by its error code. The server's own
 * words (English) are never shown.
 */
export function errorText(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('errors.codes.unexpected');
  // The seed's contract: a timed-out call says this, in these words, in either language.
  if (error.message === GATEWAY_TIMEOUT_MESSAGE) return GATEWAY_TIMEOUT_MESSAGE;
  if (error.errorCode === 0) return t('errors.network');
  if (!isErrorCode(error.errorCode)) return t('errors.unknown', { code: error.errorCode });
  if (error.errorCode === ErrorCode.validation) {
    const reason = (error.data as { reason?: unknown } | null)?.reason;
    if (isPasswordRefusal(reason)) return t(`passwordRules.${reason}`);
    const [first] = error.issues;
    return first ? t('errors.invalid', { text: issueText(first, t) }) : t(codeKey(error.errorCode));
  }
  const reason = refusalReasonOf(error.errorCode, error.data);
  // A reason's text may name the figures the answer carries beside it (an image's pixel limit).
  const figures = error.data && typeof error.data === 'object' ? (error.data as Record<string, unknown>) : {};
  return reason ? t(reasonKey(error.errorCode, reason), figures) : t(codeKey(error.errorCode));
}
