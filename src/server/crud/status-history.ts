import { sql } from 'kysely';
import { z } from 'zod';
import { internalNoteSchema } from '../../shared/status.js';
import type { InternalNote, StatusHistoryEntry } from '../../shared/status.js';
import { actorOf, fieldNamesOnly, recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import type { SessionUser } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { nowIso } from '../time.js';
import type { KyselyDb } from '../db/schema.js';
import type { ResourceDef } from './definition.js';
import { findRecord } from './operations.js';
import { idParams } from './routes.js';

/**
 * Records that move through statuses (applications, contact messages, join-us entries) keep every
 * move, with who made it and a note, in `status_history`; reading one record answers them all,
 * after the status every record starts in (1, new) at its creation.
 */

/** Every record of these resources is created as new (1) by the visitor who sent it. */
const firstEntry = (createdAt: string): StatusHistoryEntry => ({ statusId: 1, note: '', byUserName: null, at: createdAt });

export async function historyOf(db: KyselyDb, entity: string, recordId: number): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .selectFrom('status_history')
    .select(['status_id', 'note', 'by_user_name', 'at', 'email_to', 'email_subject'])
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => {
    const entry: StatusHistoryEntry = { statusId: Number(r.status_id), note: r.note, byUserName: r.by_user_name ?? null, at: r.at };
    // Only a move that sent an e-mail says so (docs/decisions/0056): the others answer as before.
    if (r.email_to !== null && r.email_to !== undefined) entry.email = { to: r.email_to, subject: r.email_subject ?? '' };
    return entry;
  });
}

/** A change as the audit log keeps it: only the field names for records of personal data. */
const auditedChanges = (def: ResourceDef<unknown>, changes: Record<string, readonly [unknown, unknown]>) =>
  def.personalData ? fieldNamesOnly(changes) : changes;

/** A move as kept: its status and note, and the e-mail it sent (an application's, docs/decisions/0056). */
export interface StatusMove {
  statusId: number;
  note?: string;
  email?: { to: string; subject: string };
}

/**
 * Moves a record to `statusId`, with its history entry and its audit entry, in one transaction;
 * false when there is no such record. `before`, given, runs first in that transaction with the
 * locked row: it may refuse the move by throwing, or answer the e-mail the move is to record.
 */
export async function moveStatus(
  db: Db,
  def: ResourceDef<unknown>,
  id: number,
  move: StatusMove,
  by: SessionUser,
  actor: AuditActor,
  before?: (trx: KyselyDb, row: Record<string, unknown>) => Promise<StatusMove['email']>,
): Promise<boolean> {
  const at = nowIso();
  return db.kysely.transaction().execute(async (trx) => {
    const read = trx.selectFrom(def.table).selectAll().where(sql.ref('id'), '=', id);
    // Moves of one record wait for each other on PostgreSQL, so each starts from the status the
    // previous one left (what `onStatusMove` updates depends on it). SQLite runs one write
    // transaction at a time anyway, and has no FOR UPDATE.
    const row = await (db.engine === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
    if (!row) return false;
    const email = before ? await before(trx, row as Record<string, unknown>) : move.email;
    await def.onStatusMove?.(trx, row, move.statusId);
    await trx
      .updateTable(def.table)
      // The move's note belongs to the move (its history entry below); the record's internal note is
      // its own, written with `POST {E}/{id}/Note`, and a move never replaces it.
      .set({ status_id: move.statusId, updated_at: at } as never)
      .where(sql.ref('id'), '=', id)
      .execute();
    await trx
      .insertInto('status_history')
      .values({
        entity: def.name,
        record_id: id,
        status_id: move.statusId,
        note: move.note ?? '',
        by_user_id: by.id,
        by_user_name: by.userName,
        at,
        email_to: email?.to ?? null,
        email_subject: email?.subject ?? null,
      })
      .execute();
    // A move that sent an e-mail says so in the log too; of an applicant's e-mail, only that it was sent.
    const changes = auditedChanges(def, { statusId: [Number(row.status_id), move.statusId], ...(email ? { email: [null, 'sent'] as const } : {}) });
    await recordAudit(trx, actor, { action: 'status-move', entity: def.name, entityId: id, changes });
    return true;
  });
}

export async function withHistory<Out>(ctx: AppContext, def: ResourceDef<Out>, id: number) {
  const record = await findRecord(ctx, def, id);
  const createdAt = (record as { createdAt: string }).createdAt;
  return { ...record, history: [firstEntry(createdAt), ...(await historyOf(ctx.db.kysely, def.name, id))] };
}

/** `GET {E}/{id}` answering the record with every status move it went through. */
export function readWithHistoryRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return route<undefined, { id: number }>({
    method: 'GET',
    path: `${def.name}/:id`,
    summary: `Read one ${def.label.toLowerCase()} with its status history`,
    tag: def.name,
    access: def.module,
    params: idParams,
    response: def.entity.record,
    handler: ({ request, params }) => withHistory(request.server.ctx, def, params.id),
  });
}

/** `POST {E}/{id}` with `{ statusId, note? }`: moves the record to another status, kept as history. */
export function statusMoveRoute<Out>(def: ResourceDef<Out>, schema: z.ZodType<{ statusId: number; note?: string }>): RouteSpec {
  return route<{ statusId: number; note?: string }, { id: number }>({
    method: 'POST',
    path: `${def.name}/:id`,
    summary: `Move a ${def.label.toLowerCase()} to another status, with an optional note; kept as history`,
    tag: def.name,
    access: def.module,
    body: schema,
    params: idParams,
    response: def.entity.record,
    handler: async ({ request, body, params, user }) => {
      const ctx = request.server.ctx;
      if (!(await moveStatus(ctx.db, def, params.id, body, user!, actorOf(request, user)))) throw notFound(def.label);
      return withHistory(ctx, def, params.id);
    },
  });
}

/** `POST {E}/{id}/Note` with `{ note }`: sets the record's internal note (empty clears it). */
export function internalNoteRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return route<InternalNote, { id: number }>({
    method: 'POST',
    path: `${def.name}/:id/Note`,
    summary: `Set the internal note of a ${def.label.toLowerCase()} (a status move's note stays with the move)`,
    tag: def.name,
    access: def.module,
    body: internalNoteSchema,
    params: idParams,
    response: def.entity.record,
    handler: async ({ request, body, params, user }) => {
      const ctx = request.server.ctx;
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const before = await trx.selectFrom(def.table).select(sql<string>`note`.as('note')).where(sql.ref('id'), '=', params.id).executeTakeFirst();
        if (!before) throw notFound(def.label);
        await trx
          .updateTable(def.table)
          .set({ note: body.note, updated_at: nowIso() } as never)
          .where(sql.ref('id'), '=', params.id)
          .execute();
        const changes = auditedChanges(def, { note: [before.note, body.note] });
        await recordAudit(trx, actorOf(request, user), { action: 'update', entity: def.name, entityId: params.id, changes });
      });
      return withHistory(ctx, def, params.id);
    },
  });
}
