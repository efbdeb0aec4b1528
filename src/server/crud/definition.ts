import type { Expression, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { EDITOR_FIELD, columnOf, fieldKindOf, isNullable } from '../../shared/entity.js';
import type { EntityDef, FilterOp } from '../../shared/entity.js';
import type { ModuleKey } from '../../shared/modules.js';
import { DEFAULT_LOCALE } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { MISSING_TRANSLATION_FILTER, missingPatternOf, ownLocaleOf, resolveRecord, resolveText } from '../../shared/translations.js';
import type { Translations } from '../../shared/translations.js';
import type { AppContext } from '../context.js';
import type { Database, KyselyDb } from '../db/schema.js';
import { presenterOf } from './columns.js';
import type { Fields, RowValues } from './columns.js';

/**
 * What the generic layer knows of a resource: its entity definition (shared with the web app) and
 * what only the server knows (its table, module, public scope, joins and hooks). `defineResource`
 * derives the columns of its filters, sorts and keyword search and its presenter from the entity.
 */

export type Table = keyof Database;
/**
 * A select the generic layer builds or is given: over any of the tables, with columns a resource
 * names at run time. Kysely still checks every column a resource writes literally.
 */
export type Select = SelectQueryBuilder<Database, Table, RowValues>;
/** A time to compare with: a value, or a slot a compiled list query binds (list-query.ts). */
export type TimeOperand = string | Expression<string>;

export interface FilterColumn {
  column: string;
  op: FilterOp;
  /** Turns the filter's value into the stored one (booleans into 0/1, say). */
  toColumn?: (value: unknown) => unknown;
}

/**
 * A table of search terms that stands in for LIKE on a resource's keyword columns: one row per term
 * and record, carrying some of the record's columns so that filters and sorts on them stay in the
 * term index.
 */
export interface KeywordIndex {
  table: Table;
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
  counts?: KeptCounts;
}

/** Counts of records per value of some columns, kept in step with every write. */
export interface KeptCounts {
  table: Table;
  column: string;
  /** `table.column` of the resource to the counts' own column names. */
  columns: Record<string, string>;
  /** Picks the resource's counts in a table shared with others. */
  where?: Record<string, string>;
}

type SortDirection = 'asc' | 'desc';

/**
 * Hooks are methods, not function properties, so that a resource of any record type is a
 * `ResourceDef` too: lists of resources need no casts.
 */
export interface ResourceConfig<Out> {
  entity: EntityDef;
  /** What a person calls one record, for messages: `News item`. */
  label: string;
  table: Table;
  module: ModuleKey;
  /** The records anyone may read; without it, reading needs the module too. */
  publicScope?(query: Select, now: TimeOperand): Select;
  /**
   * Rows with their decorations (joined names, counts); `publicView` when a visitor asks, for
   * decorations that depend on it and on the time `now`.
   */
  baseSelect(db: KyselyDb, publicView?: boolean, now?: TimeOperand): Select;
  /** Only where the resource hides or derives fields; otherwise the entity's record is read column by column. */
  present?(row: RowValues): Out;
  /** Columns that are not the field's own snake_case column (a sort on a normalised copy, say). */
  columns?: Readonly<Record<string, string>>;
  /** Filter values stored otherwise than as given (beyond flags, which are 0/1 everywhere). */
  filterValues?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** The order of a list without `sort`, by field. */
  defaultSort: ReadonlyArray<readonly [string, SortDirection]>;
  keywordIndex?: KeywordIndex;
  /**
   * How many records there are per value of some of the resource's columns: the total of a list
   * without keyword or public scope, filtered by those columns alone, is a sum of a few counts.
   */
  keptCounts?: KeptCounts;
  /** Turns validated input into what is stored (sanitised HTML, derived times); `existing` on update. */
  prepare?(input: Fields, existing?: Out): Fields;
  /**
   * A field no two records may share (ignoring case), kept so by a unique index of the table: a
   * write that would duplicate it is a 409 `name-taken` naming the value.
   */
  uniqueField?: string;
  /**
   * The `uniqueField` is unique in every language: no two records' translations share it either
   * (ignoring case and surrounding spaces), checked in the write's transaction, writes of the table
   * taking turns on PostgreSQL (docs/decisions/0058).
   */
  uniqueInEachLanguage?: boolean;
  /**
   * Completes prepared input from other records before its references are checked (a job given only
   * a location gets the office of that name); `existing` on update.
   */
  resolveFields?(db: KyselyDb, input: Fields, existing?: Out): Promise<Fields>;
  /** Refuses references to records that do not exist, with a 400 naming the field. */
  checkReferences?(db: KyselyDb, input: Fields): Promise<void>;
  /** Refuses a delete that would orphan other records, with a 409. */
  beforeDelete?(db: KyselyDb, id: number): Promise<void>;
  /** Runs in the transaction that moves a record to `statusId`; `before` is the whole row before the move. */
  onStatusMove?(db: KyselyDb, before: RowValues, statusId: number): Promise<void>;
  /**
   * Every update keeps the version it replaces, and the record gets `{E}/{id}/Revisions` and
   * `{E}/{id}/Restore` (src/server/revisions/, docs/decisions/0037).
   */
  revisions?: boolean;
  /** Runs when anyone but staff reads one record (a news item's view count, say). */
  onPublicRead?(ctx: AppContext, id: number): void;
  /**
   * The records hold personal data of people who are not staff (applicants, visitors who wrote): the
   * audit log keeps the names of the fields a change touched, never their values (docs/decisions/0036).
   */
  personalData?: boolean;
  /**
   * Whether a record is set to be shown to the public (a news item published, a job open): a create
   * or update that makes it so is recorded in the audit log as a `publish` too.
   */
  isPublished?(record: Out): boolean;
  /**
   * Whether a visitor's list in a language shows the records with no usable translation into it (in
   * their own language); without it, always (docs/decisions/0054).
   */
  untranslatedListed?(ctx: AppContext): Promise<boolean>;
  /**
   * The entity's `translatedJoins`: the row column holding the joined record's translations, and
   * its text field (`categoryName`: `{ column: 'category_translations', text: 'name' }`).
   */
  joinedTranslations?: Readonly<Record<string, { column: string; text: string }>>;
}

export interface ResourceDef<Out = Fields> extends ResourceConfig<Out> {
  /** The API path segment: `News`. */
  name: string;
  present(row: RowValues): Out;
  /**
   * A record as a visitor is answered it: without its entity's staff-only fields (typed as the
   * record, since it is only ever serialized; its answer's schema is the entity's `publicRecord`),
   * its translatable texts in `locale` when it has them there, else its own (docs/decisions/0054).
   */
  presentPublic(row: RowValues, locale?: Locale): Out;
  /** Whether every save writes who saved (the entity's record has `updatedBy`, docs/decisions/0037). */
  keepsEditor: boolean;
  filters: Readonly<Record<string, FilterColumn>>;
  sortColumns: Readonly<Record<string, string>>;
  keywordColumns: readonly string[];
  defaultSortColumns: ReadonlyArray<readonly [string, SortDirection]>;
  /** Sort columns whose record field may be null: list-query.ts orders their NULLs alike on both engines. */
  nullableColumns: ReadonlySet<string>;
}

export function defineResource<Out>(config: ResourceConfig<Out>): ResourceDef<Out> {
  const { entity, table } = config;
  const column = (field: string) => config.columns?.[field] ?? `${table}.${columnOf(field)}`;
  const filters = Object.fromEntries(
    Object.entries(entity.filters).map(([name, spec]) => {
      const field = spec.field ?? name;
      const isFlag = fieldKindOf(spec.schema) === 'boolean';
      const toColumn =
        config.filterValues?.[name] ??
        (name === MISSING_TRANSLATION_FILTER ? missingPatternOf : isFlag ? (value: unknown) => (value ? 1 : 0) : undefined);
      return [name, { column: column(field), op: spec.op, toColumn }];
    }),
  );
  const present = config.present ?? presenterOf<Out>(entity.record);
  const staffOnly = entity.staffOnly;
  const texts = entity.translatable;
  const withoutStaffOnly: (row: RowValues) => Out = staffOnly.length ? (row) => withoutFields(present(row), staffOnly.filter((field) => field !== 'translations')) : present;
  const presentPublic = texts
    ? (row: RowValues, locale?: Locale) => {
        const record = resolveRecord(texts, withoutStaffOnly(row) as Record<string, unknown>, locale) as Record<string, unknown>;
        for (const [field, joined] of Object.entries(config.joinedTranslations ?? {})) {
          const stored = row[joined.column];
          const translations = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Translations | null | undefined;
          if (translations == null) {
            // No joined record: the text (if any) is the record's own, in its own language.
            record[`${field}Locale`] = record[field] == null ? null : ownLocaleOf(row as Record<string, unknown>);
            continue;
          }
          const { text, locale: textLocale } = resolveText(record[field] as string | null, DEFAULT_LOCALE, translations, joined.text, locale);
          record[field] = text;
          record[`${field}Locale`] = textLocale;
        }
        return record as Out;
      }
    : withoutStaffOnly;
  return {
    ...config,
    name: entity.name,
    present,
    presentPublic,
    keepsEditor: EDITOR_FIELD in entity.record.shape,
    filters,
    sortColumns: Object.fromEntries(entity.sort.map((field) => [field, column(field)])),
    // A keyword finds a record by its translations' texts too (migration 0023).
    keywordColumns: [...entity.search.map(column), ...(texts ? [`${table}.translated_text`] : [])],
    defaultSortColumns: config.defaultSort.map(([field, direction]) => [column(field), direction] as const),
    nullableColumns: new Set(
      Object.entries(entity.record.shape)
        .filter(([, schema]) => isNullable(schema as z.ZodType))
        .map(([field]) => column(field)),
    ),
  };
}

/** A copy of `record` without `fields`. */
function withoutFields<T>(record: T, fields: readonly string[]): T {
  const kept = { ...(record as Record<string, unknown>) };
  for (const field of fields) delete kept[field];
  return kept as T;
}
