import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { isLocale } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { rememberLocale } from './locale.js';

/** The current locale and a way to change it: stored, mirrored in a cookie for the server, applied. */
export function useLocale(): [Locale, (next: Locale) => void] {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const setLocale = useCallback(
    (next: Locale) => {
      rememberLocale(next);
      document.documentElement.lang = next;
      void i18n.changeLanguage(next);
      // Server-rendered data and meta tags follow the language too.
      void revalidator.revalidate();
    },
    [i18n, revalidator],
  );
  return [locale, setLocale];
}
