import { describe, expect, it } from 'vitest';
import { categoryCreateSchema } from '../../shared/schemas/category.js';
import { newsCreateSchema } from '../../shared/schemas/news.js';
import { userCreateSchema } from '../../shared/schemas/user.js';
import { zodRule } from './zod-rule.js';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}:${JSON.stringify(options)}` : key);
const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
  try {
    await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('form rules from the shared schemas', () => {
  it('says what is wrong with a field, as the server would refuse it, naming the limit', async () => {
    const title = zodRule(newsCreateSchema.shape.title, t);
    expect(await check(title, 'A title')).toBe('ok');
    expect(await check(title, '   ')).toBe('validation.required');
    expect(await check(title, 'x'.repeat(201))).toBe('validation.maxLength:{"limit":200}');
    const password = zodRule(userCreateSchema.shape.password, t);
    expect(await check(password, 'short')).toBe('validation.minLength:{"limit":8}');
    const cover = zodRule(newsCreateSchema.shape.coverUrl, t);
    expect(await check(cover, 'javascript:alert(1)')).toBe('validation.invalid');
    expect(await check(cover, '')).toBe('ok');
  });

  it('names the bounds of numbers and asks for at least one chosen item', async () => {
    const order = zodRule(categoryCreateSchema.shape.sortOrder, t);
    expect(await check(order, 3)).toBe('ok');
    expect(await check(order, 1.5)).toBe('validation.invalid');
    expect(await check(order, 2_000_000)).toBe('validation.maxValue:{"limit":1000000}');
    const roles = zodRule(userCreateSchema.shape.roles, t);
    expect(await check(roles, ['editor'])).toBe('ok');
    expect(await check(roles, [])).toBe('validation.required');
    // A key that names no role is the server's refusal (unknown_role); one that is no key at all is the form's.
    expect(await check(roles, ['Not a key'])).toBe('validation.invalid');
  });
});
