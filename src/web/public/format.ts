import type { Locale } from '../../shared/locale.js';

/** A date as people of that language write it, in China's time zone (the company's). */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Shanghai' }).format(new Date(iso));
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * An amount of money as people of that language write it, with its currency always shown: ¥ or
 * CN¥ for yuan, "SGD" or S$ for Singapore dollars; whole units, as salaries are given.
 */
export function formatMoney(value: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol', maximumFractionDigits: 0 }).format(value);
}

/** Removes markup for summaries and descriptions in meta tags. */
export function plainText(html: string, max = 160): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
