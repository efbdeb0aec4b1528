import { useTranslation } from 'react-i18next';

/** A day in the reader's time zone, as a date input writes it (`2026-11-27`), from a stored instant. */
export const dayOf = (iso: unknown) => (typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? new Date(iso).toLocaleDateString('sv') : '');

/** The instant a day starts or ends in the reader's time zone, as the API's filters take it. */
function instantOf(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return (end ? new Date(year!, month! - 1, date!, 23, 59, 59, 999) : new Date(year!, month! - 1, date!)).toISOString();
}

/**
 * A list's date range filter: two of the browser's own date inputs, each named for the reader (typed
 * or picked, keyboard usable in every browser), instead of a date-picker library the list screens
 * would otherwise load for this alone (issue 21, "half the weight"). Either end may be left open.
 */
export function DateRangeFilter({ label, from, to, onChange }: { label: string; from: unknown; to: unknown; onChange: (range: { from?: string; to?: string }) => void }) {
  const { t } = useTranslation('admin');
  const start = dayOf(from);
  const end = dayOf(to);
  return (
    <span className="date-range" role="group" aria-label={label}>
      <input
        type="date"
        className="date-range-input"
        aria-label={t('common.rangeStart', { label })}
        value={start}
        max={end || undefined}
        onChange={(event) => onChange({ from: instantOf(event.target.value, false), to: instantOf(end, true) })}
      />
      <span aria-hidden="true">–</span>
      <input
        type="date"
        className="date-range-input"
        aria-label={t('common.rangeEnd', { label })}
        value={end}
        min={start || undefined}
        onChange={(event) => onChange({ from: instantOf(start, false), to: instantOf(event.target.value, true) })}
      />
    </span>
  );
}
