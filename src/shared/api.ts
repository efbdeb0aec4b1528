import type { ValidationCode } from './validation-codes.js';

/** The envelope every Portico API answer carries, success or error. */
export interface ApiEnvelope<T = unknown> {
  isSuccess: boolean;
  errorCode: number;
  message: string;
  data: T;
}

export const ErrorCode = {
  ok: 0,
  validation: 40000,
  signInRefused: 40001,
  forbidden: 40003,
  notFound: 40004,
  unauthenticated: 40005,
  conflict: 40009,
  tooLarge: 40013,
  unsupportedType: 40015,
  /** The second step of a sign-in refused: a wrong code, or a challenge unknown, used or expired (`data.reason`). */
  twoFactorRefused: 40021,
  /** Signed in, but the user's role requires two-factor sign-in and they have not enrolled yet. */
  twoFactorSetupRequired: 40022,
  tooManyRequests: 40029,
  /** Signed in, but the password must be changed before anything else (issue 19). */
  passwordChangeRequired: 40031,
  /** A password-reset link that is unknown, used or expired; `data.reason` says which. */
  resetLinkInvalid: 40032,
  unexpected: 50000,
  databaseUnavailable: 50003,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status that goes with each error code (sign-in refusals are a 200 by contract). */
export const httpStatusOf: Record<ErrorCodeValue, number> = {
  0: 200,
  40000: 400,
  40001: 200,
  40003: 403,
  40004: 404,
  40005: 401,
  40009: 409,
  40013: 413,
  40015: 415,
  40021: 200,
  40022: 403,
  40029: 429,
  40031: 403,
  40032: 400,
  50000: 500,
  50003: 503,
};

/**
 * Why a call was refused with 40009, answered as `data.reason`, so that a client can explain the
 * refusal in its own language rather than show the server's English message.
 */
export const CONFLICT_REASONS = ['in-use', 'user-name-taken', 'name-taken', 'last-admin', 'self-deactivate', 'self-delete', 'gone', 'stale', 'two-factor-on', 'self-two-factor-reset', 'has-applications', 'stale-privacy-notice', 'no-email-template', 'no-recipient', 'office-in-use', 'role-in-use', 'built-in-role', 'role-key-taken'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export function isConflictReason(value: unknown): value is ConflictReason {
  return typeof value === 'string' && (CONFLICT_REASONS as readonly string[]).includes(value);
}

export const SIGN_IN_REFUSED_MESSAGE = 'User name or password is wrong';
export const GATEWAY_TIMEOUT_MESSAGE = '网关超时，请稍后重试';
export const REQUEST_TIMEOUT_MS = 100_000;

/**
 * One refused field (or, with an empty `path`, the request as a whole): `code` names the refusal
 * (VALIDATION_CODES, docs/decisions/0052) and `params` holds the figures its text needs; `message`
 * is the server's English sentence, kept for the clients that show it.
 */
export interface ValidationIssue {
  path: string;
  code: ValidationCode;
  params?: Record<string, unknown>;
  message: string;
}

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}
