import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('CSV export', () => {
  it('quotes cells, escapes quotes, starts with a BOM and defuses formulas', () => {
    const csv = toCsv([{ title: '姓名', value: (r: { name: string }) => r.name }], [{ name: '张"三' }, { name: '=HYPERLINK("x")' }]);
    expect(csv.startsWith('\uFEFF"姓名"\r\n')).toBe(true);
    expect(csv).toContain('"张""三"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
