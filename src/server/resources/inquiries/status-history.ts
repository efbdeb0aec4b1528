import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ModuleKey } from '../../../shared/modules.js';
import type { StatusHistoryEntry } from '../../../shared/status.js';
import { nowIso } from '../../context.js';
import { requireModule } from '../../auth/guard.js';
import { findRow, parseId } from '../../crud/resource.js';
import type { AnyDb, ResourceDef, Row } from '../../crud/resource.js';
import { notFound } from '../../http/errors.js';
import type { RouteSpec } from '../../http/routes.js';
import { idParam } from '../../http/routes.js';
import { parse } from '../../http/validate.js';

export async function historyOf(db: AnyDb, entity: string, recordId: number): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .selectFrom('status_history')
    .select(['status_id', 'note', 'by_user_name', 'at'])
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({
    statusId: Number(r.status_id),
    note: r.note,
    byUserName: r.by_user_name ?? null,
    at: r.at,
  }));
}

/** `GET {E}/{id}` answering the record with every status move it went through. */
export function readWithHistoryRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return {
    method: 'GET',
    path: `${def.name}/:id`,
    summary: `Read one ${def.label.toLowerCase()} with its status history`,
    tag: def.name,
    access: def.module,
    handler: async (request) => {
      await requireModule(request, def.module);
      const ctx = request.server.ctx;
      const id = parseId(idParam(request));
      const row = await findRow(ctx, def as ResourceDef<unknown>, id);
      if (!row) throw notFound(def.label);
      return { ...def.present(row), history: await historyOf(ctx.db.kysely as AnyDb, def.name, id) };
    },
  };
}

/**
 * `POST {E}/{id}` with `{ statusId, note? }`: moves the record to another status. The move and its
 * history entry are written together.
 */
export function statusMoveRoute<Out>(def: ResourceDef<Out>, schema: z.ZodType<{ statusId: number; note?: string }>): RouteSpec {
  return {
    method: 'POST',
    path: `${def.name}/:id`,
    summary: `Move a ${def.label.toLowerCase()} to another status, with an optional note; kept as history`,
    tag: def.name,
    access: def.module,
    body: schema,
    handler: async (request: FastifyRequest) => {
      const user = await requireModule(request, def.module as ModuleKey);
      const ctx = request.server.ctx;
      const id = parseId(idParam(request));
      const input = parse(schema, request.body);
      const at = nowIso();
      const found = await ctx.db.kysely.transaction().execute(async (trx) => {
        const db = trx as AnyDb;
        const read = db.selectFrom(def.table).selectAll().where('id', '=', id);
        // Moves of one record wait for each other on PostgreSQL, so each starts from the status the
        // previous one left (what `onStatusMove` updates depends on it). SQLite runs one write
        // transaction at a time anyway, and has no FOR UPDATE.
        const row: Row | undefined = await (ctx.db.engine === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
        if (!row) return false;
        await def.onStatusMove?.(db, row, input.statusId);
        await db
          .updateTable(def.table)
          .set({
            status_id: input.statusId,
            ...(input.note ? { note: input.note } : {}),
            updated_at: at,
          })
          .where('id', '=', id)
          .execute();
        await db
          .insertInto('status_history')
          .values({
            entity: def.name,
            record_id: id,
            status_id: input.statusId,
            note: input.note ?? '',
            by_user_id: user.id,
            by_user_name: user.userName,
            at,
          })
          .execute();
        return true;
      });
      if (!found) throw notFound(def.label);
      const row = await findRow(ctx, def as ResourceDef<unknown>, id);
      return { ...def.present(row!), history: await historyOf(ctx.db.kysely as AnyDb, def.name, id) };
    },
  };
}
