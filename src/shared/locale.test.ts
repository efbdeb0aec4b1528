import { describe, expect, it } from 'vitest';
import { chooseClientLocale, chooseServerLocale } from './locale.js';

describe('choosing the language', () => {
  it('in the browser: stored choice, then the browser languages, then zh-CN', () => {
    expect(chooseClientLocale('en-US', ['zh-CN'])).toBe('en-US');
    expect(chooseClientLocale(null, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(chooseClientLocale('xx', ['zh-TW'])).toBe('zh-CN');
    expect(chooseClientLocale(null, ['fr-FR'])).toBe('zh-CN');
  });

  it('on the server: the cookie, then Accept-Language by weight, then zh-CN', () => {
    expect(chooseServerLocale('a=1; portico.locale=en-US', 'zh-CN')).toBe('en-US');
    expect(chooseServerLocale('portico.locale=de-DE', 'en;q=0.8, zh;q=0.9')).toBe('zh-CN');
    expect(chooseServerLocale(null, 'fr-FR, en-US;q=0.5')).toBe('en-US');
    expect(chooseServerLocale(null, 'de-DE')).toBe('zh-CN');
    expect(chooseServerLocale(null, null)).toBe('zh-CN');
  });
});
