import type { Locale } from '../../shared/locale.js';

/**
 * The back-office's language for dates and times: set by its layout, as it sets dayjs's, so a time
 * is written the way the screen's language writes it, not the way the browser's does (the
 * browser's until a layout has said).
 */
let timeLocale: Locale | undefined;
export const setTimeLocale = (locale: Locale) => {
  timeLocale = locale;
};

/**
 * One formatter per language, made once: `Date.prototype.toLocaleString` builds a new one on every
 * call, which took 50 ms of a list's first load under the bench's CPU throttle. The options are
 * those `toLocaleString` uses by default, so the text is the same.
 */
const formatters = new Map<string | undefined, Intl.DateTimeFormat>();
const formatterOf = (locale: Locale | undefined) => {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(locale, formatter);
  }
  return formatter;
};

export const formatTime = (iso: string | null | undefined) => (iso ? formatterOf(timeLocale).format(new Date(iso)) : '—');
