/** One column of an exported list: its heading and how a row fills it. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : isIsoTime(value) ? csvTime(value) : String(value);
  // Quote every cell; neutralise formulas so a spreadsheet never runs what a visitor typed.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a value is a time as the API answers it (ISO-8601, UTC). */
export const isIsoTime = (value: unknown): value is string => typeof value === 'string' && ISO_TIME.test(value);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time for a spreadsheet: the reader's local time with its offset, `2026-03-04 17:30:00 +08:00`,
 * so that nobody reads a UTC time as a local one. `offsetMinutes` is east of UTC (the reader's own by
 * default).
 */
export function csvTime(iso: string, offsetMinutes = -new Date(iso).getTimezoneOffset()): string {
  const local = new Date(Date.parse(iso) + offsetMinutes * 60_000);
  if (Number.isNaN(local.getTime())) return iso;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
  return `${date} ${time} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

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
