import fc from 'fast-check';
import type { z } from 'zod';
import {
  DOUBTFUL_JSON_TYPES,
  EDGE_NUMBERS,
  LOOSE_JSON_IDS,
  MALFORMED_JSON,
  NOT_JSON_TYPES,
  ODD_STRINGS,
  SQL_BREAKERS,
  deepJson,
} from './payloads.js';
import type { Rng } from './random.js';
import { convertedOnTheWay, fieldsOf, isIdField, isStrictObject, kindOf, kindsOf } from './schema-arbitrary.js';
import type { JsonKind } from './schema-arbitrary.js';

/** A request body as the fuzz sends it: bytes, their content type and what the server must do. */
export interface BodyPlan {
  kind: string;
  /** Nothing at all when undefined. */
  body?: Buffer;
  /** No Content-Type header when undefined. */
  contentType?: string;
  /** Why a success answer would be wrong, when it would be. */
  mustRefuse?: string;
}

export interface JsonCall {
  schema?: z.ZodType;
  /** A call that takes no body at all (a delete by POST). */
  emptyBody?: boolean;
}

const JSON_TYPE = 'application/json';
const isJsonType = (type: string | undefined) => type !== undefined && /^application\/json\s*(;|$)/i.test(type);

/** Own properties only, so that `__proto__` travels as a key, as it would from any other client. */
function withField(value: unknown, key: string, fieldValue: unknown): Record<string, unknown> {
  const base = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const entries = Object.entries(base).filter(([k]) => k !== key);
  entries.push([key, fieldValue]);
  return Object.fromEntries(entries);
}

/** A body whose one field is JSON text written by hand (too deep for JSON.stringify to write). */
function withRawField(value: unknown, key: string, rawJson: string): string {
  const rest = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  delete rest[key];
  const tail = JSON.stringify(rest).slice(1);
  return `{${JSON.stringify(key)}:${rawJson}${tail === '}' ? '}' : `,${tail}`}`;
}

/** A value of another JSON kind than the field takes. */
function otherKindValue(rng: Rng, kinds: Set<JsonKind>): unknown {
  const candidates: [JsonKind, unknown][] = [
    ['string', rng.pick(['text', '12', 'true', ''])],
    ['number', rng.pick([12, -3.5, 0])],
    ['boolean', rng.pick([true, false])],
    ['null', null],
    ['array', rng.pick([[], [1, 'a'], [{}]])],
    ['object', rng.pick([{}, { a: 1 }, { id: 1 }])],
  ];
  const other = candidates.filter(([kind]) => !kinds.has(kind));
  return other.length ? rng.pick(other)[1] : null;
}

/**
 * A body for a JSON call: its valid value as drawn from the schema, or that value broken one way.
 * The kinds are weighted so that about a third of the bodies are valid and reach the handlers.
 */
