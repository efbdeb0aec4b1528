import { z } from 'zod';
import type { CsvFieldColumn } from '../../shared/csv-columns.js';
import { toCsv } from '../../shared/csv.js';
import type { CsvColumn } from '../../shared/csv.js';
import { chooseServerLocale } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import type { QueryInput } from '../../shared/query.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { validationError } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { Call, RouteSpec } from '../http/route-spec.js';
import { nowIso } from '../time.js';
import type { ResourceDef } from './definition.js';
import { queryPage } from './list-query.js';

/**
 * `POST {E}/Export`: the list as `Query` would filter and sort it, every page of it, as a CSV file
 * in the reader's language. Exports of personal data are written by the server, not the browser, so
 * that each one is recorded in the audit log (`csv-export`) before the file leaves.
 */

/** More rows than this are refused: the reader narrows the list with filters instead. */
export const EXPORT_MAX_ROWS = 20_000;
const CHUNK = 100;

/** Where the reader is: minutes east of UTC, as the browser knows it; times are written in it. */
export const exportQuery = z.strictObject({
  offset: z.coerce.number().int().min(-840).max(840).optional(),
});

function cellOf(column: CsvFieldColumn, locale: Locale) {
  return (record: Record<string, unknown>): string | number | null => {
    const value = record[column.field];
    if (value === null || value === undefined) return null;
    const named = column.values?.[String(value)];
    if (named) return named[locale];
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'object') return JSON.stringify(value);
    return value as string | number;
  };
}

export function csvColumnsIn(columns: readonly CsvFieldColumn[], locale: Locale): CsvColumn<Record<string, unknown>>[] {
  return columns.map((column) => ({ title: column.title[locale], value: cellOf(column, locale) }));
}

/** Every row of the list, at most `EXPORT_MAX_ROWS`. */
async function allRows<Out>(ctx: Parameters<typeof queryPage>[0], def: ResourceDef<Out>, input: QueryInput): Promise<Out[]> {
  const rows: Out[] = [];
  for (let page = 1; ; page++) {
    const chunk = await queryPage(ctx, def, { ...input, page, pageSize: CHUNK }, false);
    if (chunk.meta.total > EXPORT_MAX_ROWS) {
      throw validationError([{ path: 'filters', code: 'too_many_rows', params: { total: chunk.meta.total, maximum: EXPORT_MAX_ROWS }, message: `${chunk.meta.total} rows are too many to export (at most ${EXPORT_MAX_ROWS}); narrow the list with filters` }]);
    }
    rows.push(...chunk.items);
    if (chunk.items.length < CHUNK || rows.length >= chunk.meta.total) return rows;
  }
}

export function exportRoute<Out>(def: ResourceDef<Out>, columns: readonly CsvFieldColumn[], fileName: string): RouteSpec {
  return route<QueryInput, undefined, z.infer<typeof exportQuery>>({
    method: 'POST',
    path: `${def.name}/Export`,
    // Only reads: staff with read on the module may make it (docs/decisions/0059).
    reads: true,
    summary: `Export the ${def.label.toLowerCase()} list as CSV (the body of ${def.name}/Query; every page, at most ${EXPORT_MAX_ROWS} rows; \`?offset=\` the reader's minutes east of UTC for times); recorded in the audit log`,
    tag: def.name,
    access: def.module,
    body: def.entity.query,
    query: exportQuery,
    raw: true,
    handler: async ({ request, reply, body, query, user }) => {
      const rows = (await allRows(request.server.ctx, def, body)) as Record<string, unknown>[];
      return sendCsv({ request, reply, user }, def.name, { columns, fileName, offset: query.offset }, rows);
    },
  });
}

/**
 * Answers rows as a CSV file in the reader's language, recorded in the audit log before the file
 * leaves: no export without its entry. Which rows were asked for is left out, as a keyword may be an
 * applicant's name.
 */
export async function sendCsv(
  { request, reply, user }: Pick<Call, 'request' | 'reply' | 'user'>,
  entity: string,
  file: { columns: readonly CsvFieldColumn[]; fileName: string; offset?: number },
  rows: Record<string, unknown>[],
) {
  const locale = chooseServerLocale(request.headers.cookie ?? null, request.headers['accept-language'] ?? null);
  const csv = toCsv(csvColumnsIn(file.columns, locale), rows, file.offset ?? 0);
  await recordAudit(request.server.ctx.db.kysely, actorOf(request, user), { action: 'csv-export', entity });
  const name = `${file.fileName}-${nowIso().slice(0, 10)}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
