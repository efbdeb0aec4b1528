import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useNavigation,
  useMatches,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { describeChunkFailure } from './components/chunk-error.js';
import { NotFound } from './components/not-found.js';
import { createI18n } from './i18n/i18n.js';
import { EARLY_CALLS_ID, EARLY_CALLS_SCRIPT, earlyCallsJson } from './api/early-calls.js';
import type { EarlyCallsOf } from './api/early-calls.js';
import { DEFAULT_LOCALE, LOCALE_PREFERENCE_SCRIPT, LOCALE_STORAGE_KEY, isLocale, localeCookie } from '../shared/locale.js';
import type { Locale } from '../shared/locale.js';
import { FEED_PATHS, localeOfPath, pageLocaleOf } from '../shared/paths.js';
import type { PublicSite } from '../shared/schemas/site.js';
import './root.css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  return {
    // A page at a language's own address (`/en/…`) is in that language; a seed path negotiates it.
    locale: pageLocaleOf(pathname, request.headers.get('cookie'), request.headers.get('accept-language')),
    pathLocale: localeOfPath(pathname),
    // Canonical and Open Graph addresses are absolute: the site's configured public address.
    publicUrl: context.config?.publicUrl ?? new URL(request.url).origin,
    islandsScripts: (context.config?.islandsScripts ?? []) as string[],
  };
}

/**
 * What the root loads (the language, the public address, the islands' scripts) does not depend on the
 * query string, so a change of it alone on the same page does not ask the server again. A back-office
 * list keeps its filters there (docs/decisions/0049): each change waited for that round trip under the
 * progress bar, and a second change made meanwhile started from the address before the first.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** What a route module's `handle` may say about how its page reaches the browser. */
export interface PageHandle {
  /** Sent as server-rendered HTML with the islands script instead of React Router's runtime. */
  islands?: boolean;
  /** The calls a back-office screen makes first, sent while its page loads (api/early-calls.ts). */
  earlyCalls?: EarlyCallsOf;
}

/**
 * Public pages are server-rendered and hydrated as islands (docs/decisions/0010-public-islands.md):
 * when the server renders one, it sends the islands script instead of the router's. In the browser
 * the app only ever renders inside the back-office's hydrated router, so it keeps the router's.
 */
function useIslandsPage(): boolean {
  const matches = useMatches();
  return typeof document === 'undefined' && matches.some((match) => (match.handle as PageHandle | undefined)?.islands);
}

/**
 * The calls the matched screens make first at the address the page was loaded at, as the page carries
 * them; null when they make none. Read once: the page's head keeps what it was loaded with.
 */
function useEarlyCalls(islands: boolean): string | null {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const [json] = useState(() => {
    if (islands) return null;
    const url = new URL(`${pathname}${search}`, 'http://portico.invalid');
    const calls = matches.flatMap((match) => (match.handle as PageHandle | undefined)?.earlyCalls?.(url) ?? []);
    return calls.length ? earlyCallsJson(calls) : null;
  });
  return json;
}

/**
 * Zod compiles a faster object parser with `new Function`, after probing whether the page allows
 * eval. Portico's pages do not (docs/decisions/0027-security-headers.md), and the browser reports
 * even a refused probe as a policy violation, on the first form any page checks. Zod reads its
 * settings from this global as it loads, in the back-office's bundle and the islands' alike, so one
 * line that runs before any module turns the compiler off in the browser, and there only: the
 * server, which shares the schemas, keeps it.
 */
const ZOD_WITHOUT_EVAL_SCRIPT = '(globalThis.__zod_globalConfig=globalThis.__zod_globalConfig||{}).jitless=true';

/**
 * The public layout's settings (its loader's `site`), read here by the layout route's id rather than
 * through `public/copy.ts`, which would bring the public texts into the back-office's bundle.
 */
function usePublicSite(): PublicSite | undefined {
  return (useRouteLoaderData('routes/public/layout') as { site?: PublicSite } | undefined)?.site;
}

/** The public pages' footer: a page is first drawn once it has been read up to here (see `Layout`). */
export const SITE_FOOTER_ID = 'site-footer';

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const islands = useIslandsPage();
  const site = usePublicSite();
  const earlyCalls = useEarlyCalls(islands);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          A public page is first drawn once its content has been read, up to the footer: drawn halfway
          through (a slow phone's parser pauses), the header's menu grew leftward as its links came, a
          layout shift (docs/decisions/0067). A browser without `rel=expect` ignores it.
        */}
        {islands && <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />}
        {/* Only where the language is negotiated: a language's own address keeps its language. */}
        {islands && !data?.pathLocale && <script dangerouslySetInnerHTML={{ __html: LOCALE_PREFERENCE_SCRIPT }} />}
        <script dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL_SCRIPT }} />
        {earlyCalls && (
          <>
            <script type="application/json" id={EARLY_CALLS_ID} dangerouslySetInnerHTML={{ __html: earlyCalls }} />
            <script dangerouslySetInnerHTML={{ __html: EARLY_CALLS_SCRIPT }} />
          </>
        )}
        {site?.favicon ? <link rel="icon" href={site.favicon} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        {site?.primaryColor && <meta name="theme-color" content={site.primaryColor} />}
        {site && <link rel="alternate" type="application/rss+xml" title={`${site.brandName} RSS`} href={FEED_PATHS[locale]} />}
        {/* The page's policy allows this script's origin, and no other (server/http/security-headers.ts). */}
        {site?.analyticsScriptUrl && <script async src={site.analyticsScriptUrl} />}
        <Meta />
        <Links />
      </head>
      <body>
        <I18nRoot locale={locale}>{children}</I18nRoot>
        {islands ? (
          data?.islandsScripts.map((src: string) => <script key={src} type="module" src={src} />)
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** One i18next instance per render tree; the visitor's stored choice wins once in the browser. */
function I18nRoot({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const i18n = useMemo(() => createI18n(locale), [locale]);
  useEffect(() => {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored) && stored !== i18n.language) {
      document.cookie = localeCookie(stored);
      document.documentElement.lang = stored;
      void i18n.changeLanguage(stored);
    }
  }, [i18n]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** A thin bar while the next route's code and data load. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return <div className="route-progress" role="progressbar" aria-label={t('loading')} />;
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function HydrateFallback() {
  return <div className="route-loading" aria-busy="true" />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const chunk = describeChunkFailure(error);
  return (
    <main className="error-page" role="alert">
      <h1>{t('error.title')}</h1>
      <p>{chunk ? t('error.chunk', { type: chunk.type, url: chunk.url || '?' }) : t('error.description')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('retry')}
      </button>
    </main>
  );
}
