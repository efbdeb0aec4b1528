import type { ReactNode } from 'react';
import type { Locale } from '../../shared/locale.js';
import { useRootData } from './copy.js';

/**
 * A record's text on a public page: as it is when it is in the page's language, else inside an
 * element saying which language it is in (`lang="zh-CN"`), so a screen reader reads it in the right
 * voice and a visitor can tell a fallback (docs/decisions/0054). `lang` is the text's language, as
 * the API answers it (`locale`, `categoryNameLocale`).
 */
export function InLanguage({ lang, children }: { lang: Locale | null | undefined; children: ReactNode }) {
  const { locale } = useRootData();
  return lang && lang !== locale ? <span lang={lang}>{children}</span> : <>{children}</>;
}

/** The `lang` attribute an element holding a record's text needs on this page: none when it is the page's. */
export function useLangOf(lang: Locale | null | undefined): Locale | undefined {
  const { locale } = useRootData();
  return lang && lang !== locale ? lang : undefined;
}
