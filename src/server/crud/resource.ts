import { sql } from 'kysely';
import type { CompiledQuery, Kysely, SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Page } from '../../shared/api.js';
import type { ModuleKey } from '../../shared/modules.js';
import { id as idSchema } from '../../shared/fields.js';
import type { QueryInput } from '../../shared/query.js';
import type { AppContext } from '../context.js';
import { nowIso } from '../context.js';
import { isStaffFor, requireModule } from '../auth/guard.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { serializeOk } from '../http/envelope.js';
import type { RouteSpec } from '../http/routes.js';
import { idParam } from '../http/routes.js';
import { parse } from '../http/validate.js';
import type { Db, Engine } from '../db/connect.js';
import { recentlyUsed } from '../recently-used.js';

// The generic layer works on table names chosen at run time, so it speaks to Kysely untyped; each
// resource's presenter turns rows back into typed answers.
export type AnyDb = Kysely<any>;
export type AnyQuery = SelectQueryBuilder<any, any, any>;
export type Row = Record<string, any>;

export interface FilterDef {
  column: string;
  op?: '=' | '>=' | '<=' | 'like';
  /** Turns the filter's value into the stored one (booleans into 0/1, say). */
  toColumn?: (value: unknown) => unknown;
}

/**
 * A table of search terms that stands in for LIKE on a resource's keyword columns: one row per term
 * and record, carrying some of the record's columns so that filters and sorts on them stay in the
 * term index.
 */
export interface KeywordIndex {
  table: string;
  /** The index's column holding the record's id. */
  recordColumn: string;
  /** Resource columns (`table.column`) the index also stores, mapped to its own column names. */
  columns: Record<string, string>;
  /**
   * The term whose rows hold every match of the keyword, and whether they are exactly the matches
   * (otherwise LIKE confirms each); null when the index cannot answer and LIKE searches alone.
   */
  plan(keyword: string): { term: string; exact: boolean } | null;
  /**
   * How many records hold each term, per value of some of the resource's columns (`table.column` to
   * the counts' own column names): the total of an exact term filtered by those columns alone is a
   * sum of a few counts instead of a count of the term's rows.
   */
  counts?: { table: string; column: string; columns: Record<string, string> };
}

export interface ResourceDef<Out> {
  /** The API path segment: `News`. */
  name: string;
  /** What a person calls one record, for messages: `News item`. */
  label: string;
  table: string;
  module: ModuleKey;
  /** The records anyone may read; without it, reading needs the module too. */
  publicScope?: (query: AnyQuery, now: string) => AnyQuery;
  /**
   * Rows with their decorations; `publicView` when a visitor asks, for decorations that depend on it
   * and on the time `now` (given with `publicView`; in a list query it is a slot, so it must only be
   * passed on to the query builder).
   */
  baseSelect: (db: AnyDb, publicView?: boolean, now?: string) => AnyQuery;
  present: (row: Row) => Out;
  querySchema: z.ZodType<QueryInput>;
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
  keywordColumns: string[];
  keywordIndex?: KeywordIndex;
  /**
   * How many records there are per value of some of the resource's columns (`table.column` to the
   * counts' own column names), kept in step with every write: the total of a list without keyword or
   * public scope, filtered by those columns alone, is a sum of a few counts instead of a count of
   * rows. `where` picks the resource's counts in a table shared with others.
   */
  keptCounts?: { table: string; column: string; where: Record<string, string>; columns: Record<string, string> };
  filters: Record<string, FilterDef>;
  sortColumns: Record<string, string>;
  defaultSort: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** Maps validated input onto columns (only the fields given), with derived values. */
  toRow?: (input: Row, existing?: Row) => Row;
  /** Refuses references to records that do not exist, with a 400 naming the field. */
  checkReferences?: (db: AnyDb, row: Row) => Promise<void>;
  /** Refuses a delete that would orphan other records, with a 409. */
  beforeDelete?: (db: AnyDb, id: number) => Promise<void>;
  /** Runs in the transaction that moves a record to `statusId`; `before` is the whole row before the move. */
  onStatusMove?: (db: AnyDb, before: Row, statusId: number) => Promise<void>;
  /** Runs when anyone but staff reads one record (a news item's view count, say). */
  onPublicRead?: (ctx: AppContext, id: number) => void;
}

