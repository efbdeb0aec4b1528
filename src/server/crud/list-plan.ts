import { sql } from 'kysely';
import type { Expression } from 'kysely';
import type { QueryInput } from '../../shared/query.js';
import type { Engine } from '../db/connect.js';
import type { KyselyDb } from '../db/schema.js';
import type { KeptCounts, ResourceDef, Select } from './definition.js';

/**
 * How one list query reads its rows: through the keyword index when it can answer, or the table
 * alone; and its total from kept counts when they answer it. Each plan has a `shape` that decides its
 * SQL, so that queries of one shape are compiled once (list-query.ts); the call's own values go
 * into slots.
 */

/** A value of a list query bound when the query runs; see list-query.ts. */
export class Slot {
  constructor(readonly key: string) {}
}

/** A slot as the query builders see it: a parameter whose value is the slot itself. */
export const slot = <T>(key: string): Expression<T> => sql<T>`${new Slot(key)}`;

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
export function keywordFilter(query: Select, engine: Engine, columns: readonly string[], pattern: Expression<string>): Select {
  const op = engine === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const bound = engine === 'postgres' ? sql`${pattern}` : sql`(${pattern} || '')`;
  return query.where(({ or }) => or(columns.map((column) => sql<boolean>`${sql.ref(column)} ${op} ${bound} escape '\\'`)));
}

/** The filters the caller gave a value: an empty one filters nothing. */
export function givenFilters(input: QueryInput): [string, unknown][] {
  return Object.entries(input.filters ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
}

export interface ListPlan {
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
  from: (db: KyselyDb, columns: string[]) => Select;
  /** The whole total query, when kept counts answer it. */
  counted?: (db: KyselyDb) => Select;
  /** Keyword conditions beyond the term index's own rows. */
  keyword: (query: Select) => Select;
}

export function listPlan(def: ResourceDef<unknown>, engine: Engine, input: QueryInput, scoped: boolean): ListPlan {
  const index = def.keywordIndex;
  const planned = input.keyword && index ? index.plan(input.keyword) : null;
  const pattern = input.keyword ? likePattern(input.keyword) : undefined;
  if (!input.keyword || !index || !planned) {
    const kept = def.keptCounts;
    const keptCountable = !input.keyword && !scoped && !!kept && countableBy(def, input, kept.columns);
    return {
      shape: `${input.keyword ? 'like' : 'all'}${keptCountable ? ' counted' : ''}`,
      counted: keptCountable ? (db) => sumOfCounts(db.selectFrom(kept.table), kept, def, input) : undefined,
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
    counted: countable
      ? (db) => sumOfCounts(db.selectFrom(counts.table).where(sql.ref(`${counts.table}.term`), '=', slot('term')), counts, def, input)
      : undefined,
    values: { term: planned.term, pattern },
    column: (column) => (column in index.columns ? `${index.table}.${index.columns[column]}` : column),
    from: (db, columns) => {
      const terms = db.selectFrom(index.table);
      return tableNeeded || columns.some((column) => !(column in index.columns))
        ? terms.innerJoin(def.table, (join) => join.on(sql<boolean>`${sql.ref(`${def.table}.id`)} = ${sql.ref(`${index.table}.${index.recordColumn}`)}`))
        : terms;
    },
    keyword: (query) => {
      query = query.where(sql.ref(`${index.table}.term`), '=', slot('term'));
      return planned.exact ? query : keywordFilter(query, engine, def.keywordColumns, slot('pattern'));
    },
  };
}

/** The total from kept counts (`query` reads the counts' table): their sum over the filters given. */
function sumOfCounts(query: Select, counts: KeptCounts, def: ResourceDef<unknown>, input: QueryInput): Select {
  for (const [column, value] of Object.entries(counts.where ?? {})) query = query.where(sql.ref(`${counts.table}.${column}`), '=', sql.lit(value));
  for (const [key] of givenFilters(input)) {
    query = query.where(sql.ref(`${counts.table}.${counts.columns[def.filters[key].column]}`), '=', slot(`filter ${key}`));
  }
  return query.select(({ fn }) => fn.coalesce(fn.sum(sql.ref(`${counts.table}.${counts.column}`)), sql.lit(0)).as('total'));
}

/** Whether every filter given is an equality on a column that kept counts are split by. */
function countableBy(def: ResourceDef<unknown>, input: QueryInput, columns: Record<string, string>): boolean {
  return givenFilters(input).every(([key]) => def.filters[key].op === '=' && def.filters[key].column in columns);
}
