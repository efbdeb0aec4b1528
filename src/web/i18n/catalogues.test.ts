import { describe, expect, it } from 'vitest';
import { catalogues } from './i18n.js';

/** Every path to a text in a catalogue: `home.heroTitle`, `about.values.0.title`. */
function keysOf(value: unknown, prefix = ''): string[] {
  return pathsOf(value).map((path) => (prefix ? [prefix, ...path] : path).join('.'));
}

/** The same paths as segment lists (some keys, like `menus['news.list']`, contain a dot). */
function pathsOf(value: unknown, trail: string[] = []): string[][] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...trail, key]));
  return [trail];
}

describe('the message catalogues', () => {
  it.each(Object.keys(catalogues))('%s has every text in both languages', (name) => {
    const catalogue = catalogues[name as keyof typeof catalogues] as Record<string, unknown>;
    const zh = keysOf(catalogue['zh-CN']).sort();
    const en = keysOf(catalogue['en-US']).sort();
    expect(en.filter((key) => !zh.includes(key)), 'only in en-US').toEqual([]);
    expect(zh.filter((key) => !en.includes(key)), 'only in zh-CN').toEqual([]);
  });

  it('has no empty text', () => {
    for (const [name, catalogue] of Object.entries(catalogues)) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const texts = catalogue[locale] as Record<string, unknown>;
        for (const path of pathsOf(texts)) {
          const value = path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
          expect(typeof value === 'string' && value.trim() !== '', `${name} ${locale} ${path.join('.')}`).toBe(true);
        }
      }
    }
  });
});
