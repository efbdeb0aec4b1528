import { createHash, randomBytes } from 'node:crypto';
import type { KyselyDb } from '../../db/schema.js';
import { nowIso } from '../../time.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import { base32Encode } from '../../auth/totp.js';
import { RECOVERY_CODE_COUNT } from '../../../shared/schemas/two-factor.js';

/** The SQL of two-factor sign-in (docs/decisions/0039): secrets, recovery codes, challenges, the role policy. */

/** How long the second step of a sign-in may wait. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export function secretOf(db: KyselyDb, userId: number) {
  return db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new pending secret in place of any earlier pending one (a confirmed one is never replaced here). */
export async function savePendingSecret(db: KyselyDb, userId: number, secret: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_secrets').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
    await trx.insertInto('two_factor_secrets').values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: nowIso() }).execute();
  });
}

/**
 * Takes the code of time step `step` once: the step is written only if it is later than the last
 * one taken, in one statement, so two requests with the same code cannot both pass.
 */
export async function takeTotpStep(db: KyselyDb, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Recovery codes are compared without case, spaces or dashes, as people type them. */
const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** Ten new codes of 50 random bits each, written `xxxxx-xxxxx`; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

export async function replaceRecoveryCodes(db: KyselyDb, userId: number, codes: string[]) {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code), used_at: null })))
    .execute();
}

/** Uses one recovery code, once: answers whether it was one of the user's unused codes. */
export async function useRecoveryCode(db: KyselyDb, userId: number, code: string): Promise<boolean> {
  if (normalRecoveryCode(code).length !== 10) return false;
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function unusedRecoveryCodeCount(db: KyselyDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Everything two-factor of a user goes: secret, codes and open challenges. */
export async function deleteTwoFactorOf(db: KyselyDb, userId: number) {
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ two_factor_enabled: 0, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Opens the second step of a sign-in; only the token's hash is kept. Expired challenges are cleared on the way. */
export async function createChallenge(db: KyselyDb, userId: number) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + CHALLENGE_TTL_MS).toISOString();
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: new Date(now).toISOString(), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The open, unexpired challenge of this token with its (active) user's row, or undefined. */
export function findChallenge(db: KyselyDb, token: string) {
  return db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .selectAll('users')
    .select(['two_factor_challenges.id as challenge_id'])
    .where('two_factor_challenges.token_hash', '=', hashToken(token))
    .where('two_factor_challenges.expires_at', '>', nowIso())
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
}

/** Ends a challenge; answers whether this call was the one that ended it (single use under races). */
export async function consumeChallenge(db: KyselyDb, challengeId: number): Promise<boolean> {
  const result = await db.deleteFrom('two_factor_challenges').where('id', '=', challengeId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function saveRequiredRoles(db: KyselyDb, roles: readonly string[]) {
  await db.deleteFrom('two_factor_roles').where('role', 'not in', roles.length ? [...roles] : ['']).execute();
  const existing = new Set((await db.selectFrom('two_factor_roles').select('role').execute()).map((r) => r.role));
  const added = roles.filter((role) => !existing.has(role));
  if (added.length) await db.insertInto('two_factor_roles').values(added.map((role) => ({ role, required_since: nowIso() }))).execute();
}
