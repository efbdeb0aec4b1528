import fc from 'fast-check';
import type { z } from 'zod';
import { Rng } from './random.js';

/**
 * fast-check arbitraries of the values a zod schema accepts, read from the schema itself: the same
 * schemas that validate every call (src/shared), so a new field or limit is fuzzed without a word
 * here. zod keeps a schema's description in `_zod.def`; this module reads only the parts it needs.
 */

interface CheckView {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface DefView {
  type: string;
  checks?: readonly { _zod: { def: unknown } }[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  values?: readonly unknown[];
  entries?: Record<string, string | number>;
  getter?: () => z.ZodType;
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
}

export const defOf = (schema: z.ZodType) => schema._zod.def as unknown as DefView;
const checksOf = (schema: z.ZodType) => (defOf(schema).checks ?? []).map((check) => check._zod.def as CheckView);

/**
 * What the fuzz knows exists, by field name, read when a value is drawn: record ids (`categoryId`,
 * `id`) and texts (a user name that signs in, its password), so valid bodies also reach the paths
 * behind "no such record" and "wrong password".
 */
export interface Hints {
  ids(field: string): readonly number[];
  texts(field: string): readonly string[];
}

export const isIdField = (field: string) => field === 'id' || /[a-z]Id$/.test(field);

/**
 * Draws from `inner` until `accepts` takes the value (zod refinements, formats and cross-field rules
 * are not described in a way a generator can follow), then settles for a value found when the
 * arbitrary was built, so a rare miss never loops for ever.
 */
class Accepted<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly accepts: (value: T) => boolean,
    private readonly fallback: T,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    for (let attempt = 0; attempt < 40; attempt++) {
      const drawn = this.inner.generate(random, biasFactor);
      if (this.accepts(drawn.value)) return drawn;
    }
    return new fc.Value(this.fallback, undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

/** The share of an arbitrary's values a schema accepts, measured on a fixed sample. */
function acceptance(arbitrary: fc.Arbitrary<unknown>, schema: z.ZodType, samples = 24): { rate: number; example?: unknown } {
  const rng = new Rng(0x5eed);
  let passed = 0;
  let example: unknown;
  for (let i = 0; i < samples; i++) {
    const value = rng.draw(arbitrary);
    if (schema.safeParse(value).success) {
      passed++;
      example ??= value;
    }
  }
  return { rate: passed / samples, example };
}

function acceptedBy<T>(arbitrary: fc.Arbitrary<T>, schema: z.ZodType, where: string): fc.Arbitrary<T> {
  const rng = new Rng(0xfa11);
  for (let i = 0; i < 400; i++) {
    const value = rng.draw(arbitrary);
    if (schema.safeParse(value).success) return new Accepted(arbitrary, (v) => schema.safeParse(v).success, value);
  }
  throw new Error(`the fuzz cannot draw a value that ${where || 'the body'} accepts: teach schema-arbitrary.ts its shape`);
}

const ALNUM = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const CJK = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCharCode(code));

function textPieces(min: number, max: number): fc.Arbitrary<string>[] {
  const maxLength = Math.max(min, Math.min(max, min + 40));
  const size = { minLength: min, maxLength };
  return [
    fc.string(size),
    fc.string({ ...size, unit: 'grapheme' }),
    fc.string({ ...size, unit: fc.constantFrom(...ALNUM) }),
    fc.string({ ...size, unit: CJK }),
    fc.lorem({ maxCount: 6 }),
  ];
}

/** Values a refinement is likely to want: dates, site paths, web addresses and country codes. */
const hintedStrings = fc.oneof(
  fc.oneof(fc.constantFrom('CN', 'SG', 'US'), fc.stringMatching(/^[A-Z]{2}$/)),
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('/uploads/cover.png', '/api/File/Download/1', 'https://example.com/a.png', 'http://example.org/'),
  fc.webUrl(),
);

/** Any of the known ids of a field, or nothing when none is known yet. */
const knownIds = (hints: Hints, field: string) =>
  fc.nat().map((n) => {
    const pool = hints.ids(field);
    return pool.length ? pool[n % pool.length] : 1 + (n % 50);
  });

function stringArbitrary(schema: z.ZodType, hints: Hints, field: string): fc.Arbitrary<string> {
  const def = defOf(schema);
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  let pattern = def.pattern;
  let refined = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    else if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    else if (check.check === 'length_equals') min = max = check.length ?? min;
    else if (check.check === 'string_format' && check.pattern) pattern = check.pattern;
    else if (check.check === 'custom') refined = true;
  }
  const pieces: fc.WeightedArbitrary<string>[] = [];
  if (pattern) {
    try {
      pieces.push({ arbitrary: fc.stringMatching(pattern), weight: 12 });
    } catch {
      // A pattern fast-check cannot read (unicode classes): the text pieces below, filtered, do.
    }
  }
  for (const piece of textPieces(min, max)) pieces.push({ arbitrary: piece, weight: 2 });
  if (refined) pieces.push({ arbitrary: hintedStrings, weight: 12 });
  if (isIdField(field)) pieces.push({ arbitrary: knownIds(hints, field).map(String), weight: 20 });
  if (hints.texts(field).length) {
    pieces.push({ arbitrary: fc.nat().map((n) => hints.texts(field)[n % hints.texts(field).length]), weight: 16 });
  }
  // The longest value allowed, where a limit is: off-by-one errors live there.
  if (Number.isFinite(max) && max > 0 && max <= 300_000) {
    pieces.push({ arbitrary: fc.constantFrom('a', '中', 'é').map((c) => c.repeat(max)), weight: 1 });
  }
  return acceptedBy(fc.oneof(...pieces), schema, field);
}

function numberArbitrary(schema: z.ZodType, hints: Hints, field: string): fc.Arbitrary<number> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format') integer = true;
    else if (check.check === 'greater_than') {
      const v = Number(check.value);
      min = Math.max(min, check.inclusive ? v : integer ? Math.floor(v) + 1 : v);
    } else if (check.check === 'less_than') {
      const v = Number(check.value);
      max = Math.min(max, check.inclusive ? v : integer ? Math.ceil(v) - 1 : v);
    }
  }
  const pieces: fc.WeightedArbitrary<number>[] = [];
  if (integer) {
    const lo = Math.max(min, -(2 ** 31));
    const hi = Math.min(max, 2 ** 31 - 1);
    pieces.push({ arbitrary: fc.integer({ min: lo, max: hi }), weight: 6 }, { arbitrary: fc.constantFrom(lo, hi), weight: 1 });
  } else {
    pieces.push({ arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), weight: 6 });
  }
  if (isIdField(field)) pieces.push({ arbitrary: knownIds(hints, field), weight: 20 });
  return acceptedBy(fc.oneof(...pieces), schema, field);
}

