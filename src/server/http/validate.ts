import type { z } from 'zod';
import type { ValidationIssue } from '../../shared/api.js';
import { isValidationCode } from '../../shared/refusals.js';
import type { ValidationCode } from '../../shared/refusals.js';
import { validationError } from './errors.js';

type ZodIssue = z.core.$ZodIssue;

/** The value at `path` in what was parsed: undefined when it (or anything on the way) is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * A zod issue's code and the figures a client needs to say it (docs/decisions/0052): a value not
 * given, or a text left empty, is `required`; a custom refinement names its code in its `params`
 * (`coded` in shared/refusals.ts); zod's own codes keep their names and their limits.
 */
function codeOf(issue: ZodIssue, input: unknown): { code: ValidationCode; params?: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? { code: 'required' } : { code: 'invalid_type', params: { expected: issue.expected } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { code: 'required' };
      return { code: 'too_small', params: { minimum: Number(issue.minimum), origin: issue.origin, inclusive: issue.inclusive ?? true } };
    case 'too_big':
      return { code: 'too_big', params: { maximum: Number(issue.maximum), origin: issue.origin, inclusive: issue.inclusive ?? true } };
    case 'invalid_format':
      return { code: 'invalid_format', params: { format: issue.format } };
    case 'not_multiple_of':
      return { code: 'not_multiple_of', params: { divisor: Number(issue.divisor) } };
    case 'invalid_value':
      return { code: 'invalid_value', params: { values: issue.values.map((value) => (typeof value === 'bigint' ? Number(value) : value)) } };
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as { code?: unknown };
      if (isValidationCode(code)) return Object.keys(params).length ? { code, params } : { code };
      return { code: 'invalid_value' };
    }
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { code: issue.code };
    default:
      return { code: 'invalid_value' };
  }
}

/** The issues of a refused input, as the API answers them: path, code, params and the English message. */
export function issuesOf(error: z.ZodError, input?: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      return { path: `${prefix}${issue.keys[0]}`, code: 'unknown_field', params: { keys: issue.keys }, message: `Unknown field: ${issue.keys.join(', ')}` };
    }
    return { path: issue.path.join('.'), ...codeOf(issue, input), message: issue.message };
  });
}

/** Parses outside input with its shared schema; a failure is a 400 naming each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesOf(result.error, input));
  return result.data;
}

/**
 * The path of the first string (or key) in parsed input that holds a NUL character, or null.
 * PostgreSQL text cannot store NUL, so such input must be refused as invalid before it reaches
 * the database, where it would fail as an unexpected error. Walked with a stack of its own, not by
 * recursion, so no nesting can overflow the call stack; the work is one step per value, which the
 * body limit bounds (and JSON bodies are refused deeper than JSON_DEPTH_MAX before this runs).
 */
export function nulPathOf(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object') return null;
  // One frame per open array or object: its entries, the next one to look at, and its path.
  const frames = [{ entries: Object.entries(value), next: 0, path: '' }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.next === frame.entries.length) {
      frames.pop();
      continue;
    }
    const [key, item] = frame.entries[frame.next++];
    const itemPath = frame.path ? `${frame.path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return itemPath;
    } else if (item !== null && typeof item === 'object') {
      frames.push({ entries: Object.entries(item), next: 0, path: itemPath });
    }
  }
  return null;
}

export const NUL_MESSAGE = 'Must not contain the NUL character';
