import type { z } from 'zod';
import { TITLE_MAX, isoTimestamp, password } from '../../shared/fields.js';
import { fieldKindOf } from '../../shared/entity.js';
import type { EntityDef } from '../../shared/entity.js';
import { BASED_ON_FIELD } from '../../shared/schemas/revision.js';

/**
 * What the back-office reads from an entity's schemas: which control a field gets, its choices,
 * whether it must be filled, what a new record starts with, which fields a dialog shows.
 */

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const isBlankLiteral = (schema: z.ZodType) => defOf(schema).type === 'literal' && (defOf(schema).values ?? []).every((value) => value === '');

/**
 * A field's schema and every schema inside it, outermost first, down to what it holds when filled:
 * through optional, nullable, default and pipe, and through "or blank" (`z.union([z.literal(''), X])`).
 */
function layersOf(schema: z.ZodType): z.ZodType[] {
  const layers = [schema];
  for (let depth = 0; depth < 10; depth++) {
    const def = defOf(layers[layers.length - 1]!);
    let next: z.ZodType | undefined;
    if (def.innerType) next = def.innerType;
    else if (def.type === 'pipe' && def.in) next = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'union' && def.options) {
      const filled = def.options.filter((option) => !isBlankLiteral(option));
      if (filled.length === 1) next = filled[0];
    }
    if (!next) break;
    layers.push(next);
  }
  return layers;
}

const filledOf = (schema: z.ZodType) => layersOf(schema).at(-1)!;

/** A record time: the shared timestamp schema, which a plain string check cannot tell from text. */
export const isTimeField = (schema: z.ZodType | undefined) => !!schema && layersOf(schema).includes(isoTimestamp);

/** The values of an enum field (or of one that may also be blank); null when any value goes. */
export function choicesOf(schema: z.ZodType): readonly (string | number)[] | null {
  const def = defOf(filledOf(schema));
  return def.type === 'enum' && def.entries ? Object.values(def.entries) : null;
}

export type FormControl = 'text' | 'textarea' | 'password' | 'number' | 'integer' | 'select' | 'multiSelect' | 'switch';

/** Text allowed to be longer than a title is written on several lines. */
const TEXTAREA_ABOVE = TITLE_MAX;

/** The control a form shows for a field; null for a field no control here can fill. */
export function formControlOf(schema: z.ZodType): FormControl | null {
  const layers = layersOf(schema);
  const filled = layers.at(-1)!;
  if (layers.includes(password)) return 'password';
  if (choicesOf(filled)) return 'select';
  switch (fieldKindOf(filled)) {
    case 'boolean':
      return 'switch';
    case 'number':
      return (filled as z.ZodNumber).isInt ? 'integer' : 'number';
    case 'array': {
      const element = defOf(filled).element;
      return element && choicesOf(element) ? 'multiSelect' : null;
    }
    case 'string':
      return ((filled as z.ZodString).maxLength ?? Infinity) > TEXTAREA_ABOVE ? 'textarea' : 'text';
    default:
      return null;
  }
}

/** The choices of a select, or of each item of a multiple select. */
export function formChoicesOf(schema: z.ZodType): readonly (string | number)[] {
  const filled = filledOf(schema);
  return choicesOf(filled) ?? choicesOf(defOf(filled).element ?? filled) ?? [];
}

/** What a control holds when left empty: antd's inputs give '' once typed in and cleared, a multiple select []. */
const blankOf = (control: FormControl) => (control === 'text' || control === 'textarea' || control === 'password' ? '' : control === 'multiSelect' ? [] : undefined);

/** A field must be filled when its schema refuses the control's empty value. */
export const isRequired = (schema: z.ZodType, control: FormControl) => !schema.safeParse(blankOf(control)).success;

/** What a new record's field starts with: its schema's default, if it has one. */
export function defaultOf(schema: z.ZodType): unknown {
  const parsed = schema.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The fields of an object schema, under any wrappers (a refined or piped body is still an object). */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  return layersOf(schema).map(defOf).find((def) => def.type === 'object')?.shape ?? {};
}

export interface FormField {
  name: string;
  /** The schema the field is checked with: the create body's, or the update body's. */
  schema: z.ZodType;
  control: FormControl;
  /** Shown but not sent: a field set once, at creation (a user's name). */
  readOnly: boolean;
}

/**
 * The fields of the dialog that creates a record (the create body's) or edits one (the update
 * body's, after the create body's fields it cannot change that a read answers, which are shown
 * read-only: a user name is shown, a password is not).
 */
export function formFieldsOf(entity: Pick<EntityDef, 'record' | 'create' | 'update'>, mode: 'create' | 'update', chosen: readonly string[] = []): FormField[] {
  const create = shapeOf(entity.create);
  const update = shapeOf(entity.update);
  const record = entity.record.shape as Record<string, z.ZodType>;
  const field = (name: string, schema: z.ZodType, readOnly: boolean): FormField[] => {
    // A field whose choices the screen gives (the server knows them, not the schema): a select.
    const given = chosen.includes(name) ? (fieldKindOf(filledOf(schema)) === 'array' ? 'multiSelect' : 'select') : null;
    const control = given ?? formControlOf(schema);
    // The version an edit is based on is sent by the form itself, never typed (docs/decisions/0037).
    return control && name !== 'id' && name !== BASED_ON_FIELD ? [{ name, schema, control, readOnly }] : [];
  };
  if (mode === 'create') return Object.entries(create).flatMap(([name, schema]) => field(name, schema, false));
  return [
    ...Object.entries(create).flatMap(([name, schema]) => (update[name] ? field(name, update[name], false) : record[name] ? field(name, schema, true) : [])),
    ...Object.entries(update).flatMap(([name, schema]) => (create[name] ? [] : field(name, schema, false))),
  ];
}
