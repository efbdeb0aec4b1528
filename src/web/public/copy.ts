import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import type { AppLoadContext, MetaDescriptor } from 'react-router';
import publicCatalogue from '../i18n/catalogues/public.js';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { pageLocaleOf, pathInLocale, withoutLocale } from '../../shared/paths.js';
import { NEUTRAL_SITE_SETTINGS, publicSiteOf } from '../../shared/schemas/site.js';
import type { PublicSite } from '../../shared/schemas/site.js';

export type PublicCopy = (typeof publicCatalogue)['zh-CN'];

/** The public texts of the current language, typed, for lists and structured copy. */
export function usePublicCopy(): PublicCopy {
  const { i18n } = useTranslation();
  return publicCatalogue[isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE];
}

export interface RootData {
  locale: Locale;
  /** The language the page's address names (`/en/…`), or null on a seed path, which negotiates it. */
  pathLocale: Locale | null;
  publicUrl: string;
}

const NO_ROOT_DATA: RootData = { locale: DEFAULT_LOCALE, pathLocale: null, publicUrl: '' };

export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? NO_ROOT_DATA;
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The root loader's data as seen from a route's `meta` function. */
export function rootDataOf(matches: Matches): RootData {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return root ?? NO_ROOT_DATA;
}

/** The language a request's page is rendered in: its address's, else the visitor's (`pageLocaleOf`). */
export function pageLocale(request: Request): Locale {
  return pageLocaleOf(new URL(request.url).pathname, request.headers.get('cookie'), request.headers.get('accept-language'));
}

/**
 * Where an internal link of this page leads: on a page at a language's own address, the same
 * language's address of the target (`/en/News` links to `/en/Jobs`); on a seed path, the seed path.
 * Addresses that are not public pages (the API, files, other sites) are left as they are.
 */
export function useLocalePath(): (path: string) => string {
  const { pathLocale } = useRootData();
  return (path) => pathInLocale(path, pathLocale);
}

/** The page's address in another language, query and all: where the language switch leads. */
export function addressInLocale(location: { pathname: string; search: string }, locale: Locale | null): string {
  return pathInLocale(`${withoutLocale(location.pathname)}${location.search}`, locale);
}

export function copyOf(matches: Matches): PublicCopy {
  return publicCatalogue[rootDataOf(matches).locale];
}

/** The public layout's route id (its file, as React Router names it): its loader reads the settings. */
export const PUBLIC_LAYOUT_ID = 'routes/public/layout';

/** What the public layout's loader answers. */
export interface PublicLayoutData {
  site: PublicSite;
  /** The privacy notice's current version, which the public forms send (docs/decisions/0045). */
  privacyVersion?: number;
}

/** The neutral settings, for a page rendered without the public layout's data. */
const neutralSite = (locale: Locale) => publicSiteOf(NEUTRAL_SITE_SETTINGS, locale);

/** The site's settings in the page's language, as the public layout's loader read them. */
export function useSite(): PublicSite {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  const { locale } = useRootData();
  return data?.site ?? neutralSite(locale);
}

/** The privacy notice's current version as the public layout's loader read it; none when it could not. */
export function usePrivacyVersion(): number | undefined {
  return (useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined)?.privacyVersion;
}

/** The site's settings as seen from a route's `meta` function. */
export function siteOf(matches: Matches): PublicSite {
  const data = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.data as PublicLayoutData | undefined;
  return data?.site ?? neutralSite(rootDataOf(matches).locale);
}

/** An address as a link from another site needs it: a path on this site gets the public address. */
export const absoluteUrl = (url: string, publicUrl: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', 'en-US': 'en_US' };

/**
 * Title (the page's, then the brand), description, canonical address, Open Graph and Twitter card
 * tags, all in the page's language, for a route's `meta` export. The shared image is the page's own
 * when it has one, else the site's share image (which falls back to the logo, then a built-in one).
 */
export function pageMeta(
  matches: Matches,
  location: { pathname: string; search: string },
  page: { title: string; description: string; type?: 'website' | 'article'; keepQuery?: string[]; image?: string | null; imageAlt?: string },
): MetaDescriptor[] {
  const { locale, pathLocale, publicUrl } = rootDataOf(matches);
  const site = siteOf(matches);
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of page.keepQuery ?? []) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  // Each address is its own canonical, a seed path's too: the seed path is the `x-default` of the
  // page's alternates, and search engines ignore an alternate that is not canonical (docs/decisions/0053).
  const seedPath = `${withoutLocale(location.pathname)}${query ? `?${query}` : ''}`;
  const canonical = `${publicUrl}${pathInLocale(seedPath, pathLocale)}`;
  const alternates: MetaDescriptor[] = [
    ...LOCALES.map((each) => ({ tagName: 'link' as const, rel: 'alternate', hrefLang: each, href: `${publicUrl}${pathInLocale(seedPath, each)}` })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${publicUrl}${pathInLocale(seedPath, null)}` },
  ];
  const title = `${page.title} - ${site.brandName}`;
  const description = page.description || site.description;
  const image = absoluteUrl(page.image || site.shareImage, publicUrl);
  const imageAlt = page.image ? page.imageAlt || page.title : site.shareImageAlt;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...alternates,
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.brandName },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** The server-side context of a loader: the in-process API and the site's configuration. */
export function serverContext(context: unknown): AppLoadContext {
  return context as AppLoadContext;
}
