/**
 * CSV as the back-office exports it (the server writes it, docs/decisions/0036-audit-log.md): every
 * cell quoted, formulas defused, times in the reader's local time with their offset, a byte-order
 * mark so spreadsheet programs read the Chinese text as UTF-8.
 */

/** One column of an exported list: its heading and how a row fills it. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a value is a time as the API answers it (ISO-8601, UTC). */
export const isIsoTime = (value: unknown): value is string => typeof value === 'string' && ISO_TIME.test(value);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time for a spreadsheet: the reader's local time with its offset, `2026-03-04 17:30:00 +08:00`,
 * so that nobody reads a UTC time as a local one. `offsetMinutes` is east of UTC.
 */
export function csvTime(iso: string, offsetMinutes: number): string {
  const local = new Date(Date.parse(iso) + offsetMinutes * 60_000);
  if (Number.isNaN(local.getTime())) return iso;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
  return `${date} ${time} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

function cell(value: string | number | null | undefined, offsetMinutes: number) {
  const text = value === null || value === undefined ? '' : isIsoTime(value) ? csvTime(value, offsetMinutes) : String(value);
  // Quote every cell; neutralise formulas so a spreadsheet never runs what a visitor typed.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The file: headings, then one line per row; times shown `offsetMinutes` east of UTC. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], offsetMinutes = 0): string {
  const line = (cells: (string | number | null | undefined)[]) => cells.map((value) => cell(value, offsetMinutes)).join(',');
  const lines = [line(columns.map((c) => c.title)), ...rows.map((row) => line(columns.map((c) => c.value(row))))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
