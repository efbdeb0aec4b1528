import type { ValidationCode } from './validation-codes.js';

/**
 * What a password may not be, beyond its length (docs/decisions/0038). The server refuses a password
 * that is among the most common ones (a list too large for the browser, so checked there only) or
 * that contains the user name; the refusal names its reason, which clients explain in their language.
 */
export const PASSWORD_REFUSALS = ['common', 'contains-user-name'] as const;
export type PasswordRefusal = (typeof PASSWORD_REFUSALS)[number];

/** The server's words for each refusal (English); the back-office has its own in both languages. */
export const PASSWORD_REFUSAL_MESSAGES: Record<PasswordRefusal, string> = {
  common: 'This password is one of the most commonly used ones; choose another',
  'contains-user-name': 'The password must not contain the user name',
};

/** The validation code (shared/refusals.ts) each refusal's issue carries. */
export const PASSWORD_REFUSAL_CODES = { common: 'common_password', 'contains-user-name': 'contains_user_name' } as const satisfies Record<PasswordRefusal, ValidationCode>;

export function isPasswordRefusal(value: unknown): value is PasswordRefusal {
  return typeof value === 'string' && (PASSWORD_REFUSALS as readonly string[]).includes(value);
}

/** Compared as user names are: trimmed and in any case. */
export function containsUserName(password: string, userName: string): boolean {
  const name = userName.trim().toLowerCase();
  return name.length > 0 && password.toLowerCase().includes(name);
}