/** Escapes LIKE's wildcards so a keyword matches as typed, in any script. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Rows whose keyword columns contain `pattern` (see `likePattern`); case-insensitive on PostgreSQL.
 * On SQLite the pattern is bound as `(? || '')`: SQLite reads a bare bound LIKE pattern while
 * planning (for a pattern without a leading wildcard, which ours never is) and then prepares the
 * statement again every time a pattern is bound (28 µs a call instead of 19 for a keyword search of
 * 200,000 applications).
 */
function keywordFilter(query: AnyQuery, engine: Engine, columns: string[], pattern: unknown) {
  const op = engine === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const bound = engine === 'postgres' ? sql`${pattern}` : sql`(${pattern} || '')`;
  return query.where(({ or }) =>
    or(columns.map((column) => sql<boolean>`${sql.ref(column)} ${op} ${bound} escape '\\'`) as any),
  );
}

/**
 * A value of a list query that is bound when the query runs. Each shape of list query (resource,
 * view, keyword plan, filters given, sort, page size, first page or not) is built and compiled once,
 * with slots where a call's values go, and every later call of that shape only binds its values.
 * Building and compiling with Kysely cost about as much as running the staff application list on
 * SQLite.
 */
class Slot {
  constructor(readonly key: string) {}
}

/** What a slot stands for in the query builders; it is never looked at there, only passed on. */
const slot = (key: string) => new Slot(key) as unknown as string;

/** How one list query reads: through the keyword index, when it can answer, or the table alone. */
interface ListPlan {
  /** What decides the plan's SQL; part of the compiled query's shape. */
  shape: string;
  /** The call's values for the plan's slots. */
  values: Record<string, unknown>;
  /** Where a column lives for this query: the term index's copy when it has one. */
  column: (column: string) => string;
  /**
   * The rows to read for the list's records: the term index alone when it holds the given resource
   * `columns` and nothing else (a filter, the keyword's confirmation, the public scope) needs the table.
   */
  from: (db: AnyDb, columns: string[]) => AnyQuery;
  /** The whole total query, when the term index keeps counts that answer it. */
  counted?: (db: AnyDb) => AnyQuery;
  /** Keyword conditions beyond the term index's own rows. */
  keyword: (query: AnyQuery) => AnyQuery;
}

const TERMS = 'k';

function listPlan(def: ResourceDef<unknown>, engine: Engine, input: QueryInput, scoped: boolean): ListPlan {
  const index = def.keywordIndex;
  const planned = input.keyword && index ? index.plan(input.keyword) : null;
  const pattern = input.keyword ? likePattern(input.keyword) : undefined;
  if (!input.keyword || !index || !planned) {
    const kept = def.keptCounts;
    const keptCountable = !input.keyword && !scoped && !!kept && countableBy(def, input, kept.columns);
    return {
      shape: `${input.keyword ? 'like' : 'all'}${keptCountable ? ' counted' : ''}`,
      counted: keptCountable
        ? (db) => {
            let query = db.selectFrom(kept.table);
            for (const [column, value] of Object.entries(kept.where)) query = query.where(`${kept.table}.${column}`, '=', sql.lit(value));
            return sumOfCounts(query, kept, def, input);
          }
        : undefined,
      values: { pattern },
      column: (column) => column,
      from: (db) => db.selectFrom(def.table),
      keyword: (query) => (input.keyword ? keywordFilter(query, engine, def.keywordColumns, slot('pattern')) : query),
    };
  }
  const tableNeeded =
    !planned.exact || scoped || givenFilters(input).some(([key]) => !(def.filters[key].column in index.columns));
  const counts = index.counts;
  const countable = !!counts && planned.exact && !scoped && countableBy(def, input, counts.columns);
  return {
    shape: `terms ${planned.exact ? 'exact' : 'confirmed'}${tableNeeded ? ' with table' : ''}${countable ? ' counted' : ''}`,
    counted: countable ? (db) => sumOfCounts(db.selectFrom(counts.table).where(`${counts.table}.term`, '=', slot('term')), counts, def, input) : undefined,
    values: { term: planned.term, pattern },
    column: (column) => (column in index.columns ? `${TERMS}.${index.columns[column]}` : column),
    from: (db, columns) => {
      const terms = db.selectFrom(`${index.table} as ${TERMS}`);
      return tableNeeded || columns.some((column) => !(column in index.columns))
        ? terms.innerJoin(def.table, `${def.table}.id`, `${TERMS}.${index.recordColumn}`)
        : terms;
    },
    keyword: (query) => {
      query = query.where(`${TERMS}.term`, '=', slot('term'));
      return planned.exact ? query : keywordFilter(query, engine, def.keywordColumns, slot('pattern'));
    },
  };
}

