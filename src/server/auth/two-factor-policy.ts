import type { AppContext } from '../context.js';
import type { KyselyDb } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { ErrorCode } from '../../shared/api.js';
import type { User } from '../../shared/schemas/user.js';

/**
 * Which roles must sign in with two factors (docs/decisions/0039). Every staff call of a user who
 * has not enrolled asks, so the answer is kept in memory for a few seconds: a change made through
 * this instance is seen at once, one made through another instance within `POLICY_MAX_AGE_MS`.
 */
const POLICY_MAX_AGE_MS = 5_000;

const kept = new WeakMap<AppContext, { roles: Set<string>; readAt: number }>();

export async function readRequiredRoles(db: KyselyDb): Promise<string[]> {
  const rows = await db.selectFrom('two_factor_roles').select('role').orderBy('role').execute();
  return rows.map((row) => row.role);
}

export async function rolesRequiringTwoFactor(ctx: AppContext): Promise<Set<string>> {
  const entry = kept.get(ctx);
  if (entry && Date.now() - entry.readAt < POLICY_MAX_AGE_MS) return entry.roles;
  const readAt = Date.now();
  const roles = new Set(await readRequiredRoles(ctx.db.kysely));
  kept.set(ctx, { roles, readAt });
  return roles;
}

export function forgetTwoFactorPolicy(ctx: AppContext) {
  kept.delete(ctx);
}

/** The user's role requires two-factor sign-in and they have not turned it on yet. */
export async function twoFactorSetupRequired(ctx: AppContext, user: Pick<User, 'roles' | 'twoFactorEnabled'>): Promise<boolean> {
  if (user.twoFactorEnabled) return false;
  const required = await rolesRequiringTwoFactor(ctx);
  return required.size > 0 && user.roles.some((role) => required.has(role));
}

export const twoFactorSetupRequiredError = () =>
  new AppError(ErrorCode.twoFactorSetupRequired, 'Your role requires two-factor sign-in: turn it on first');

/**
 * The server's side of the role requirement: a staff call of a user who has not enrolled waits for
 * the enrolment, but for the few calls marked `beforeTwoFactorSetup` (route-spec.ts).
 */
export async function assertTwoFactorSetupDone(ctx: AppContext, user: Pick<User, 'roles' | 'twoFactorEnabled'>) {
  if (await twoFactorSetupRequired(ctx, user)) throw twoFactorSetupRequiredError();
}
