import type { FastifyRequest } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../context.js';
import { nowIso } from '../time.js';
import type { Database, UsersTable } from '../db/schema.js';
import { presentUser } from '../resources/users/present.js';
import type { SessionUserRecord } from './session-cache.js';
import { announceSessionChange } from './session-listener.js';
import type { SessionChange } from './session-listener.js';
import { hashToken, newToken } from './tokens.js';

// A session's last use is written at most once a minute, not on every request; the cached last-use
// time decides, and moves with the write.
const TOUCH_EVERY_MS = 60_000;

/** Where a session is opened from: shown to its user in their list of sessions. */
export interface SessionOrigin {
  userAgent: string | null;
  clientAddress: string | null;
}

const MAX_USER_AGENT = 300;

export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null, clientAddress: request.ip ?? null };
}

/**
 * Opens a session; `record` (a sign-in's audit entry) is written in the same transaction, so there is
 * no session without its entry.
 */
export async function createSession(ctx: AppContext, userId: number, origin?: SessionOrigin, record?: (trx: Kysely<Database>) => Promise<void>) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.session.absoluteMs).toISOString();
  const insert = (db: Kysely<Database>) => db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      user_agent: origin?.userAgent ?? null,
      client_address: origin?.clientAddress ?? null,
    })
    .execute();
  if (record) {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await insert(trx);
      await record(trx);
    });
  } else {
    await insert(ctx.db.kysely);
  }
  return { token, expiresAt };
}

/**
 * The user a bearer token signs in, or null. Answered from `ctx.sessionCache` while it may be (see
 * `SessionCache`); otherwise read from the database and kept.
 */
export async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUserRecord | null> {
  const now = Date.now();
  const tokenHash = hashToken(token);
  const cache = ctx.sessionCache;
  let session = cache.get(tokenHash, now);
  if (!session) {
    const generation = cache.generation;
    const row = await ctx.db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', new Date(now).toISOString())
      .where('sessions.last_seen_at', '>', new Date(now - ctx.config.session.idleMs).toISOString())
      .where('users.is_active', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    session = {
      user: { ...presentUser(row), sessionId: Number(row.session_id) },
      expiresAt: Date.parse(row.session_expires_at),
      lastSeenAt: Date.parse(row.session_last_seen_at),
      readAt: now,
    };
    cache.set(tokenHash, session, generation);
  }
  if (now - session.lastSeenAt > TOUCH_EVERY_MS) {
    // Moved before the write, so the requests arriving meanwhile with this token do not write too.
    session.lastSeenAt = now;
    await ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id', '=', session.user.sessionId)
      .execute();
  }
  return session.user;
}

/**
 * Forgets the cached sessions a change touches: in this instance before the call answers, and on
 * PostgreSQL in every instance through NOTIFY. Call it after the change, outside any transaction: the
 * notice goes out on another connection, and an instance that re-read the session before the change
 * was committed would keep the old answer.
 */
export async function sessionsChanged(ctx: AppContext, change: SessionChange) {
  if ('sessionId' in change) ctx.sessionCache.forgetSession(change.sessionId);
  else ctx.sessionCache.forgetUser(change.userId);
  if (ctx.db.engine === 'postgres') await announceSessionChange(ctx.db.kysely, change);
}

export async function revokeSession(ctx: AppContext, sessionId: number) {
  await ctx.db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
  await sessionsChanged(ctx, { sessionId });
}

/** Ends every session of a user, but the one given (the caller's own, when it should live on). */
export async function revokeUserSessions(ctx: AppContext, userId: number, exceptSessionId?: number) {
  let query = ctx.db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
  await sessionsChanged(ctx, { userId });
}

/**
 * The one way to change a `users` row once it exists. A cached session carries its user (roles, and
 * so modules; active flag; last sign-in), so every change is forgotten with it: a role taken away
 * is refused on the very next call.
 */
export async function updateUserRow(ctx: AppContext, userId: number, changes: Updateable<UsersTable>, record?: (trx: Kysely<Database>) => Promise<void>) {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
    await record?.(trx);
  });
  await sessionsChanged(ctx, { userId });
}

/** Deletes a user with every session of theirs; `record` (the audit entry) in the same transaction. */
export async function deleteUserRow(ctx: AppContext, userId: number, record?: (trx: Kysely<Database>) => Promise<void>) {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await record?.(trx);
  });
  await sessionsChanged(ctx, { userId });
}

/** A user's sessions that still let them in, most recently used first. */
export function activeSessionsOf(ctx: AppContext, userId: number) {
  const now = Date.now();
  return ctx.db.kysely
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'client_address'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date(now).toISOString())
    .where('last_seen_at', '>', new Date(now - ctx.config.session.idleMs).toISOString())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_LISTED_SESSIONS)
    .execute();
}

/** More than anyone signs in from at once; bounds the answer all the same. */
export const MAX_LISTED_SESSIONS = 100;

/**
 * Ends one session of a user (`sessionId`) or all of them, with `record` (the audit entry) in the
 * same transaction; answers how many ended. Forgotten by every instance's cache as a revocation is.
 */
export async function endSessionsOf(
  ctx: AppContext,
  userId: number,
  sessionId: number | undefined,
  record: (trx: Kysely<Database>) => Promise<void>,
): Promise<number> {
  const ended = await ctx.db.kysely.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (sessionId !== undefined) query = query.where('id', '=', sessionId);
    const result = await query.executeTakeFirst();
    const count = Number(result.numDeletedRows);
    if (count > 0) await record(trx);
    return count;
  });
  if (ended > 0) await sessionsChanged(ctx, sessionId === undefined ? { userId } : { sessionId });
  return ended;
}

/** Expired sessions are cleared from time to time; they are refused at once either way. */
export async function deleteExpiredSessions(ctx: AppContext) {
  const idleCutoff = new Date(Date.now() - ctx.config.session.idleMs).toISOString();
  await ctx.db.kysely
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso()), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}
