import { LOCALE_STORAGE_KEY, localeCookie } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';

/** Remembers a visitor's choice: in localStorage for the browser, in the cookie for the server. */
export function rememberLocale(locale: Locale) {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.cookie = localeCookie(locale);
}
