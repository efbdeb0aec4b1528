import { sql } from 'kysely';
import type { CompiledQuery, OrderByModifiers } from 'kysely';
import type { Page } from '../../shared/api.js';
import { pickFields } from '../../shared/query.js';
import type { QueryInput } from '../../shared/query.js';
import type { AppContext } from '../context.js';
import type { Db, Engine } from '../db/connect.js';
import { recentlyUsed } from '../recently-used.js';
import { nowIso } from '../time.js';
import type { RowValues } from './columns.js';
import type { KyselyDb } from '../db/schema.js';
import type { ResourceDef } from './definition.js';
import { Slot, givenFilters, listPlan, slot } from './list-plan.js';
import { missingPatternOf } from '../../shared/translations.js';
import type { ListPlan } from './list-plan.js';

/**
 * A page of a list: its records, decorated, and the total. Each shape of list query (resource, view,
 * keyword plan, filters given, sort, page size, first page or not) is built and compiled once, with
 * slots where a call's values go, and every later call of that shape only binds its values: building
 * and compiling with Kysely cost about as much as running the staff application list on SQLite.
 */

/** The column a page's rows carry their list's total in. */
const TOTAL = 'list_total';
/** The page's keys (its records' sort values and ids), and their columns. */
const PAGE = 'page';
const KEY = 'page_key_';

export interface CompiledList {
  /** The page's rows, each carrying the total (so one round trip answers a page that has rows). */
  page: CompiledQuery;
  /** The total alone, for a page past the end. */
  count: CompiledQuery;
}

/** Compiled list queries by shape, per database; the most recently used are kept. */
const compiledLists = new WeakMap<Db, Map<string, CompiledList>>();
export const LIST_SHAPES_KEPT = 256;

export function compiledList(db: Db, shape: string, compile: () => CompiledList): CompiledList {
  let kept = compiledLists.get(db);
  if (!kept) compiledLists.set(db, (kept = new Map()));
  return recentlyUsed(kept, shape, compile, LIST_SHAPES_KEPT);
}

/** How many shapes are compiled for a database (for the tests of the cache). */
export const compiledShapeCount = (db: Db) => compiledLists.get(db)?.size ?? 0;

/**
 * How a list orders one column. NULL sorts as the smallest value on both engines, as SQLite does by
 * itself: before a later value ascending, after it descending. PostgreSQL sorts it as the largest,
 * so there a column that may be NULL says where its NULLs go (and its list indexes keep NULLs
 * first, migration 0008, so that they still serve the order). Columns that are never NULL keep the
 * plain direction, which every index serves.
 */
function directionOf(def: ResourceDef<unknown>, engine: Engine) {
  return (column: string, direction: 'asc' | 'desc'): OrderByModifiers =>
    engine === 'postgres' && def.nullableColumns.has(column) ? (ob) => (direction === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()) : direction;
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
  db: KyselyDb,
  engine: Engine,
  plan: ListPlan,
  input: QueryInput,
  publicView: boolean,
  scoped: boolean,
  pastFirstPage: boolean,
  hideUntranslated: boolean,
): CompiledList {
  const narrow = (query: ReturnType<ListPlan['from']>) => {
    query = plan.keyword(query);
    if (scoped) query = def.publicScope!(query, slot('now'));
    // A visitor's list in a language without the records not translated into it (0054).
    if (hideUntranslated) query = query.where(sql.ref(plan.column(`${def.table}.missing_translations`)), 'not like', slot('untranslated'));
    for (const [key] of givenFilters(input)) {
      const filter = def.filters[key];
      query = query.where(sql.ref(plan.column(filter.column)), filter.op, slot(`filter ${key}`));
    }
    return query;
  };
  // Filters, keyword and scope only name the resource's own columns, so neither the count nor the
  // page's keys need the joins that decorate the records: they are read from the table's indexes (or
  // the term index) alone, and only the page's own records are then read and decorated. That also
  // keeps the decorated query's cost the same whatever the keyword, so PostgreSQL keeps its plan.
  const count = plan.counted?.(db) ?? narrow(plan.from(db, [])).select(({ fn }) => fn.countAll().as('total'));
  const order = [
    ...(input.sort ? [[def.sortColumns[input.sort.field], input.sort.order] as const] : def.defaultSortColumns),
    [`${def.table}.id`, input.sort?.order ?? 'desc'] as const,
  ];
  let keys = narrow(plan.from(db, order.map(([column]) => column))).select(
    order.map(([column], i) => sql.ref(plan.column(column)).as(`${KEY}${i}`)),
  );
  const direction = directionOf(def, engine);
  for (const [column, to] of order) keys = keys.orderBy(sql.ref(plan.column(column)), direction(column, to));
  keys = keys.limit(sql.lit(input.pageSize));
  if (pastFirstPage) keys = keys.offset(slot<number>('offset'));
  let page = def
    .baseSelect(db, publicView, slot('now'))
    .innerJoin(keys.as(PAGE), (join) => join.on(sql<boolean>`${sql.ref(`${PAGE}.${KEY}${order.length - 1}`)} = ${sql.ref(`${def.table}.id`)}`))
    .select(count.as(TOTAL));
  order.forEach(([column, to], i) => (page = page.orderBy(sql.ref(`${PAGE}.${KEY}${i}`), direction(column, to))));
  return { page: page.compile(), count: count.compile() };
}

export async function queryPage<Out>(ctx: AppContext, def: ResourceDef<Out>, input: QueryInput, publicView: boolean): Promise<Page<Out>> {
  const scoped = publicView && !!def.publicScope;
  const locale = publicView && def.entity.translatable ? input.locale : undefined;
  const hideUntranslated = !!locale && !!def.untranslatedListed && !(await def.untranslatedListed(ctx));
  const plan = listPlan(def, ctx.db.engine, input, scoped || hideUntranslated);
  const offset = (input.page - 1) * input.pageSize;
  const filters = givenFilters(input);
  const values: Record<string, unknown> = { ...plan.values, now: nowIso(), offset, untranslated: hideUntranslated ? missingPatternOf(locale) : undefined };
  for (const [key, value] of filters) {
    const filter = def.filters[key];
    values[`filter ${key}`] = filter.toColumn ? filter.toColumn(value) : value;
  }
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1) throw new Error('pageSize must be a positive integer');
  const shape = JSON.stringify([def.name, publicView, plan.shape, filters.map(([key]) => key), input.sort ?? null, input.pageSize, offset > 0, hideUntranslated]);
  const list = compiledList(ctx.db, shape, () => compileList(def, ctx.db.kysely, ctx.db.engine, plan, input, publicView, scoped, offset > 0, hideUntranslated));
  const bind = (query: CompiledQuery): CompiledQuery => ({
    ...query,
    parameters: query.parameters.map((p) => (p instanceof Slot ? values[p.key] : p)),
  });
  const { rows } = await ctx.db.kysely.executeQuery<RowValues>(bind(list.page));
  // A page with rows carries the total; an empty first page means none; only past the end is it counted.
  const total = rows.length
    ? Number(rows[0][TOTAL])
    : offset === 0
      ? 0
      : Number((await ctx.db.kysely.executeQuery<RowValues>(bind(list.count))).rows[0]?.total ?? 0);
  return {
    // A visitor's list never holds a staff-only field, even one its `fields` asks for.
    items: rows.map((row) => pickFields(publicView ? def.presentPublic(row, locale) : def.present(row), input.fields)),
    meta: { page: input.page, pageSize: input.pageSize, total },
  };
}

