import { CONFLICT_REASONS, ErrorCode } from './api.js';
import type { ErrorCodeValue } from './api.js';
import { RESET_LINK_REASONS } from './schemas/account.js';
import { TWO_FACTOR_REFUSALS } from './schemas/two-factor.js';

export { VALIDATION_CODES, coded, isValidationCode } from './validation-codes.js';
export type { ValidationCode } from './validation-codes.js';

/**
 * The stable names of every refusal the API answers (docs/decisions/0052), so that a client says
 * each in its own language instead of showing the server's English `message`: a validation issue's
 * `code` (VALIDATION_CODES), and for every other error code with several causes, `data.reason`.
 *
 * Why a call was refused, answered as `data.reason`, for every error code that has more than one
 * cause. Error codes with one cause (forbidden, sign-in refused, …) have no reason: the code says it.
 */
export const REFUSAL_REASONS = {
  /** A record the call names that does not exist, or a call that does not exist. */
  [ErrorCode.notFound]: ['record', 'no-such-call'],
  [ErrorCode.conflict]: CONFLICT_REASONS,
  /** The whole body, one form field, an uploaded file (or too many parts), an image's pixels, the headers. */
  [ErrorCode.tooLarge]: ['body', 'field', 'file', 'parts', 'image-pixels', 'headers'],
  /** Not the content type the call takes, an image type not accepted, an image that cannot be read, a résumé type. */
  [ErrorCode.unsupportedType]: ['content-type', 'image-type', 'image-unreadable', 'resume-type'],
  [ErrorCode.twoFactorRefused]: TWO_FACTOR_REFUSALS,
  /** Sign-in attempts, password-reset requests, public form submissions, bodies still arriving, any other limit. */
  [ErrorCode.tooManyRequests]: ['sign-in', 'password-reset', 'form', 'bodies-in-flight', 'requests'],
  [ErrorCode.resetLinkInvalid]: RESET_LINK_REASONS,
} as const satisfies Partial<Record<ErrorCodeValue, readonly string[]>>;

type Reasons = typeof REFUSAL_REASONS;
export type RefusalCode = keyof Reasons & ErrorCodeValue;
export type RefusalReason<C extends RefusalCode> = Reasons[C][number];

/** The reason of a refusal, if it is one of the declared reasons of its error code. */
export function refusalReasonOf(errorCode: number, data: unknown): string | undefined {
  const reasons = (REFUSAL_REASONS as Partial<Record<number, readonly string[]>>)[errorCode];
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return reasons && typeof reason === 'string' && reasons.includes(reason) ? reason : undefined;
}

/** The name of each error code, as the catalogues key their texts (`codes.notFound`). */
export const ERROR_CODE_NAMES = Object.fromEntries(Object.entries(ErrorCode).map(([name, code]) => [code, name])) as Record<
  ErrorCodeValue,
  keyof typeof ErrorCode
>;
