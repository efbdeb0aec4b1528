import { z } from 'zod';
import { NAME_MAX, USER_NAME_MIN, id, isoTimestamp, optionalText, password, recordId } from '../fields.js';
import { roleKeyText } from './role.js';
import type { UserModule } from '../modules.js';
import { defineEntity, filter } from '../entity.js';
import type { SiteChecklist } from './checklist.js';
import type { TwoFactorChallenge } from './two-factor.js';

export const userName = z
  .string()
  .trim()
  .min(USER_NAME_MIN, `At least ${USER_NAME_MIN} characters`)
  .max(NAME_MAX)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'Letters, digits and . _ @ - only');

/**
 * Built-in role keys or custom ones (docs/decisions/0059); the server refuses a key that names no
 * role (`unknown_role`).
 */
export const ROLES_PER_USER_MAX = 20;
const roles = z.array(roleKeyText).min(1, 'At least one role').max(ROLES_PER_USER_MAX);
const optionalEmail = z.union([z.literal(''), z.string().trim().max(NAME_MAX).pipe(z.email())]);

export const userCreateSchema = z.strictObject({
  userName,
  password,
  displayName: optionalText(NAME_MAX).default(''),
  email: optionalEmail.default(''),
  roles: roles.default(['editor']),
  /** The new user must change this password at their first sign-in (the back-office ticks it). */
  mustChangePassword: z.boolean().default(false),
});

export const userUpdateSchema = z.strictObject({
  id,
  displayName: optionalText(NAME_MAX).optional(),
  email: optionalEmail.optional(),
  roles: roles.optional(),
  isActive: z.boolean().optional(),
});

export const updatePasswordSchema = z.strictObject({
  newPassword: password,
  id: id.optional(),
  oldPassword: z.string().max(200).optional(),
  /** With `id` only: the user must change the password they were given at their next sign-in. */
  mustChangePassword: z.boolean().optional(),
});

export const signInSchema = z.strictObject({
  userName: z.string().trim().min(1, 'Required').max(NAME_MAX),
  password: z.string().min(1, 'Required').max(200),
});

export const userRecord = z.object({
  id: recordId,
  userName: z.string(),
  displayName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  lastLoginAt: isoTimestamp.nullable(),
  /** Every staff call but a few is refused until this user changes their password. */
  mustChangePassword: z.boolean(),
  /** Two-factor sign-in is on for this user (docs/decisions/0039). */
  twoFactorEnabled: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});

export const userEntity = defineEntity({
  name: 'User',
  record: userRecord,
  create: userCreateSchema,
  update: userUpdateSchema,
  filters: { role: filter(roleKeyText, { field: 'roles', op: 'like' }), isActive: filter(z.boolean()) },
  sort: ['userName', 'displayName', 'createdAt', 'lastLoginAt', 'id'] as const,
  search: ['userName', 'displayName', 'email'],
});
export const userQuerySchema = userEntity.query;

export type User = z.infer<typeof userRecord>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

export interface CurrentUser extends User {
  modules: UserModule[];
  /** The user's role requires two-factor sign-in and they have not enrolled: enrolment comes first. */
  twoFactorSetupRequired?: boolean;
  /**
   * For staff with the site module: what a new site still lacks, answered with the user so the
   * back-office draws the first-run checklist with its first screen, not after it.
   */
  checklist?: SiteChecklist;
}

export interface SignInResult {
  user: CurrentUser;
  accessToken: { token: string; expiresAt: string };
}

/**
 * What `security/login` answers: the session (as it always did), or, for a user with two-factor
 * sign-in on, the challenge of the second step (`security/TwoFactor/Verify` then answers the session).
 */
export type SignInAnswer = SignInResult | TwoFactorChallenge;

export const isTwoFactorChallenge = (answer: SignInAnswer): answer is TwoFactorChallenge => 'twoFactorRequired' in answer;
