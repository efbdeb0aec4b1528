import { describe, expect, it } from 'vitest';
import { newsCreateSchema } from '../../shared/schemas/news.js';
import { userCreateSchema } from '../../shared/schemas/user.js';
import { zodRule } from './zod-rule.js';

const t = (key: string) => key;
const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
  try {
    await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('form rules from the shared schemas', () => {
  it('says what is wrong with a field, as the server would refuse it', async () => {
    const title = zodRule(newsCreateSchema.shape.title, t);
    expect(await check(title, 'A title')).toBe('ok');
    expect(await check(title, '   ')).toBe('validation.required');
    expect(await check(title, 'x'.repeat(201))).toBe('validation.tooLong');
    const password = zodRule(userCreateSchema.shape.password, t);
    expect(await check(password, 'short')).toBe('validation.tooShort');
    const cover = zodRule(newsCreateSchema.shape.coverUrl, t);
    expect(await check(cover, 'javascript:alert(1)')).toBe('validation.invalid');
    expect(await check(cover, '')).toBe('ok');
  });
});
