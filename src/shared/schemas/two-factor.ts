import { z } from 'zod';
import { coded } from '../validation-codes.js';
import { ROLES } from '../modules.js';

/** Two-factor sign-in (docs/decisions/0039): the bodies and answers of its calls. */

export const TWO_FACTOR_CODE_MAX = 40;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, or (where taken) a recovery code. */
const code = z.string().trim().min(1, 'Required').max(TWO_FACTOR_CODE_MAX);

export const twoFactorCodeSchema = z.strictObject({ code });

export const twoFactorVerifySchema = z.strictObject({
  challengeToken: z.string().min(1, 'Required').max(200),
  code,
});

/** Turning it off takes a current code or the password: a token left in a browser is not enough. */
export const twoFactorDisableSchema = z
  .strictObject({ code: code.optional(), password: z.string().min(1, 'Required').max(200).optional() })
  .refine((body) => body.code !== undefined || body.password !== undefined, coded('code_or_password_required', 'A current code or the password is required', ['code']));

export const twoFactorPolicySchema = z.strictObject({
  requiredRoles: z.array(z.enum(ROLES)).max(ROLES.length),
});

export const twoFactorEnrolment = z.object({ otpauthUri: z.string(), secret: z.string() });
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

/** What `security/login` answers a user with two-factor sign-in on: no token yet, a second step. */
export const twoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresAt: z.string(),
});

export type TwoFactorVerify = z.infer<typeof twoFactorVerifySchema>;
export type TwoFactorDisable = z.infer<typeof twoFactorDisableSchema>;
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** Why the second step was refused (`data.reason` of a 40021). */
export const TWO_FACTOR_REFUSALS = ['wrong-code', 'expired'] as const;
export type TwoFactorRefusal = (typeof TWO_FACTOR_REFUSALS)[number];
