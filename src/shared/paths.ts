/**
 * Every address of the web app, named once: the route config, the menus, the links, the sitemap and
 * robots.txt all read them from here. They are the original product's, kept exactly (`/AboutsUs`
 * included) because visitors and search engines already know them. Record ids travel as query
 * parameters (`/News/detail?id=42`).
 *
 * Every public page also has an address per language, its seed path under the language's prefix
 * (`/en/News/detail?id=42`, `/zh/Home`): see "A URL per language" below and docs/decisions/0053.
 */
import { chooseServerLocale } from './locale.js';
import type { Locale } from './locale.js';

export const PUBLIC_PATHS = {
  home: '/Home',
  about: '/AboutsUs',
  services: '/Services',
  strength: '/Strength',
  contact: '/ContactUs',
  joinUs: '/Joinus',
  applyNow: '/ApplyNow',
  privacy: '/privacy',
  news: '/News',
  jobs: '/Jobs',
  jobDetail: '/Jobs/detail',
  jobsProcess: '/Jobs/process',
  jobsApplyNow: '/Jobs/ApplyNow',
} as const;

export const AUTH_PATHS = {
  login: '/login',
  logout: '/logout',
  /** Asks for a password-reset link by e-mail. */
  forgotPassword: '/forgot-password',
  /** Where the link leads: `/reset-password?token=…`. */
  resetPassword: '/reset-password',
} as const;

export const ADMIN_PATHS = {
  news: '/NewsManagement',
  newsList: '/NewsManagement/list-news',
  newsEdit: '/NewsManagement/modify-news',
  newsView: '/NewsManagement/view-news',
  newsCategories: '/NewsManagement/category-news',
  jobs: '/JobManagement',
  jobEdit: '/JobManagement/Add',
  jobCategories: '/JobCategoryManagement',
  /** Where jobs are (docs/decisions/0058). */
  offices: '/OfficeManagement',
  applications: '/ApplyInfoManagement',
  applicationDetails: '/ApplyInfoManagement/ContactDetails',
  /** The e-mails an applicant may be sent on a status move (docs/decisions/0056). */
  candidateEmails: '/ApplyInfoManagement/emails',
  contact: '/ContactInfoManagement',
  joinUs: '/JoinusManagement',
  users: '/UserManagement',
  usersList: '/UserManagement/list',
  /** Roles built of modules with read or write (docs/decisions/0059). */
  roles: '/UserManagement/roles',
  site: '/SiteManagement',
  siteSettings: '/SiteManagement/settings',
  sitePages: '/SiteManagement/pages',
  sitePageEdit: '/SiteManagement/pages/edit',
  sitePagePreview: '/SiteManagement/pages/preview',
  media: '/SiteManagement/media',
  auditLog: '/AuditLog',
  /** New items at a glance, for staff of applications, contact or join-us (docs/decisions/0051). */
  overview: '/Overview',
  privacy: '/PrivacyManagement',
  /** Data subject requests: one person's records found, exported, erased (docs/decisions/0044). */
  dataRequests: '/PrivacyManagement/data-requests',
  /** Retention periods and what the next daily run removes (docs/decisions/0045). */
  retention: '/PrivacyManagement/retention',
  /** The privacy notice's versions, read by site and privacy staff (docs/decisions/0048). */
  privacyNotice: '/PrivacyManagement/privacy-notice',
  /** Every member of staff's own account: password, sessions (docs/decisions/0038). */
  account: '/Account',
} as const;

/** Where each back-office area begins: every staff screen's address starts with one of these. */
export const ADMIN_ROOTS = [
  ADMIN_PATHS.news,
  ADMIN_PATHS.jobs,
  ADMIN_PATHS.jobCategories,
  ADMIN_PATHS.offices,
  ADMIN_PATHS.applications,
  ADMIN_PATHS.contact,
  ADMIN_PATHS.joinUs,
  ADMIN_PATHS.users,
  ADMIN_PATHS.site,
  ADMIN_PATHS.auditLog,
  ADMIN_PATHS.privacy,
  ADMIN_PATHS.overview,
  ADMIN_PATHS.account,
] as const;

const withId = (path: string, id: number) => `${path}?id=${id}`;

/** A news item's page: each of the three article layouts has an address of its own. */
export const newsTemplatePath = (template: string) => `${PUBLIC_PATHS.news}/${template}`;
export const newsDetailPath = (template: string, id: number) => withId(newsTemplatePath(template), id);
export const newsCategoryPath = (categoryId: number) => `${PUBLIC_PATHS.news}?category=${categoryId}`;
export const jobDetailPath = (id: number) => withId(PUBLIC_PATHS.jobDetail, id);
export const applyNowPath = (jobId: number) => `${PUBLIC_PATHS.applyNow}?jobId=${jobId}`;

