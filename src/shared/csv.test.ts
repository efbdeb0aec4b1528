import { describe, expect, it } from 'vitest';
import { csvTime, toCsv } from './csv.js';

describe('CSV export', () => {
  it('quotes cells, escapes quotes, starts with a BOM and defuses formulas', () => {
    const csv = toCsv([{ title: '姓名', value: (r: { name: string }) => r.name }], [{ name: '张"三' }, { name: '=HYPERLINK("x")' }]);
    expect(csv.startsWith('\uFEFF"姓名"\r\n')).toBe(true);
    expect(csv).toContain('"张""三"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('writes times as local time with their offset, never as bare UTC', () => {
    expect(csvTime('2026-03-04T09:30:00.000Z', 480)).toBe('2026-03-04 17:30:00 +08:00');
    expect(csvTime('2026-03-04T23:30:05Z', 480)).toBe('2026-03-05 07:30:05 +08:00');
    expect(csvTime('2026-03-04T09:30:00.000Z', -300)).toBe('2026-03-04 04:30:00 -05:00');
    expect(csvTime('2026-03-04T09:30:00.000Z', 330)).toBe('2026-03-04 15:00:00 +05:30');
    expect(csvTime('2026-03-04T09:30:00.000Z', 0)).toBe('2026-03-04 09:30:00 +00:00');
    // Every time cell of an export is written so; other text is left as it is.
    const csv = toCsv([{ title: 'at', value: (r: { at: string }) => r.at }], [{ at: '2026-03-04T09:30:00.000Z' }, { at: '2026-03-04 by hand' }], 480);
    expect(csv).toContain('"2026-03-04 17:30:00 +08:00"');
    expect(csv).not.toContain('T09:30:00.000Z');
    expect(csv).toContain('"2026-03-04 by hand"');
  });
});