/** An arbitrary of the values `schema` accepts; `field` names the value, for ids and messages. */
export function arbitraryOf(schema: z.ZodType, hints: Hints, field = '', depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: z.ZodType, name = field) => arbitraryOf(s, hints, name, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, hints, field);
    case 'number':
    case 'int':
      return numberArbitrary(schema, hints, field);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType!);
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null, freq: 4 });
    case 'object': {
      const shape = def.shape ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        model[key] = inner(value, key);
        if (!value.safeParse(undefined).success) requiredKeys.push(key);
      }
      return acceptedBy(fc.record(model, { requiredKeys }), schema, field);
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? maxLength, Math.max(minLength, 4));
      }
      return acceptedBy(fc.array(inner(def.element!), { minLength, maxLength }), schema, field);
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'pipe': {
      // `z.preprocess` is a pipe from a transform: values are drawn for what it feeds. Otherwise the
      // side whose values the whole pipe takes more often is drawn from (a string then its format,
      // digits then the number they spell).
      if (defOf(def.in!).type === 'transform') return inner(def.out!);
      if (defOf(def.out!).type === 'transform') return inner(def.in!);
      const candidates = [inner(def.in!), inner(def.out!)];
      const [best] = candidates
        .map((arbitrary) => ({ arbitrary, ...acceptance(arbitrary, schema) }))
        .sort((a, b) => b.rate - a.rate);
      return acceptedBy(best.arbitrary, schema, field);
    }
    case 'lazy':
      return depth > 6 ? fc.constant(undefined) : inner(def.getter!());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** What kinds of JSON value a schema can take without converting them. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'undefined';