/** The sign-in page, sending the user back to `redirect` afterwards. */
/** Why the back-office sent someone to sign in, for the sign-in page to say so. */
export const SIGN_IN_REASONS = ['session-ended', 'permission-changed'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

export const loginPath = (redirect: string, reason?: SignInReason) =>
  `${AUTH_PATHS.login}?redirect=${encodeURIComponent(redirect)}${reason ? `&reason=${reason}` : ''}`;

/** The news editor: a new item without an id. */
export const newsEditPath = (id?: number) => (id === undefined ? ADMIN_PATHS.newsEdit : withId(ADMIN_PATHS.newsEdit, id));
export const newsViewPath = (id: number) => withId(ADMIN_PATHS.newsView, id);
/** The job editor: a new job without an id. */
export const jobEditPath = (id?: number) => (id === undefined ? ADMIN_PATHS.jobEdit : withId(ADMIN_PATHS.jobEdit, id));
export const applicationDetailsPath = (id: number) => withId(ADMIN_PATHS.applicationDetails, id);

// A URL per language (docs/decisions/0053-a-url-per-language.md).

/**
 * The prefix of each language's explicit addresses. An explicit address shows its language whatever
 * the visitor's cookie or browser say; the seed's own paths, without a prefix, keep negotiating and
 * are the `x-default`.
 */
export const LOCALE_PREFIXES: Record<Locale, string> = { 'zh-CN': '/zh', 'en-US': '/en' };

/** The news feed of each language: the seed's `/rss.xml` is the Chinese one. */
export const FEED_PATHS: Record<Locale, string> = { 'zh-CN': '/rss.xml', 'en-US': '/en/rss.xml' };

/** The seed's public pages whose address is a route of their own: each has an explicit copy per language. */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  ...Object.values(PUBLIC_PATHS),
  newsTemplatePath('detail'),
  newsTemplatePath('details-two'),
  newsTemplatePath('details-three'),
];
/** Each public page's path by its lower case: the router matches any case, links use the named one. */
const publicPageSpelling = new Map(PUBLIC_PAGE_PATHS.map((path) => [path.toLowerCase(), path]));

/** The language an address names by its prefix (`/en/…` is en-US), or null for the seed's paths. Any case, as the router matches. */
export function localeOfPath(pathname: string): Locale | null {
  const lower = pathname.toLowerCase();
  for (const [locale, prefix] of Object.entries(LOCALE_PREFIXES) as [Locale, string][]) {
    if (lower === prefix || lower.startsWith(`${prefix}/`)) return locale;
  }
  return null;
}

/** An address without its language prefix: the seed's path of the same page (`/en/News?page=2` is `/News?page=2`). */
export function withoutLocale(path: string): string {
  const locale = localeOfPath(path.split(/[?#]/)[0]);
  if (!locale) return path;
  const rest = path.slice(LOCALE_PREFIXES[locale].length);
  return rest === '' || rest[0] === '?' || rest[0] === '#' ? `${PUBLIC_PATHS.home}${rest}` : rest;
}

/** Whether a seed path (no prefix, no query) is a public page, which has an address in each language. */
export function isPublicPagePath(pathname: string): boolean {
  return publicPageSpelling.has(pathname.toLowerCase());
}

/**
 * The address of a page in a language: the seed path of a public page under the language's prefix,
 * or the seed path itself for `null` (the negotiated `x-default`), spelled as named here whatever
 * case it came in. Any other address (the API, a file, the back-office, another site) is answered
 * unchanged: it has no language of its own.
 */
export function pathInLocale(path: string, locale: Locale | null): string {
  if (!path.startsWith('/')) return path;
  const seed = withoutLocale(path);
  const [pathname] = seed.split(/[?#]/, 1);
  const spelled = publicPageSpelling.get(pathname.toLowerCase());
  if (!spelled) return path;
  return `${locale ? LOCALE_PREFIXES[locale] : ''}${spelled}${seed.slice(pathname.length)}`;
}

/**
 * The language a page is rendered in: the one its address names, else the seed's negotiation (the
 * stored choice's cookie, then Accept-Language, then zh-CN). The server's page cache, the root and
 * public loaders and the form posts all decide by this one rule.
 */
export function pageLocaleOf(pathname: string, cookieHeader: string | null, acceptLanguage: string | null): Locale {
  return localeOfPath(pathname) ?? chooseServerLocale(cookieHeader, acceptLanguage);
}
