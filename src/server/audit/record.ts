import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/session-user.js';
import type { Database } from '../db/schema.js';
import type { AuditAction } from '../../shared/schemas/audit.js';
import { nowIso } from '../time.js';

/**
 * The audit log's one way in (docs/decisions/0036). Every staff action calls `recordAudit` with the
 * transaction (or, where the action writes nothing else, the database) of the change it records, so
 * there is no change without its entry and no entry for a change that was rolled back.
 */

/** Who acted, and from where. Built once per request by `actorOf`. */
export interface AuditActor {
  userId: number | null;
  userName: string | null;
  clientAddress: string | null;
  userAgent: string | null;
}

/** What was done. `entity` is the API's name (`News`, `Page`, `Site`, `User`…), `entityId` its id or key. */
export interface AuditEvent {
  action: AuditAction;
  entity?: string | null;
  entityId?: string | number | null;
  /** For updates: each changed field's value before and after. Never applicants' personal data. */
  changes?: Record<string, readonly [unknown, unknown]> | null;
}

export { AUDIT_ACTIONS } from '../../shared/schemas/audit.js';
export type { AuditAction } from '../../shared/schemas/audit.js';

const MAX_USER_AGENT = 300;

/**
 * The changes of a record holding someone's personal data (`personalData` on its resource): the
 * names of the fields changed, their values left out (null), so the log copies nothing of it.
 */
export function fieldNamesOnly(changes: Record<string, readonly [unknown, unknown]>): Record<string, readonly [null, null]> {
  return Object.fromEntries(Object.keys(changes).map((field) => [field, [null, null] as const]));
}

/** The actor of a request: its signed-in user (if any), client address and user agent. */
export function actorOf(request: FastifyRequest, user: Pick<SessionUser, 'id' | 'userName'> | null = null): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    userId: user?.id ?? null,
    userName: user?.userName ?? null,
    clientAddress: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null,
  };
}

/** The fields of `given` whose value differs from `before`'s, each with both values. */
export function changedValues(before: Readonly<Record<string, unknown>>, given: Readonly<Record<string, unknown>>): Record<string, readonly [unknown, unknown]> {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const [field, after] of Object.entries(given)) {
    if (after !== undefined && JSON.stringify(before[field] ?? null) !== JSON.stringify(after)) changes[field] = [before[field] ?? null, after];
  }
  return changes;
}

/**
 * A changed value longer than this (as JSON) is kept as the start of its text: an article's HTML
 * would otherwise be copied whole into every entry, and its full versions are the revisions' to keep.
 */
export const MAX_CHANGE_VALUE = 1000;

function bounded(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  const json = JSON.stringify(value);
  return json.length > MAX_CHANGE_VALUE ? `${json.slice(0, MAX_CHANGE_VALUE)}…` : value;
}

const boundedChanges = (changes: Record<string, readonly [unknown, unknown]>) =>
  JSON.stringify(Object.fromEntries(Object.entries(changes).map(([field, [before, after]]) => [field, [bounded(before), bounded(after)]])));

/** Appends one entry; call it inside the transaction of the change it records. */
export async function recordAudit(db: Kysely<Database>, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      at: nowIso(),
      user_id: actor.userId,
      user_name: actor.userName,
      action: event.action,
      entity: event.entity ?? null,
      entity_id: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
      changes: event.changes ? boundedChanges(event.changes) : null,
      client_address: actor.clientAddress,
      user_agent: actor.userAgent,
    })
    .execute();
}
