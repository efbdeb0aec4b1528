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