export function jsonBody(rng: Rng, call: JsonCall, valid: unknown): BodyPlan {
  const fields = call.schema ? fieldsOf(call.schema) : {};
  const names = Object.keys(fields);
  const pickField = (want?: (schema: z.ZodType, name: string) => boolean) => {
    const fitting = names.filter((name) => !want || want(fields[name], name));
    return fitting.length ? rng.pick(fitting) : undefined;
  };
  const json = (value: unknown, kind: string): BodyPlan => ({ kind, body: Buffer.from(JSON.stringify(value)), contentType: JSON_TYPE });
  const text = (raw: string, kind: string, contentType: string | undefined = JSON_TYPE): BodyPlan => ({ kind, body: Buffer.from(raw), contentType });
  const takes = (kind: JsonKind) => (schema: z.ZodType) => kindsOf(schema).has(kind);

  const kind = rng.weighted<string>([
    ['valid', 34],
    ['wrong-type', 8],
    ['unknown-field', 6],
    ['nested-unknown', 3],
    ['huge-string', 3],
    ['deep', 5],
    ['nul', 4],
    ['odd-string', 5],
    ['sql-breaker', 3],
    ['number-as-string', 4],
    ['loose-id', 6],
    ['edge-number', 3],
    ['body-shape', 3],
    ['no-body', 2],
    ['malformed', 4],
    ['content-type', 6],
    ['duplicate-key', 1],
  ]);
  switch (kind) {
    case 'valid':
      return valid === undefined ? { kind: 'valid-no-body', contentType: rng.chance(0.5) ? JSON_TYPE : undefined } : json(valid, kind);
    case 'wrong-type': {
      const name = pickField();
      if (!name) return json(otherKindValue(rng, new Set(['object', 'undefined'])), kind);
      return json(withField(valid, name, otherKindValue(rng, kindsOf(fields[name]))), `${kind}:${name}`);
    }
    case 'unknown-field': {
      const key = rng.pick(['zzz', '__proto__', 'constructor', 'prototype', 'toString', 'isAdmin', 'ID', `${names[0] ?? 'x'} `, 'créé', '', 'a.b', 'id', 'createdAt', 'passwordHash', 'password_hash', 'roles']);
      if (names.includes(key)) return json(valid ?? {}, 'valid');
      return json(withField(valid, key, rng.pick<unknown>([1, 'x', true, null, { a: 1 }])), `${kind}:${key || '(empty)'}`);
    }
    case 'nested-unknown': {
      const name = pickField(takes('object'));
      if (!name) return json(withField(valid, 'zzz', { zzz: 1 }), kind);
      const nested = rng.pick<unknown>([{ zzz: 1 }, { field: 'zzz' }, { field: 'id', order: 'sideways' }, { __proto__x: 1 }, { constructor: 1 }]);
      return json(withField(valid, name, nested), `${kind}:${name}`);
    }
    case 'huge-string': {
      const name = pickField(takes('string')) ?? pickField() ?? 'zzz';
      const size = rng.pick([1_000, 70_000, 210_000, 1_900_000, 2_200_000]);
      return json(withField(valid, name, rng.pick(['x', '中', '\u00e9']).repeat(size / 2)), `${kind}:${name}:${size}`);
    }
    case 'deep': {
      const depth = rng.pick([64, 1_000, 20_000, 120_000]);
      const shape = rng.pick(['array', 'object'] as const);
      const leaf = rng.pick(['1', '"x"', '"a\\u0000b"', 'null']);
      const nested = deepJson(depth, shape, leaf);
      const label = `${kind}:${shape}:${depth}${leaf.includes('u0000') ? ':nul' : ''}`;
      if (rng.chance(0.25) || !names.length) return { ...text(nested, label), mustRefuse: 'a body nested that deep' };
      const name = pickField()!;
      return { ...text(withRawField(valid, name, nested), `${label}:${name}`), mustRefuse: `${name} nested that deep` };
    }
    case 'nul': {
      const name = pickField(takes('string')) ?? pickField();
      if (!name) return text('{"a\\u0000":1}', `${kind}:key`);
      const base = typeof (valid as Record<string, unknown> | undefined)?.[name] === 'string' ? String((valid as Record<string, unknown>)[name]) : 'abc';
      const at = rng.int(0, base.length);
      return json(withField(valid, name, `${base.slice(0, at)}\u0000${base.slice(at)}`), `${kind}:${name}`);
    }
    case 'odd-string': {
      const name = pickField(takes('string')) ?? pickField() ?? 'zzz';
      return json(withField(valid, name, rng.pick(ODD_STRINGS)), `${kind}:${name}`);
    }
    case 'sql-breaker': {
      const name = pickField(takes('string')) ?? pickField() ?? 'keyword';
      return json(withField(valid, name, rng.pick(SQL_BREAKERS)), `${kind}:${name}`);
    }
    case 'number-as-string': {
      const name = pickField(takes('number'));
      if (!name) return json(valid ?? {}, 'valid');
      const current = (valid as Record<string, unknown> | undefined)?.[name];
      return json(withField(valid, name, String(typeof current === 'number' ? current : 1)), `${kind}:${name}`);
    }
    case 'loose-id': {
      const name = pickField((schema, field) => isIdField(field) && kindsOf(schema).has('number')) ?? pickField(takes('number'));
      if (!name) return json(valid ?? {}, 'valid');
      const loose = rng.pick(LOOSE_JSON_IDS);
      return json(withField(valid, name, loose), `${kind}:${name}:${JSON.stringify(loose)}`);
    }
    case 'edge-number': {
      const name = pickField(takes('number'));
      if (!name) return json(valid ?? {}, 'valid');
      return json(withField(valid, name, rng.pick(EDGE_NUMBERS)), `${kind}:${name}`);
    }
    case 'body-shape': {
      const shape = rng.pick(['[]', 'null', '"text"', '1', 'true', '{}', '[{}]', JSON.stringify([valid ?? {}])]);
      return text(shape, `${kind}:${shape.slice(0, 8)}`);
    }
    case 'no-body':
      return { kind, contentType: rng.pick([JSON_TYPE, undefined, 'text/plain']) };
    case 'malformed': {
      const valid1 = JSON.stringify(valid ?? { a: 1 });
      const raw = rng.chance(0.5) ? rng.pick(MALFORMED_JSON) : valid1.slice(0, rng.int(1, Math.max(1, valid1.length - 1)));
      return text(raw, `${kind}`);
    }
    case 'content-type': {
      const doubtful = rng.chance(0.5);
      const type = rng.pick(doubtful ? DOUBTFUL_JSON_TYPES : NOT_JSON_TYPES);
      return text(JSON.stringify(valid ?? {}), `${kind}:${type}`, type);
    }
    case 'duplicate-key': {
      const name = pickField() ?? 'page';
      const body = JSON.stringify(valid ?? {});
      const extra = `${JSON.stringify(name)}:${JSON.stringify(rng.draw(fc.oneof(fc.string(), fc.integer(), fc.boolean())))}`;
      return text(body === '{}' ? `{${extra},${extra}}` : `{${extra},${body.slice(1)}`, `${kind}:${name}`);
    }
    default:
      throw new Error(`no such body kind: ${kind}`);
  }
}

