import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, isPublicPagePath, localeOfPath, pageLocaleOf, pathInLocale, withoutLocale } from './paths.js';

describe('a URL per language', () => {
  it('reads the language an address names, in any case, and none from a seed path', () => {
    expect(localeOfPath('/en/Home')).toBe('en-US');
    expect(localeOfPath('/zh/News/detail')).toBe('zh-CN');
    expect(localeOfPath('/EN/news')).toBe('en-US');
    expect(localeOfPath('/en')).toBe('en-US');
    expect(localeOfPath('/Home')).toBeNull();
    expect(localeOfPath('/english')).toBeNull();
    expect(localeOfPath('/zhx/Home')).toBeNull();
  });

  it('puts every public page, query and all, under each prefix, and leaves other addresses alone', () => {
    expect(pathInLocale('/News/detail?id=42', 'en-US')).toBe('/en/News/detail?id=42');
    expect(pathInLocale('/Home', 'zh-CN')).toBe('/zh/Home');
    expect(pathInLocale('/en/Jobs?page=2', 'zh-CN')).toBe('/zh/Jobs?page=2');
    expect(pathInLocale('/en/Jobs?page=2', null)).toBe('/Jobs?page=2');
    expect(pathInLocale('/news/details-two?id=3', 'en-US')).toBe('/en/News/details-two?id=3');
    for (const other of ['/api/File/Download/3', '/NewsManagement/list-news', '/login', 'https://example.com/Home', '/no-such-page', '#top']) {
      expect(pathInLocale(other, 'en-US'), other).toBe(other);
    }
    for (const path of PUBLIC_PAGE_PATHS) {
      expect(pathInLocale(path, 'en-US')).toBe(`/en${path}`);
      expect(pathInLocale(`/en${path}`, null)).toBe(path);
      expect(isPublicPagePath(path)).toBe(true);
    }
  });

  it('takes a bare prefix for its home page', () => {
    expect(withoutLocale('/en')).toBe('/Home');
    expect(withoutLocale('/zh?x=1')).toBe('/Home?x=1');
    expect(withoutLocale('/Jobs')).toBe('/Jobs');
  });

  it('lets the address decide the language, and negotiates only on seed paths', () => {
    expect(pageLocaleOf('/en/Home', 'portico.locale=zh-CN', 'zh-CN')).toBe('en-US');
    expect(pageLocaleOf('/zh/Home', 'portico.locale=en-US', 'en-US')).toBe('zh-CN');
    expect(pageLocaleOf('/Home', 'portico.locale=en-US', 'zh-CN')).toBe('en-US');
    expect(pageLocaleOf('/Home', null, 'en-GB,en;q=0.9')).toBe('en-US');
    expect(pageLocaleOf('/Home', null, null)).toBe('zh-CN');
  });
});
