import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { addAdminCatalogue } from '../i18n/admin-catalogue.js';
import { createI18n } from '../i18n/i18n.js';
import { errorText, issueText } from './error-text.js';

const translator = (locale: 'zh-CN' | 'en-US') => {
  const i18n = createI18n(locale);
  addAdminCatalogue(i18n);
  return i18n.getFixedT(locale, 'admin');
};
const zh = translator('zh-CN');
const en = translator('en-US');

/** Any Latin word of three letters or more: what a server sentence in English would show. */
const ENGLISH = /[A-Za-z]{3,}/;

describe('what staff are told when a call fails', () => {
  it('says a validation error by its first issue, not the server\'s sentence', () => {
    const error = new ApiError('oldPassword: Current password is wrong', 40000, 400, [{ path: 'oldPassword', code: 'wrong_password', message: 'Current password is wrong' }]);
    expect(errorText(error, zh)).toBe('提交的内容有误：当前密码错误');
    expect(errorText(error, en)).toBe('Some input was refused: The current password is wrong');
  });

  it('says each reason of a code apart, in both languages', () => {
    const used = new ApiError('This password-reset link has already been used', 40032, 400, [], { reason: 'used' });
    const expired = new ApiError('This password-reset link has expired', 40032, 400, [], { reason: 'expired' });
    expect(errorText(used, zh)).toBe('此密码重置链接已使用过。');
    expect(errorText(expired, zh)).toBe('此密码重置链接已过期。');
    const throttled = new ApiError('Too many requests, please try again later', 40029, 429, [], { reason: 'sign-in' });
    expect(errorText(throttled, en)).toMatch(/sign-ins/);
    const pixels = new ApiError('too many pixels', 40013, 413, [], { reason: 'image-pixels', maximum: 40_000_000 });
    expect(errorText(pixels, zh)).toBe('图片尺寸过大：最多 40,000,000 像素。');
    expect(errorText(new ApiError('Record not found', 40004, 404, [], { reason: 'record' }), zh)).toBe('记录不存在或已被删除。');
  });

  it('says a code without a known reason, an unknown code and a failure that is no API answer in its own words', () => {
    const cases = [
      new ApiError('Some conflict we never heard of', 40009, 409, [], { reason: 'unheard-of' }),
      new ApiError('You do not have permission to do this', 40003, 403),
      new ApiError('A brand new refusal', 49999, 400),
      new Error('Cannot read properties of undefined'),
      new ApiError('Network error', 0, 0),
    ];
    for (const error of cases) expect(errorText(error, zh), String(error)).not.toMatch(ENGLISH);
    expect(errorText(cases[2], zh)).toContain('49999');
  });

  it('names the limit of each kind with the figure formatted for the language', () => {
    expect(issueText({ code: 'too_big', params: { maximum: 204800, origin: 'string' } }, zh)).toBe('最多 204,800 个字符');
    expect(issueText({ code: 'too_big', params: { maximum: 100, origin: 'array' } }, en)).toBe('At most 100 items');
    expect(issueText({ code: 'too_small', params: { minimum: 1, origin: 'number' } }, en)).toBe('Must be at least 1');
    expect(issueText({ code: 'salary_order' }, zh)).toBe('薪资上限不能低于下限');
    // A code this client does not know yet is still said in the user's language.
    expect(issueText({ code: 'brand_new' as never }, zh)).toBe('请从给出的选项中选择');
  });
});
