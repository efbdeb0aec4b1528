import { ErrorCode, httpStatusOf } from '../../shared/api.js';
import type { ConflictReason, ErrorCodeValue, ValidationIssue } from '../../shared/api.js';
import type { RefusalReason } from '../../shared/refusals.js';

/** An error the client may see: its code, its message and, for validation, the issues. */
export class AppError extends Error {
  constructor(
    readonly errorCode: ErrorCodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return httpStatusOf[this.errorCode];
  }
}

export const validationError = (issues: ValidationIssue[]) =>
  new AppError(ErrorCode.validation, issues[0] ? [issues[0].path, issues[0].message].filter(Boolean).join(': ') : 'Invalid request', {
    issues,
  });
/** A record the call names that does not exist (`data.reason` 'record'; an unknown call is 'no-such-call'). */
export const notFound = (what = 'Record') => new AppError(ErrorCode.notFound, `${what} not found`, { reason: 'record' });
/** A refusal because of the data's state; `reason` lets clients explain it in their language, `more` what they need to act on it. */
export const conflict = (reason: ConflictReason, message: string, more: Record<string, unknown> = {}) => new AppError(ErrorCode.conflict, message, { ...more, reason });
export const forbidden = () =>
  new AppError(ErrorCode.forbidden, 'You do not have permission to do this');
export const unauthenticated = () =>
  new AppError(ErrorCode.unauthenticated, 'Please sign in');
/** A user given a password must change it before anything else (docs/decisions/0038). */
export const passwordChangeRequired = () =>
  new AppError(ErrorCode.passwordChangeRequired, 'Please change your password first');
/** Refused by a limit; `reason` says which (docs/decisions/0052). */
export const tooManyRequests = (reason: RefusalReason<typeof ErrorCode.tooManyRequests>) =>
  new AppError(ErrorCode.tooManyRequests, 'Too many requests, please try again later', { reason });