export const kindOf = (value: unknown): JsonKind =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonKind);

/**
 * Whether `schema` accepts `value` only by converting it (`z.coerce`): the contract has ids as JSON
 * integers, so `"1"`, `true` or `[1]` read as 1 is a loose acceptance, not a valid call.
 */
export function convertedOnTheWay(schema: z.ZodType, value: unknown): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return Boolean(def.coerce) && typeof value !== 'number';
    case 'string':
      return Boolean(def.coerce) && typeof value !== 'string';
    case 'boolean':
      return Boolean(def.coerce) && typeof value !== 'boolean';
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return value !== undefined && value !== null && convertedOnTheWay(def.innerType!, value);
    case 'pipe':
      // A preprocess converts on purpose (multipart fields); otherwise the pipe's input side decides.
      return defOf(def.in!).type === 'transform' ? false : convertedOnTheWay(def.in!, value);
    case 'object':
      if (kindOf(value) !== 'object') return false;
      return Object.entries(def.shape ?? {}).some(([key, field]) =>
        Object.hasOwn(value as object, key) ? convertedOnTheWay(field, (value as Record<string, unknown>)[key]) : false,
      );
    case 'array':
      return Array.isArray(value) && value.some((item) => convertedOnTheWay(def.element!, item));
    case 'union':
      return !(def.options ?? []).some((option) => option.safeParse(value).success && !convertedOnTheWay(option, value));
    case 'lazy':
      return convertedOnTheWay(def.getter!(), value);
    default:
      return false;
  }
}

/** The top-level fields of an object schema (under its optional, default and refinement wrappers). */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  let current = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape ?? {};
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe') current = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    else break;
  }
  return {};
}

/** Whether an object schema refuses fields it does not name. */
export function isStrictObject(schema: z.ZodType): boolean {
  let current = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = defOf(current);
    if (def.type === 'object') return def.catchall !== undefined && defOf(def.catchall).type === 'never';
    if (def.innerType) current = def.innerType;
    else break;
  }
  return false;
}

/** The JSON kinds a field takes (under its wrappers), for wrong-type mutations. */
export function kindsOf(schema: z.ZodType, depth = 0): Set<JsonKind> {
  const def = defOf(schema);
  const kinds = new Set<JsonKind>();
  if (depth > 8) return kinds;
  const merge = (other: Set<JsonKind>) => other.forEach((k) => kinds.add(k));
  switch (def.type) {
    case 'string':
    case 'enum':
      kinds.add('string');
      break;
    case 'number':
    case 'int':
      kinds.add('number');
      break;
    case 'boolean':
      kinds.add('boolean');
      break;
    case 'literal':
      for (const v of def.values ?? []) kinds.add(kindOf(v));
      break;
    case 'null':
      kinds.add('null');
      break;
    case 'array':
      kinds.add('array');
      break;
    case 'object':
      kinds.add('object');
      break;
    case 'nullable':
      kinds.add('null');
      merge(kindsOf(def.innerType!, depth + 1));
      break;
    case 'optional':
    case 'default':
    case 'prefault':
      kinds.add('undefined');
      merge(kindsOf(def.innerType!, depth + 1));
      break;
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      merge(kindsOf(def.innerType!, depth + 1));
      break;
    case 'union':
      for (const option of def.options ?? []) merge(kindsOf(option, depth + 1));
      break;
    case 'pipe':
      merge(kindsOf(defOf(def.in!).type === 'transform' ? def.out! : def.in!, depth + 1));
      break;
    case 'lazy':
      merge(kindsOf(def.getter!(), depth + 1));
      break;
  }
  return kinds;
}
