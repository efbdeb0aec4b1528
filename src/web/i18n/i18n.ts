import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import admin from './catalogues/admin.js';
import common from './catalogues/common.js';
import publicSite from './catalogues/public.js';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';

export const NAMESPACES = ['common', 'public', 'admin'] as const;

export const catalogues = { common, public: publicSite, admin } as const;

// The back-office catalogue is not bundled here: public pages must not carry it. The back-office
// layout adds it (`admin-catalogue.ts`).
function resources() {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, { common: common[locale], public: publicSite[locale] }]),
  );
}

/**
 * A fresh i18next instance for one render (on the server each request gets its own, so two visitors
 * in different languages never share one). Catalogues are bundled, so it is ready at once.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: resources(),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
