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
 * the database, where it would fail as an unexpected error.
 */
export function nulPathOf(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = nulPathOf(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

export const NUL_MESSAGE = 'Must not contain the NUL character';
