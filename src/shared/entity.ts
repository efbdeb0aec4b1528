import { z } from 'zod';
import { querySchema } from './query.js';
import { LOCALES } from './locale.js';
import { MISSING_TRANSLATIONS_FIELD, MISSING_TRANSLATION_FILTER } from './translations.js';
import type { Translatable } from './translations.js';

/**
 * One definition per entity: the fields a record answers (their zod schemas, so their types and
 * limits), the bodies that create and change one, and which fields a list may be filtered, sorted
 * and searched by. The server's resource, the API reference, the TypeScript types (`z.infer`), the
 * column mapping and the back-office columns and forms are all read from it (docs/adding-an-entity.md).
 */

export type FilterOp = '=' | '>=' | '<=' | 'like';

/** A list filter: the schema of its value, and the record field it narrows, with an operator. */
export interface FilterSpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The record field the filter compares; the filter's own name when not given. */
  field?: string;
  op: FilterOp;
}

/** `filter(schema)` is an equality on the field of the filter's name; a range end names its field. */
export function filter<S extends z.ZodType>(schema: S, options: { field?: string; op?: FilterOp } = {}): FilterSpec<S> {
  return { schema, field: options.field, op: options.op ?? '=' };
}

type FilterShape<F extends Record<string, FilterSpec>> = { [K in keyof F]: F[K]['schema'] };

export interface EntityOptions<
  R extends z.ZodRawShape,
  F extends Record<string, FilterSpec>,
  S extends readonly [string, ...string[]],
> {
  /** The API path segment (`News`), which also names the entity in messages, history and caches. */
  name: string;
  /** What a read answers, field by field. */
  record: z.ZodObject<R>;
  /** The body of `POST {name}`, when records are created through the API. */
  create?: z.ZodType;
  /** The body of `POST {name}/Update` (its `id` and only the fields to change). */
  update?: z.ZodType;
  filters: F;
  /** Sortable fields, each a record field (or a column the server names for it). */
  sort: S;
  /** The fields a list's keyword is looked for in. */
  search: readonly (keyof R & string)[];
  /**
   * Fields answered to staff only: a visitor's read or list of a public record leaves them out. Who
   * saved a record last (`EDITOR_FIELD`) is always among them: the public site must not learn staff names.
   */
  staffOnly?: readonly (keyof R & string)[];
  /**
   * The fields written in more than one language (docs/decisions/0054): the record then has
   * `translations` (answered to staff only), its create and update take them, a public read takes
   * the reader's language and answers the texts in it plus `locale`, the language they are in, and
   * its list gets the filter `missingTranslation`.
   */
  translatable?: Translatable;
  /**
   * Fields that are a joined record's translatable text (a category's name): a public read answers
   * them in the reader's language too, and each with `{field}Locale`, the language it is in.
   */
  translatedJoins?: readonly (keyof R & string)[];
}

export interface EntityDef<
  R extends z.ZodRawShape = z.ZodRawShape,
  F extends Record<string, FilterSpec> = Record<string, FilterSpec>,
  S extends readonly [string, ...string[]] = readonly [string, ...string[]],
> extends EntityOptions<R, F, S> {
  /** The body of `POST {name}/Query`: paging, keyword, these filters and sort fields, nothing else. */
  query: ReturnType<typeof querySchema<FilterShape<F>, S>>;
  /** The staff-only fields; none when the options name none. */
  staffOnly: readonly (keyof R & string)[];
  /** What a visitor is answered: the record without its staff-only fields. */
  publicRecord: z.ZodObject;
}

/**
 * Who saved a record last, by user name: a record whose schema has this field keeps it, every save
 * writing the saving user's name (src/server/crud/operations.ts), and answers it to staff only. Null
 * until someone saves it (content the demo seed wrote, rows older than migration 0021).
 */
export const EDITOR_FIELD = 'updatedBy';
export const editorField = z.string().nullable();

