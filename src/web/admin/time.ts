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

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(timeLocale) : '—');
