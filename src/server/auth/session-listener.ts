import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { SessionCache } from './session-cache.js';

/** The PostgreSQL channel on which instances tell each other which cached sessions to forget. */
export const SESSION_CHANNEL = 'portico_sessions';

/** What a change asks every instance to forget: one session, or every session of a user. */
export type SessionChange = { sessionId: number } | { userId: number };

export function payloadOf(change: SessionChange): string {
  return 'sessionId' in change ? `session:${change.sessionId}` : `user:${change.userId}`;
}

export function applyPayload(cache: SessionCache, payload: string | undefined): void {
  const match = /^(session|user):(\d+)$/.exec(payload ?? '');
  if (!match) {
    // An operator's bare `NOTIFY portico_sessions`, or a payload from a newer version: forget all.
    cache.clear();
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

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * One dedicated connection per instance (not from the pool: a pooled client is handed to queries
 * and its LISTEN would come and go with it) that runs `LISTEN portico_sessions` and forgets what
 * other instances revoke. While it is not listening, revocations elsewhere could go unseen, so the
 * cache is bypassed (every lookup reads the database) until LISTEN has succeeded again.
 */
export class SessionListener {
  private client: pg.Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Whether the current outage (or failed start) has been logged. */
  private warned = false;

  constructor(
    private readonly url: string,
    private readonly cache: SessionCache,
    private readonly log: FastifyBaseLogger,
  ) {
    cache.setBypassed(true);
  }

  /** Connects and listens; resolves after the first attempt, whether it worked or a retry is set. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    this.cache.setBypassed(true);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retryTimer = null;
    if (this.closed) return;
    // Keep-alive probes find a connection that died silently; until they do, the cache's
    // one-minute limit bounds what a lost notification can cost.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) applyPayload(this.cache, message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    if (this.warned) this.log.info('session invalidation listener back: sessions are cached again');
    this.warned = false;
    this.retryMs = FIRST_RETRY_MS;
    // Emptied as it resumes: what was read while not listening may have been revoked unseen.
    this.cache.setBypassed(false);
  }

  /** Called for every sign of trouble on a client; only the first for the current client counts. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.setBypassed(true);
    client.removeAllListeners('notification');
    // A late error from the abandoned client must not go unhandled.
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.closed) return;
    // One warning per outage, not one per failed retry; the message only: the connection string
    // may hold a password and is never logged.
    if (!this.warned) {
      const reason = error instanceof Error ? error.message : 'connection ended';
      this.log.warn({ reason }, 'session invalidation listener down: sessions are read from the database until it is back');
      this.warned = true;
    }
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }
}
