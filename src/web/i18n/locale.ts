import { LOCALE_STORAGE_KEY, localeCookie } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';

/** Remembers a visitor's choice: in localStorage for the browser, in the cookie for the server. */
export function rememberLocale(locale: Locale) {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  document.cookie = localeCookie(locale);
}

/**
 * Switches a server-rendered public page's language: the page is rendered again by the server in
 * the chosen language (its text, title and meta tags all follow).
 */
export function switchLocale(locale: Locale) {
  rememberLocale(locale);
  window.location.reload();
}