/** The total from kept counts (`query` already picks the right ones): their sum over the filters given. */
function sumOfCounts(
  query: AnyQuery,
  counts: { table: string; column: string; columns: Record<string, string> },
  def: ResourceDef<unknown>,
  input: QueryInput,
): AnyQuery {
  for (const [key] of givenFilters(input)) {
    query = query.where(`${counts.table}.${counts.columns[def.filters[key].column]}`, '=', slot(`filter ${key}`));
  }
  return query.select((eb: any) => eb.fn.coalesce(eb.fn.sum(`${counts.table}.${counts.column}`), sql.lit(0)).as('total'));
}

/** Whether every filter given is an equality on a column that kept counts are split by. */
function countableBy(def: ResourceDef<unknown>, input: QueryInput, columns: Record<string, string>): boolean {
  return givenFilters(input).every(([key]) => (def.filters[key].op ?? '=') === '=' && def.filters[key].column in columns);
}

/** The filters the caller gave a value: an empty one filters nothing. */
function givenFilters(input: QueryInput): [string, unknown][] {
  return Object.entries(input.filters ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
}

/** The column a page's rows carry their list's total in. */
const TOTAL = 'list_total';
/** The page's keys (its records' sort values and ids), and their columns. */
const PAGE = 'page';
const KEY = 'page_key_';

interface CompiledList {
  /** The page's rows, each carrying the total (so one round trip answers a page that has rows). */
  page: CompiledQuery;
  /** The total alone, for a page past the end. */
  count: CompiledQuery;
}

/** Compiled list queries by shape, per database; the most recently used are kept. */
const compiledLists = new WeakMap<Db, Map<string, CompiledList>>();
const LIST_SHAPES_KEPT = 256;

function compiledList(db: Db, shape: string, compile: () => CompiledList): CompiledList {
  let kept = compiledLists.get(db);
  if (!kept) compiledLists.set(db, (kept = new Map()));
  return recentlyUsed(kept, shape, compile, LIST_SHAPES_KEPT);
}

/**
 * Builds a list's queries with slots for the call's values. The page size is written into the SQL
 * (it is a validated number from 1 to 100, and page sizes are few), and the offset only past the
 * first page: PostgreSQL keeps a generic plan for a prepared statement only when it can see its
 * LIMIT and OFFSET, and re-planned the staff application list on every call otherwise (planning took
 * three times as long as running it). The first page, which is what staff and visitors open most,
 * is therefore planned once per connection; later pages are planned for their offset, as before.
 */
function compileList(
  def: ResourceDef<unknown>,
  db: AnyDb,
  plan: ListPlan,
  input: QueryInput,
  publicView: boolean,
  scoped: boolean,
  pastFirstPage: boolean,
): CompiledList {
  const narrow = (query: AnyQuery) => {
    query = plan.keyword(query);
    if (scoped) query = def.publicScope!(query, slot('now'));
    for (const [key] of givenFilters(input)) {
      const filter = def.filters[key];
      query = query.where(plan.column(filter.column), filter.op ?? '=', slot(`filter ${key}`));
    }
    return query;
  };
  // Filters, keyword and scope only name the resource's own columns, so neither the count nor the
  // page's keys need the joins that decorate the records: they are read from the table's indexes (or
  // the term index) alone, and only the page's own records are then read and decorated. That also
  // keeps the decorated query's cost the same whatever the keyword, so PostgreSQL keeps its plan.
  const count = plan.counted?.(db) ?? narrow(plan.from(db, [])).select((eb: any) => eb.fn.countAll().as('total'));
  const order = [
    ...(input.sort ? [[def.sortColumns[input.sort.field], input.sort.order] as const] : def.defaultSort),
    [`${def.table}.id`, input.sort?.order ?? 'desc'] as const,
  ];
  let keys = narrow(plan.from(db, order.map(([column]) => column))).select(
    order.map(([column], i) => `${plan.column(column)} as ${KEY}${i}`),
  );
  for (const [column, direction] of order) keys = keys.orderBy(plan.column(column), direction);
  keys = keys.limit(sql.lit(input.pageSize));
  if (pastFirstPage) keys = keys.offset(slot('offset') as unknown as number);
  let page = def
    .baseSelect(db, publicView, slot('now'))
    .innerJoin(keys.as(PAGE), `${PAGE}.${KEY}${order.length - 1}`, `${def.table}.id`)
    .select(count.as(TOTAL));
  order.forEach(([, direction], i) => (page = page.orderBy(`${PAGE}.${KEY}${i}`, direction)));
  return { page: page.compile(), count: count.compile() };
}

export async function queryPage<Out>(
  ctx: AppContext,
  def: ResourceDef<Out>,
  input: QueryInput,
  publicView: boolean,
): Promise<Page<Out>> {
  const db = ctx.db.kysely as AnyDb;
  const scoped = publicView && !!def.publicScope;
  const plan = listPlan(def as ResourceDef<unknown>, ctx.db.engine, input, scoped);
  const offset = (input.page - 1) * input.pageSize;
  const filters = givenFilters(input);
  const values: Record<string, unknown> = { ...plan.values, now: nowIso(), offset };
  for (const [key, value] of filters) {
    const filter = def.filters[key];
    values[`filter ${key}`] = filter.toColumn ? filter.toColumn(value) : value;
  }
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1) throw new Error('pageSize must be a positive integer');
  const shape = JSON.stringify([
    def.name,
    publicView,
    plan.shape,
    filters.map(([key]) => key),
    input.sort ?? null,
    input.pageSize,
    offset > 0,
  ]);
  const list = compiledList(ctx.db, shape, () =>
    compileList(def as ResourceDef<unknown>, db, plan, input, publicView, scoped, offset > 0),
  );
  const bind = (query: CompiledQuery): CompiledQuery => ({
    ...query,
    parameters: query.parameters.map((p) => (p instanceof Slot ? values[p.key] : p)),
  });
  const { rows } = await db.executeQuery<Row>(bind(list.page));
  // A page with rows carries the total; an empty first page means none; only past the end is it counted.
  const total = rows.length
    ? Number(rows[0][TOTAL])
    : offset === 0
      ? 0
      : Number((await db.executeQuery<Row>(bind(list.count))).rows[0]?.total ?? 0);
  return {
    items: rows.map((row) => def.present(row)),
    meta: { page: input.page, pageSize: input.pageSize, total },
  };
}

