import type { Rule } from 'antd/es/form/index.js';
import type { z } from 'zod';

type Translate = (key: string) => string;

/**
 * An antd form rule that checks a field with its shared zod schema, the same one the server applies,
 * and says what is wrong in the current language.
 */
export function zodRule(schema: z.ZodType, t: Translate): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      const key = empty ? 'validation.required' : issue.code === 'too_big' ? 'validation.tooLong' : issue.code === 'too_small' ? 'validation.tooShort' : 'validation.invalid';
      throw new Error(t(key));
    },
  };
}
