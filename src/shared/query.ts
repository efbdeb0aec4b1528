import { z } from 'zod';
import { KEYWORD_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './fields.js';

/**
 * The body of every `POST {Entity}/Query`. Filters and sort fields are whitelisted per entity:
 * anything else is refused, never ignored.
 */
export function querySchema<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(
  filters: F,
  sortFields: S,
  readableFields: readonly [string, ...string[]] = ['id'],
  extra: z.ZodRawShape = {},
) {
  return z
    .strictObject({
      ...extra,
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
      keyword: z.string().trim().max(KEYWORD_MAX).optional(),
      filters: z.strictObject(filters).partial().optional(),
      sort: z
        .strictObject({
          field: z.enum(sortFields),
          order: z.enum(['asc', 'desc']).default('asc'),
        })
        .optional(),
      // The fields each record is answered with (`id` always); without it, every field.
      fields: z.array(z.enum(readableFields)).min(1).max(readableFields.length).optional(),
    })
    .default({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
}

export type QueryInput = {
  page: number;
  pageSize: number;
  keyword?: string;
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
  fields?: string[];
  /** The language a visitor reads a list of translatable records in (docs/decisions/0054). */
  locale?: 'zh-CN' | 'en-US';
};

/** A record with only the `fields` a list asked for, and what identifies it (its id, or a page's key). */
export function pickFields<T>(record: T, fields: readonly string[] | undefined, identity = 'id'): T {
  if (!fields) return record;
  const all = record as Record<string, unknown>;
  const picked: Record<string, unknown> = { [identity]: all[identity] };
  for (const field of fields) if (field in all) picked[field] = all[field];
  return picked as T;
}

/**
 * The answer of `POST {E}/Query` for an entity's `record`: whole records, or with `fields` only
 * those and what identifies each (`identity`).
 */
export const queryAnswerOf = <T extends z.ZodObject>(record: T, identity = 'id') =>
  pageOf(z.union([record, record.partial().required({ [identity]: true } as never)]));

/** The answer of a list query whose records are `record`. */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    items: z.array(record),
    meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  });
