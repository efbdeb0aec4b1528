import type { i18n as I18n } from 'i18next';
import admin from './catalogues/admin.js';
import { LOCALES } from '../../shared/locale.js';

/** Adds the back-office texts to an i18next instance; only back-office screens import this. */
export function addAdminCatalogue(i18n: I18n) {
  for (const locale of LOCALES) {
    if (!i18n.hasResourceBundle(locale, 'admin')) i18n.addResourceBundle(locale, 'admin', admin[locale], true, true);
  }
}