export async function findRow(
  ctx: AppContext,
  def: ResourceDef<unknown>,
  id: number,
  publicView = false,
): Promise<Row | undefined> {
  const now = nowIso();
  let query = def.baseSelect(ctx.db.kysely as AnyDb, publicView, now).where(`${def.table}.id`, '=', id);
  if (publicView && def.publicScope) query = def.publicScope(query, now);
  return query.executeTakeFirst();
}

export function parseId(value: unknown): number {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function changed(ctx: AppContext, def: ResourceDef<unknown>) {
  if (!def.publicScope) return;
  for (const listener of ctx.onContentChange) listener(def.name);
}

/** Keeps only the fields the caller gave: an update leaves every other column as it was. */
function definedOnly(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

export async function createRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, input: Row): Promise<Out> {
  const db = ctx.db.kysely as AnyDb;
  const now = nowIso();
  const row = { ...definedOnly(def.toRow ? def.toRow(input) : input), created_at: now, updated_at: now };
  await def.checkReferences?.(db, row);
  const inserted = await db.insertInto(def.table).values(row).returning('id').executeTakeFirstOrThrow();
  changed(ctx, def as ResourceDef<unknown>);
  return def.present((await findRow(ctx, def as ResourceDef<unknown>, Number(inserted.id)))!);
}

export async function updateRecord<Out>(ctx: AppContext, def: ResourceDef<Out>, input: Row): Promise<Out> {
  const db = ctx.db.kysely as AnyDb;
  const { id, ...fields } = input;
  const existing = await findRow(ctx, def as ResourceDef<unknown>, id);
  if (!existing) throw notFound(def.label);
  const row = definedOnly(def.toRow ? def.toRow(fields, existing) : fields);
  await def.checkReferences?.(db, row);
  await db
    .updateTable(def.table)
    .set({ ...row, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  changed(ctx, def as ResourceDef<unknown>);
  return def.present((await findRow(ctx, def as ResourceDef<unknown>, id))!);
}

export async function deleteRecord(ctx: AppContext, def: ResourceDef<unknown>, id: number) {
  const db = ctx.db.kysely as AnyDb;
  const existing = await findRow(ctx, def, id);
  if (!existing) throw notFound(def.label);
  await def.beforeDelete?.(db, id);
  try {
    await db.deleteFrom(def.table).where('id', '=', id).execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('in-use', `${def.label} is still in use`);
    throw error;
  }
  changed(ctx, def);
  return { id };
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505';
}

/** A reference to a row of `table` must exist; otherwise a 400 on that field. */
export async function requireExisting(db: AnyDb, table: string, id: unknown, field: string, label: string) {
  if (id === undefined) return;
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw validationError([{ path: field, message: `No such ${label}` }]);
}

/** Query and read routes: public ones answer the public view unless staff with the module ask. */
export function readRoutes<Out>(def: ResourceDef<Out>): RouteSpec[] {
  const access = def.publicScope ? (`public-or-${def.module}` as const) : def.module;
  const publicView = async (request: FastifyRequest) => {
    if (def.publicScope) return !(await isStaffFor(request, def.module));
    await requireModule(request, def.module);
    return false;
  };
  return [
    {
      method: 'POST',
      path: `${def.name}/Query`,
      summary: `List ${def.label.toLowerCase()} records with paging, keyword, filters and sort`,
      tag: def.name,
      access,
      body: def.querySchema,
      response: 'Page',
      handler: async (request) => {
        const isPublic = await publicView(request);
        const ctx = request.server.ctx;
        const answer = () => queryPage(ctx, def, parse(def.querySchema, request.body ?? undefined), isPublic);
        if (!isPublic) return answer();
        // Keyed by the body as sent: a repeated query skips validation too. Refusals are never kept.
        return ctx.publicCache.through(`${def.name}/Query ${JSON.stringify(request.body ?? null)}`, async () =>
          serializeOk(await answer()),
        );
      },
    },
    {
      method: 'GET',
      path: `${def.name}/:id`,
      summary: `Read one ${def.label.toLowerCase()}`,
      tag: def.name,
      access,
      handler: async (request) => {
        const isPublic = await publicView(request);
        const id = parseId(idParam(request));
        const ctx = request.server.ctx;
        const read = async () => {
          const row = await findRow(ctx, def as ResourceDef<unknown>, id, isPublic);
          if (!row) throw notFound(def.label);
          return def.present(row);
        };
        if (!isPublic) return read();
        const record = await ctx.publicCache.through(`${def.name}/${id}`, async () => serializeOk(await read()));
        def.onPublicRead?.(ctx, id);
        return record;
      },
    },
  ];
}

/** Create, partial update and delete, each behind the module. */
export function writeRoutes<Out>(def: ResourceDef<Out>): RouteSpec[] {
  const remove = async (request: FastifyRequest) => {
    await requireModule(request, def.module);
    const id = parseId(idParam(request));
    const body = request.body;
    if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
      throw validationError([{ path: '', message: 'Delete takes an empty body' }]);
    }
    return deleteRecord(request.server.ctx, def as ResourceDef<unknown>, id);
  };
  return [
    {
      method: 'POST',
      path: def.name,
      summary: `Create a ${def.label.toLowerCase()}`,
      tag: def.name,
      access: def.module,
      body: def.createSchema,
      handler: async (request) => {
        await requireModule(request, def.module);
        return createRecord(request.server.ctx, def, parse(def.createSchema!, request.body) as Row);
      },
    },
    {
      method: 'POST',
      path: `${def.name}/Update`,
      summary: `Change some fields of a ${def.label.toLowerCase()}; the others keep their values`,
      tag: def.name,
      access: def.module,
      body: def.updateSchema,
      handler: async (request) => {
        await requireModule(request, def.module);
        return updateRecord(request.server.ctx, def, parse(def.updateSchema!, request.body) as Row);
      },
    },
    {
      method: 'POST',
      path: `${def.name}/:id`,
      summary: `Delete a ${def.label.toLowerCase()} (empty body)`,
      tag: def.name,
      access: def.module,
      handler: remove,
    },
    {
      method: 'DELETE',
      path: `${def.name}/:id`,
      summary: `Delete a ${def.label.toLowerCase()}`,
      tag: def.name,
      access: def.module,
      handler: remove,
    },
  ];
}
