import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import type { AppLoadContext, MetaDescriptor } from 'react-router';
import publicCatalogue from '../i18n/catalogues/public.js';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale.js';
import type { Locale } from '../i18n/locale.js';

export type PublicCopy = (typeof publicCatalogue)['zh-CN'];

/** The public texts of the current language, typed, for lists and structured copy. */
export function usePublicCopy(): PublicCopy {
  const { i18n } = useTranslation();
  return publicCatalogue[isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE];
}

export interface RootData {
  locale: Locale;
  publicUrl: string;
}

export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? { locale: DEFAULT_LOCALE, publicUrl: '' };
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The root loader's data as seen from a route's `meta` function. */
export function rootDataOf(matches: Matches): RootData {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return root ?? { locale: DEFAULT_LOCALE, publicUrl: '' };
}

export function copyOf(matches: Matches): PublicCopy {
  return publicCatalogue[rootDataOf(matches).locale];
}

const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en_US' };

/**
 * Title (the page's, then the brand), description, canonical address and Open Graph tags, all in
 * the page's language, for a route's `meta` export.
 */
export function pageMeta(
  matches: Matches,
  location: { pathname: string; search: string },
  page: { title: string; description: string; type?: 'website' | 'article'; keepQuery?: string[] },
): MetaDescriptor[] {
  const { locale, publicUrl } = rootDataOf(matches);
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of page.keepQuery ?? []) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  const canonical = `${publicUrl}${location.pathname}${query ? `?${query}` : ''}`;
  const title = `${page.title} - Portico`;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: 'Portico' },
    { property: 'og:locale', content: OG_LOCALE[locale] },
  ];
}

/** The server-side context of a loader: the in-process API and the site's configuration. */
export function serverContext(context: unknown): AppLoadContext {
  return context as AppLoadContext;
}
