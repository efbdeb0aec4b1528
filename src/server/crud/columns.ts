import type { z } from 'zod';
import { columnOf, fieldKindOf, isNullable } from '../../shared/entity.js';
import type { FieldKind } from '../../shared/entity.js';

/**
 * The one mapping between records and rows: a record's camelCase field is stored in the snake_case
 * column of the same name (`categoryId` in `category_id`), flags as 0/1 and lists as JSON text, on
 * both engines (docs/decisions/0004-portable-columns.md). No entity writes its own presenter or
 * `toRow` for that; a resource presents a field itself only when it derives or hides it.
 */

/** A row as read: columns chosen at run time, values as the driver answers them. */
export type RowValues = Readonly<Record<string, unknown>>;
/** Validated input or a presented record: fields by their camelCase names. */
export type Fields = Readonly<Record<string, unknown>>;

interface ColumnPlan {
  field: string;
  column: string;
  kind: FieldKind;
  nullable: boolean;
}

function fromColumn(value: unknown, plan: ColumnPlan): unknown {
  if (value === null || value === undefined) return plan.nullable ? null : value;
  switch (plan.kind) {
    case 'boolean':
      return Number(value) === 1 || value === true;
    case 'number':
      // PostgreSQL answers counts and bigints as strings.
      return Number(value);
    case 'array':
    case 'object':
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return value;
  }
}

/**
 * The presenter of a record schema: reads each field from its column. Fields that may be left out
 * (`history`, answered only by some calls) and the ones in `derived` are the resource's to add.
 */
export function presenterOf<T>(
  record: z.ZodObject,
  derived: { omit?: readonly string[]; add?: (row: RowValues) => Partial<T> } = {},
): (row: RowValues) => T {
  const omitted = new Set(derived.omit ?? []);
  const plans: ColumnPlan[] = Object.entries(record.shape)
    .filter(([field, schema]) => !omitted.has(field) && !(schema as z.ZodType).safeParse(undefined).success)
    .map(([field, schema]) => ({
      field,
      column: columnOf(field),
      kind: fieldKindOf(schema as z.ZodType),
      nullable: isNullable(schema as z.ZodType),
    }));
  const add = derived.add;
  return (row) => {
    const record: Record<string, unknown> = {};
    for (const plan of plans) record[plan.field] = fromColumn(row[plan.column], plan);
    return (add ? Object.assign(record, add(row)) : record) as T;
  };
}

/** The columns of validated input: only the fields given, so an update leaves the others as they were. */
export function columnsOf(input: Fields): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    row[columnOf(field)] = typeof value === 'boolean' ? (value ? 1 : 0) : Array.isArray(value) ? JSON.stringify(value) : value;
  }
  return row;
}
