import type { Rule } from 'antd/es/form/index.js';
import type { z } from 'zod';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The limit a zod size issue names, and what it measures (characters, a number, chosen items). */
function limitOf(issue: z.core.$ZodIssue): { key: string; limit: number } | null {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return null;
  const raw = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  const limit = Number(raw);
  if (!Number.isFinite(limit)) return null;
  const unit = issue.origin === 'string' ? 'Length' : issue.origin === 'array' || issue.origin === 'set' ? 'Items' : 'Value';
  return { key: `validation.${issue.code === 'too_small' ? 'min' : 'max'}${unit}`, limit };
}

/**
 * An antd form rule that checks a field with its shared zod schema, the same one the server applies,
 * and says what is wrong in the current language, naming the limit when there is one.
 */
export function zodRule(schema: z.ZodType, t: Translate): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
      if (empty) throw new Error(t('validation.required'));
      const limit = limitOf(issue);
      throw new Error(limit ? t(limit.key, { limit: limit.limit }) : t('validation.invalid'));
    },
  };
}
