import { z } from 'zod';
import { BULK_MAX, bulkAnswer, bulkSelectionShape, exactlyOneSelection, selectionIssue } from '../../shared/bulk.js';
import type { BulkAnswer } from '../../shared/bulk.js';
import type { CsvFieldColumn } from '../../shared/csv-columns.js';
import { id } from '../../shared/fields.js';
import type { QueryInput } from '../../shared/query.js';
import { statusMoveSchema } from '../../shared/status.js';
import { actorOf } from '../audit/record.js';
import type { AppContext } from '../context.js';
import { AppError, notFound, validationError } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import type { ResourceDef } from './definition.js';
import { exportQuery, sendCsv } from './export.js';
import { queryPage } from './list-query.js';
import { deleteRecord, findRecord } from './operations.js';
import { moveStatus } from './status-history.js';

/**
 * Bulk actions (issue 21, docs/decisions/0057): each record of a selection goes through the same
 * operation one call on it would, with its own checks, transaction and audit entry; what one record
 * refuses (in use, gone) is answered beside the others, never failing them.
 */

interface Selection {
  ids?: number[];
  matching?: QueryInput;
}

const CHUNK = 100;

/** The ids a selection names: the ticked ones (each once), or every record the list's query matches, in its order. */
export async function selectedIds(ctx: AppContext, def: ResourceDef<unknown>, selection: Selection): Promise<number[]> {
  if (selection.ids) return [...new Set(selection.ids)];
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const chunk = await queryPage(ctx, def, { ...selection.matching!, page, pageSize: CHUNK, fields: ['id'] }, false);
    if (chunk.meta.total > BULK_MAX) {
      throw validationError([{ path: 'matching', code: 'too_many_selected', params: { total: chunk.meta.total, maximum: BULK_MAX }, message: `${chunk.meta.total} records match; a bulk action takes at most ${BULK_MAX}, so narrow the list with filters` }]);
    }
    ids.push(...(chunk.items as { id: number }[]).map((record) => record.id));
    if (chunk.items.length < CHUNK || ids.length >= chunk.meta.total) return ids;
  }
}

/** Acts on each id in turn; a refusal (4xx) is noted and the next goes on, anything unexpected fails the call. */
async function eachOf(ids: readonly number[], act: (id: number) => Promise<unknown>): Promise<BulkAnswer> {
  const answer: BulkAnswer = { done: [], refused: [] };
  for (const recordId of ids) {
    try {
      await act(recordId);
      answer.done.push(recordId);
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      const reason = (error.data as { reason?: unknown } | null)?.reason;
      answer.refused.push({ id: recordId, errorCode: error.errorCode, reason: typeof reason === 'string' ? reason : null });
    }
  }
  return answer;
}

const selectionBody = (def: ResourceDef<unknown>, extra: z.ZodRawShape = {}) =>
  z.strictObject({ ...bulkSelectionShape(def.entity.query), ...extra }).refine(exactlyOneSelection, selectionIssue) as unknown as z.ZodType<Selection>;

/** `POST {E}/Bulk/Delete`: deletes each selected record as `DELETE {E}/{id}` would. */
export function bulkDeleteRoute<Out>(def: ResourceDef<Out>): RouteSpec {
  return route<Selection>({
    method: 'POST',
    path: `${def.name}/Bulk/Delete`,
    summary: `Delete the ${def.label.toLowerCase()} records given by id or matching a list query (at most ${BULK_MAX}); each is refused or deleted as one delete would be`,
    tag: def.name,
    access: def.module,
    body: selectionBody(def as ResourceDef<unknown>),
    response: bulkAnswer,
    handler: async ({ request, body, user }) => {
      const ctx = request.server.ctx;
      const ids = await selectedIds(ctx, def as ResourceDef<unknown>, body);
      return eachOf(ids, (recordId) => deleteRecord(ctx, def as ResourceDef<unknown>, recordId, actorOf(request, user)));
    },
  });
}

type Move = Selection & { statusId: number; note?: string };

/** `POST {E}/Bulk/Status`: moves each selected record to one status, each move in its history. */
export function bulkStatusRoute<Out>(def: ResourceDef<Out>, maxStatusId: number): RouteSpec {
  const move = statusMoveSchema(maxStatusId).shape;
  return route<Move>({
    method: 'POST',
    path: `${def.name}/Bulk/Status`,
    summary: `Move the ${def.label.toLowerCase()} records given by id or matching a list query (at most ${BULK_MAX}) to one status, with an optional note; each move is kept as history`,
    tag: def.name,
    access: def.module,
    body: selectionBody(def as ResourceDef<unknown>, move) as z.ZodType<Move>,
    response: bulkAnswer,
    handler: async ({ request, body, user }) => {
      const ctx = request.server.ctx;
      const ids = await selectedIds(ctx, def as ResourceDef<unknown>, body);
      return eachOf(ids, async (recordId) => {
        const moved = await moveStatus(ctx.db, def as ResourceDef<unknown>, recordId, { statusId: body.statusId, note: body.note }, user!, actorOf(request, user));
        if (!moved) throw notFound(def.label);
      });
    },
  });
}

const exportIds = z.strictObject({ ids: z.array(id).min(1).max(BULK_MAX) });

/** `POST {E}/Bulk/Export`: the ticked records as CSV, in the order given, like `{E}/Export` writes a list. */
export function bulkExportRoute<Out>(def: ResourceDef<Out>, columns: readonly CsvFieldColumn[], fileName: string): RouteSpec {
  return route<z.infer<typeof exportIds>, undefined, z.infer<typeof exportQuery>>({
    method: 'POST',
    path: `${def.name}/Bulk/Export`,
    // Only reads: staff with read on the module may make it (docs/decisions/0059).
    reads: true,
    summary: `Export the ${def.label.toLowerCase()} records given by id as CSV (at most ${BULK_MAX}; \`?offset=\` the reader's minutes east of UTC for times); one gone meanwhile is left out; recorded in the audit log`,
    tag: def.name,
    access: def.module,
    body: exportIds,
    query: exportQuery,
    raw: true,
    handler: async ({ request, reply, body, query, user }) => {
      const ctx = request.server.ctx;
      const rows: Record<string, unknown>[] = [];
      for (const recordId of new Set(body.ids)) {
        const record = await findRecord(ctx, def, recordId).catch((error: unknown) => {
          if (error instanceof AppError && error.httpStatus === 404) return null;
          throw error;
        });
        if (record) rows.push(record as Record<string, unknown>);
      }
      return sendCsv({ request, reply, user }, def.name, { columns, fileName, offset: query.offset }, rows);
    },
  });
}