/** Whether any string or key holds a NUL, walking without recursion (bodies may be deep). */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/**
 * Why a success would be wrong for this body, read from the call's own schema and the contract:
 * malformed JSON, a JSON body under another content type, a NUL, a value the schema refuses, or
 * one it takes only by converting it (`"1"` for an id).
 */
export function jsonRefusal(call: JsonCall, plan: BodyPlan): string | undefined {
  if (plan.mustRefuse) return plan.mustRefuse;
  const raw = plan.body?.toString('utf8') ?? '';
  const empty = raw.trim() === '';
  if (!empty && plan.contentType !== undefined && NOT_JSON_TYPES.includes(plan.contentType)) return `a body sent as ${plan.contentType}`;
  if (!empty && !isJsonType(plan.contentType)) return undefined;
  let value: unknown;
  if (!empty) {
    try {
      value = JSON.parse(raw.trim());
    } catch {
      return 'malformed JSON';
    }
  }
  if (hasNul(value)) return 'a NUL character';
  if (call.emptyBody) return isEmptyValue(value) ? undefined : 'a body where none is taken';
  if (!call.schema) return undefined;
  const input = value === null && call.schema.safeParse(undefined).success ? undefined : value;
  const result = call.schema.safeParse(input);
  if (!result.success) return `invalid for its schema (${result.error.issues[0]?.path.join('.') || 'body'}: ${result.error.issues[0]?.message})`;
  if (convertedOnTheWay(call.schema, input)) return 'a value of the wrong JSON type, read only by converting it';
  if (isStrictObject(call.schema) && kindOf(input) === 'object' && Object.keys(input as object).some((k) => !Object.hasOwn(fieldsOf(call.schema!), k))) {
    return 'an unknown field';
  }
  return undefined;
}
