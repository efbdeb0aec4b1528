import type { AppContext } from '../context.js';
import { nowIso } from '../context.js';
import { presentUser } from '../resources/users/present.js';
import type { User } from '../../shared/schemas/user.js';
import { hashToken, newToken } from './tokens.js';

// A session's last use is written at most once a minute, not on every request.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(ctx: AppContext, userId: number) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.session.absoluteMs).toISOString();
  await ctx.db.kysely
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

export async function findSessionUser(
  ctx: AppContext,
  token: string,
): Promise<(User & { sessionId: number }) | null> {
  const now = Date.now();
  const row = await ctx.db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', new Date(now).toISOString())
    .where('sessions.last_seen_at', '>', new Date(now - ctx.config.session.idleMs).toISOString())
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  if (now - Date.parse(row.session_last_seen_at) > TOUCH_EVERY_MS) {
    await ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', row.session_id)
      .execute();
  }
  return { ...presentUser(row), sessionId: row.session_id };
}

export async function revokeSession(ctx: AppContext, sessionId: number) {
  await ctx.db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, but the one given (the caller's own, when it should live on). */
export async function revokeUserSessions(ctx: AppContext, userId: number, exceptSessionId?: number) {
  let query = ctx.db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

/** Expired sessions are cleared from time to time; they are refused at once either way. */
export async function deleteExpiredSessions(ctx: AppContext) {
  const idleCutoff = new Date(Date.now() - ctx.config.session.idleMs).toISOString();
  await ctx.db.kysely
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso()), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}
