import type { CsvColumn } from './resource-list.js';

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quote every cell; neutralise formulas so a spreadsheet never runs what a visitor typed.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(','), ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(','))];
  // The byte-order mark makes spreadsheet programs read the Chinese text as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadCsv<T>(name: string, columns: CsvColumn<T>[], rows: T[]) {
  const blob = new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
