import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import postgres from 'postgres';
import type { SessionCache } from './session-cache.js';

/** Another cache the same notices keep true: the custom roles' grants (docs/decisions/0059). */
export interface Forgetful {
  forget(): void;
}

/** The PostgreSQL channel on which instances tell each other which cached sessions to forget. */
export const SESSION_CHANNEL = 'portico_sessions';

/** What a change asks every instance to forget: one session, or every session of a user. */
export type SessionChange = { sessionId: number } | { userId: number };

export function payloadOf(change: SessionChange): string {
  return 'sessionId' in change ? `session:${change.sessionId}` : `user:${change.userId}`;
}

/** The payload of a change to a role's grants: every instance forgets the roles it keeps. */
export const ROLES_PAYLOAD = 'roles';

export function applyPayload(cache: SessionCache, payload: string | undefined, roles?: Forgetful): void {
  if (payload === ROLES_PAYLOAD) {
    roles?.forget();
    return;
  }
  const match = /^(session|user):(\d+)$/.exec(payload ?? '');
  if (!match) {
    // An operator's bare `NOTIFY portico_sessions`, or a payload from a newer version: forget all.
    cache.clear();
    roles?.forget();
    return;
  }
  const id = Number(match[2]);
  if (match[1] === 'session') cache.forgetSession(id);
  else cache.forgetUser(id);
}

/** Tells every instance listening on the database (this one too) to forget a change's sessions. */
export async function announceSessionChange<DB>(db: Kysely<DB>, change: SessionChange): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, ${payloadOf(change)})`.execute(db);
}

/** Tells every instance listening on the database (this one too) to forget the custom roles it keeps. */
export async function announceRolesChange<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, ${ROLES_PAYLOAD})`.execute(db);
}

/** Seconds before the listener's next attempt: 1 s after a loss, doubling to 30 s while attempts fail. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(2 ** Math.max(failedAttempts - 1, 0), 30);
}

/** Where postgres.js asks a `socket` function to connect (an option its type declarations omit). */
interface SocketTarget {
  host: string[];
  port: number[];
  path: string | false;
}

/**
 * One dedicated connection per instance (postgres.js's `listen()` opens its own, outside the pool)
 * that runs `LISTEN portico_sessions` and forgets what other instances revoke. While it is not
 * listening, revocations elsewhere could go unseen, so the cache is bypassed (every lookup reads the
 * database) until LISTEN has succeeded again.
 *
 * postgres.js reconnects and listens again by itself, and calls `onlisten` each time it does. It
 * says nothing when the connection is lost, except by asking `backoff` how long to wait before the
 * next attempt, which it does as the connection closes: that question is taken as the news of the
 * loss, and its answer paces the attempts (1 s, doubling to 30 s).
 */
export class SessionListener {
  private sql: postgres.Sql | null = null;
  private closed = false;
  /** While the first attempt runs: it reports its own failure, with the reason. */
  private starting = false;
  /** Whether the current outage (or failed start) has been logged. */
  private warned = false;

  constructor(
    private readonly url: string,
    private readonly cache: SessionCache,
    private readonly log: FastifyBaseLogger,
    private readonly roles?: Forgetful,
  ) {
    cache.setBypassed(true);
  }

  /** Connects and listens; resolves after the first attempt, whether it worked or attempts go on. */
  async start(): Promise<void> {
    if (this.sql || this.closed) return;
    const options = {
      max: 1,
      connect_timeout: 10,
      // Keep-alive probes (after 60 s without traffic) find a connection that died silently; until
      // they do, the cache's one-minute limit bounds what a lost notice can cost.
      keep_alive: 60,
      backoff: (failedAttempts: number) => {
        this.lost();
        return retryDelaySeconds(failedAttempts);
      },
      socket: (target: SocketTarget) => this.openSocket(target),
    };
    this.sql = postgres(this.url, options);
    this.starting = true;
    try {
      await this.sql.listen(SESSION_CHANNEL, (payload) => applyPayload(this.cache, payload, this.roles), () => this.listening());
    } catch (error) {
      this.down(error);
    } finally {
      this.starting = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cache.setBypassed(true);
    const sql = this.sql;
    this.sql = null;
    await sql?.end({ timeout: 0 }).catch(() => undefined);
  }

  /**
   * Opens the listener's connection as postgres.js would (to the URL's first host), and none once
   * the listener is closed: postgres.js keeps an attempt it has scheduled even after `end()`, and
   * that attempt would open a connection that nobody closes.
   */
  private openSocket({ host, port, path }: SocketTarget): net.Socket {
    if (this.closed) throw new Error('the session invalidation listener is closed');
    const socket = path ? net.connect(path) : net.connect(port[0], host[0]);
    // postgres.js reads the server's name from here when it starts TLS.
    return Object.assign(socket, { host: host[0] });
  }

  /** LISTEN succeeded, at start or after a loss. */
  private listening(): void {
    if (this.closed) return;
    if (this.warned) this.log.info('session invalidation listener back: sessions are cached again');
    this.warned = false;
    // Emptied as it resumes: what was read while not listening may have been revoked unseen.
    this.cache.setBypassed(false);
    this.roles?.forget();
  }

  /** The listening connection closed, or an attempt to open one failed. */
  private lost(): void {
    if (this.closed || this.starting) return;
    this.down();
  }

  private down(error?: unknown): void {
    this.cache.setBypassed(true);
    if (this.closed) return;
    // One warning per outage, not one per failed attempt; the message only: the connection string
    // may hold a password and is never logged.
    if (!this.warned) {
      const reason = error instanceof Error ? error.message : 'connection lost';
      this.log.warn({ reason }, 'session invalidation listener down: sessions are read from the database until it is back');
      this.warned = true;
    }
  }
}
