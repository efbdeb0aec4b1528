/**
 * The two languages Portico speaks, and how a visitor's language is chosen: pure, so the server
 * (which renders pages in the visitor's language) and the browser choose by the same rules.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_STORAGE_KEY = 'portico.locale';
export const LOCALE_COOKIE = 'portico.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `zh*` speaks Chinese, `en*` English; anything else has no opinion. */
export function localeFromLanguage(language: string | null | undefined): Locale | null {
  const lang = (language ?? '').trim().toLowerCase();
  if (lang.startsWith('zh')) return 'zh-CN';
  if (lang.startsWith('en')) return 'en-US';
  return null;
}

/** In the browser: localStorage, then the browser's languages, then zh-CN. */
export function chooseClientLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const locale = localeFromLanguage(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function cookieValue(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** On the server: the locale cookie (mirroring the visitor's choice), then Accept-Language, then zh-CN. */
export function chooseServerLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  const fromCookie = cookieValue(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The first language of an Accept-Language header, by quality, that Portico speaks; null when none. */
export function localeFromAcceptLanguage(acceptLanguage: string | null | undefined): Locale | null {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((e) => e.tag && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeFromLanguage(tag);
    if (locale) return locale;
  }
  return null;
}

const LOCALE_COOKIE_ATTRIBUTES = '; Path=/; Max-Age=31536000; SameSite=Lax';

export const localeCookie = (locale: Locale) => `${LOCALE_COOKIE}=${encodeURIComponent(locale)}${LOCALE_COOKIE_ATTRIBUTES}`;

/**
 * Inline script for the head of public pages, which the server renders from the cookie: when the
 * visitor's stored choice (which comes first in the browser) differs from the page's language, it
 * mirrors the choice into the cookie and asks for the page again before anything is painted. It
 * reloads only if the cookie took, so a browser refusing cookies never loops.
 */
export const LOCALE_PREFERENCE_SCRIPT = `(function(){try{var s=localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)});\
if(${JSON.stringify(LOCALES)}.indexOf(s)<0||s===document.documentElement.lang)return;\
document.cookie=${JSON.stringify(`${LOCALE_COOKIE}=`)}+s+${JSON.stringify(LOCALE_COOKIE_ATTRIBUTES)};\
if(document.cookie.indexOf(${JSON.stringify(`${LOCALE_COOKIE}=`)}+s)>=0)location.reload()}catch(e){}})()`;