export function defineEntity<R extends z.ZodRawShape, F extends Record<string, FilterSpec>, S extends readonly [string, ...string[]]>(
  options: EntityOptions<R, F, S>,
): EntityDef<R, F, S> {
  const shape = Object.fromEntries(Object.entries(options.filters).map(([key, spec]) => [key, spec.schema])) as FilterShape<F>;
  const readable = Object.keys(options.record.shape) as [string, ...string[]];
  const staffOnly = options.staffOnly ?? [];
  if (EDITOR_FIELD in options.record.shape && !(staffOnly as readonly string[]).includes(EDITOR_FIELD)) {
    throw new Error(`${options.name}: ${EDITOR_FIELD} names a member of staff, so it must be one of its staffOnly fields`);
  }
  let publicRecord = options.record.omit(Object.fromEntries(staffOnly.map((field) => [field, true])) as never) as z.ZodObject;
  let query = querySchema(shape, options.sort, readable);
  const texts = options.translatable;
  let filters: F = options.filters;
  if (texts) {
    checkTranslatable(options as never, texts);
    // A visitor is answered the texts in one language, and which one; never the other languages'.
    publicRecord = publicRecord.extend({
      locale: z.enum(LOCALES),
      ...Object.fromEntries((options.translatedJoins ?? []).map((field) => [`${field}Locale`, z.enum(LOCALES).nullable()])),
    });
    filters = { ...filters, [MISSING_TRANSLATION_FILTER]: filter(z.enum(LOCALES), { field: MISSING_TRANSLATIONS_FIELD, op: 'like' }) };
    const filterShape = { ...shape, [MISSING_TRANSLATION_FILTER]: z.enum(LOCALES) } as FilterShape<F>;
    // `fields` may name what a visitor's answer adds: the languages its texts are in.
    const readableToo = [...new Set([...readable, ...Object.keys(publicRecord.shape)])] as [string, ...string[]];
    // `locale`: the language a visitor reads the list in (the filter `locale` is the records' own).
    query = querySchema(filterShape, options.sort, readableToo, { locale: z.enum(LOCALES).optional() }) as unknown as typeof query;
  }
  return { ...options, filters, staffOnly, publicRecord, query };
}

/** A translatable entity's definition must agree with itself: caught when the module loads. */
function checkTranslatable(options: { name: string; record: z.ZodObject; staffOnly?: readonly string[]; create?: z.ZodType; update?: z.ZodType }, texts: Translatable) {
  const shape = options.record.shape;
  const problem = (what: string) => new Error(`${options.name}: ${what}`);
  if (!('translations' in shape)) throw problem('a translatable entity\'s record has `translations` (its `translatable(...).record`)');
  for (const field of texts.fields) if (!(field in shape)) throw problem(`the translatable field ${field} is not a record field`);
  if (!(options.staffOnly ?? []).includes('translations')) throw problem('`translations` is answered to staff only: list it in staffOnly');
  for (const schema of [options.create, options.update]) {
    if (schema && !('translations' in ((schema as z.ZodObject).shape ?? {}))) throw problem('its create and update take `translations` (its `translatable(...).input`)');
  }
}

/** camelCase field to snake_case column: `categoryId` → `category_id`. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** What a record field is underneath its optional, nullable, default and pipe wrappers. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'other';

export function fieldKindOf(schema: z.ZodType): FieldKind {
  let def = (schema as z.ZodType)._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
  for (let depth = 0; depth < 10; depth++) {
    if (def.innerType) def = def.innerType._zod.def as typeof def;
    else if (def.type === 'pipe' && def.in) def = (def.in._zod.def.type === 'transform' ? def.out! : def.in)._zod.def as typeof def;
    else break;
  }
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 'string';
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      return 'other';
  }
}

/** Whether a field may be null in a record. */
export const isNullable = (schema: z.ZodType) => schema.safeParse(null).success;
