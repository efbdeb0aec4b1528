import { z } from 'zod';
import { NAME_MAX, isoTimestamp, password, recordId } from '../fields.js';

/**
 * A member of staff's own account (docs/decisions/0038): the password-reset link sent by e-mail and
 * the sessions they are signed in with.
 */

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

/** The reset link's token: 256 random bits, base64url. */
const resetToken = z.string().trim().min(1, 'Required').max(100);

export const passwordResetRequestSchema = z.strictObject({
  /** The user name or the e-mail address of the account. */
  userNameOrEmail: z.string().trim().min(1, 'Required').max(NAME_MAX),
});

export const passwordResetConfirmSchema = z.strictObject({
  token: resetToken,
  password,
});

/** Why a reset link no longer works, answered as `data.reason` with 40032. */
export const RESET_LINK_REASONS = ['unknown', 'used', 'expired'] as const;
export type ResetLinkReason = (typeof RESET_LINK_REASONS)[number];

export const sessionRecord = z.object({
  id: recordId,
  /** Browser and system, read from the user agent (`Chrome · Windows`); empty when unknown. */
  device: z.string(),
  userAgent: z.string().nullable(),
  clientAddress: z.string().nullable(),
  createdAt: isoTimestamp,
  lastSeenAt: isoTimestamp,
  /** The session this very request came with. */
  current: z.boolean(),
});

export const sessionListSchema = z.object({
  items: z.array(sessionRecord),
  meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});

export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
export type SessionInfo = z.infer<typeof sessionRecord>;
export type SessionList = z.infer<typeof sessionListSchema>;
