import type { z } from 'zod';
import type { ValidationIssue } from '../../shared/api.js';
import { validationError } from './errors.js';

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      return { path: `${prefix}${issue.keys[0]}`, message: `Unknown field: ${issue.keys.join(', ')}` };
    }
    return { path: issue.path.join('.'), message: issue.message };
  });
}

/** Parses outside input with its shared schema; a failure is a 400 naming each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesOf(result.error));
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
