import { index, layout, prefix, route } from '@react-router/dev/routes';
import type { RouteConfig, RouteConfigEntry } from '@react-router/dev/routes';
import { LOCALES } from '../shared/locale.js';
import type { Locale } from '../shared/locale.js';
import { ADMIN_PATHS, AUTH_PATHS, LOCALE_PREFIXES, PUBLIC_PATHS, newsTemplatePath } from '../shared/paths.js';

/** React Router writes a route's path without the leading slash. */
const at = (path: string) => path.slice(1);

/** A path relative to the `prefix` it sits under; a path outside it is a mistake in this file. */
function below(parent: string, path: string) {
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length + 1);
}

/**
 * The public pages below the public layout. They are routed three times: at the seed's paths, which
 * negotiate the language, and under each language's prefix (`/en/Jobs/detail`), which names it
 * (docs/decisions/0053). The copies share the modules; their ids carry the prefix, since React
 * Router needs one id per route.
 */
function publicPages(locale: Locale | null): RouteConfigEntry[] {
  const id = (name: string) => (locale ? `${at(LOCALE_PREFIXES[locale])}:${name}` : name);
  const page = (path: string, file: string, name = file.replace(/\.tsx$/, '')) => route(at(path), file, { id: id(name) });
  const pages = [
    page(PUBLIC_PATHS.home, 'routes/public/home.tsx'),
    page(PUBLIC_PATHS.about, 'routes/public/about.tsx'),
    page(PUBLIC_PATHS.services, 'routes/public/services.tsx'),
    page(PUBLIC_PATHS.strength, 'routes/public/strength.tsx'),
    page(PUBLIC_PATHS.contact, 'routes/public/contact.tsx'),
    page(PUBLIC_PATHS.joinUs, 'routes/public/join-us.tsx'),
    page(PUBLIC_PATHS.applyNow, 'routes/public/apply-now.tsx', 'apply-now'),
    page(PUBLIC_PATHS.privacy, 'routes/public/privacy.tsx'),
    ...prefix(at(PUBLIC_PATHS.news), [
      layout('routes/public/news/layout.tsx', { id: id('routes/public/news/layout') }, [
        index('routes/public/news/list.tsx', { id: id('routes/public/news/list') }),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('detail')), 'routes/public/news/detail.tsx', { id: id('news-detail') }),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('details-two')), 'routes/public/news/detail.tsx', { id: id('news-details-two') }),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('details-three')), 'routes/public/news/detail.tsx', { id: id('news-details-three') }),
      ]),
    ]),
    ...prefix(at(PUBLIC_PATHS.jobs), [
      layout('routes/public/jobs/layout.tsx', { id: id('routes/public/jobs/layout') }, [
        index('routes/public/jobs/list.tsx', { id: id('routes/public/jobs/list') }),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobDetail), 'routes/public/jobs/detail.tsx', { id: id('routes/public/jobs/detail') }),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobsProcess), 'routes/public/jobs/process.tsx', { id: id('routes/public/jobs/process') }),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobsApplyNow), 'routes/public/apply-now.tsx', { id: id('jobs-apply-now') }),
      ]),
    ]),
  ];
  return locale ? prefix(at(LOCALE_PREFIXES[locale]), pages) : pages;
}

/** Every route of Portico, in one place; the paths themselves are named in `shared/paths.ts`. */
export default [
  index('routes/public/home-redirect.tsx'),
  // `/zh` and `/en` lead to their language's home page, as `/` leads to the seed's.
  ...LOCALES.map((locale) => route(at(LOCALE_PREFIXES[locale]), 'routes/public/home-redirect.tsx', { id: `${at(LOCALE_PREFIXES[locale])}:routes/public/home-redirect` })),
  // One public layout for all three, so its loader's data has one route id (`public/copy.ts`).
  layout('routes/public/layout.tsx', [...publicPages(null), ...LOCALES.flatMap((locale) => publicPages(locale))]),

  route(at(AUTH_PATHS.login), 'routes/auth/login.tsx'),
  route(at(AUTH_PATHS.logout), 'routes/auth/logout.tsx'),
  route(at(AUTH_PATHS.forgotPassword), 'routes/auth/forgot-password.tsx'),
  route(at(AUTH_PATHS.resetPassword), 'routes/auth/reset-password.tsx'),

  layout('routes/admin/security-layout.tsx', [
    // A page's draft as the public site would show it, without the back-office around it (issue 16).
    route(at(ADMIN_PATHS.sitePagePreview), 'routes/admin/site/pages-preview.tsx'),
    layout('routes/admin/management-layout.tsx', [
      route(at(ADMIN_PATHS.news), 'routes/admin/news/redirect.tsx'),
      route(at(ADMIN_PATHS.newsList), 'routes/admin/news/list.tsx'),
      route(at(ADMIN_PATHS.newsEdit), 'routes/admin/news/modify.tsx'),
      route(at(ADMIN_PATHS.newsView), 'routes/admin/news/view.tsx'),
      route(at(ADMIN_PATHS.newsCategories), 'routes/admin/news/categories.tsx'),
      route(at(ADMIN_PATHS.jobCategories), 'routes/admin/jobs/categories.tsx'),
      route(at(ADMIN_PATHS.offices), 'routes/admin/jobs/offices.tsx'),
      route(at(ADMIN_PATHS.jobs), 'routes/admin/jobs/list.tsx'),
      route(at(ADMIN_PATHS.jobEdit), 'routes/admin/jobs/edit.tsx'),
      route(at(ADMIN_PATHS.applications), 'routes/admin/applications/list.tsx'),
      route(at(ADMIN_PATHS.applicationDetails), 'routes/admin/applications/details.tsx'),
      route(at(ADMIN_PATHS.candidateEmails), 'routes/admin/applications/emails.tsx'),
      route(at(ADMIN_PATHS.contact), 'routes/admin/contact/list.tsx'),
      route(at(ADMIN_PATHS.joinUs), 'routes/admin/join-us/list.tsx'),
      route(at(ADMIN_PATHS.users), 'routes/admin/users/redirect.tsx'),
      route(at(ADMIN_PATHS.usersList), 'routes/admin/users/list.tsx'),
      route(at(ADMIN_PATHS.roles), 'routes/admin/users/roles.tsx'),
      route(at(ADMIN_PATHS.siteSettings), 'routes/admin/site/settings.tsx'),
      route(at(ADMIN_PATHS.media), 'routes/admin/site/media.tsx'),
      route(at(ADMIN_PATHS.sitePages), 'routes/admin/site/pages.tsx'),
      route(at(ADMIN_PATHS.sitePageEdit), 'routes/admin/site/pages-edit.tsx'),
      route(at(ADMIN_PATHS.auditLog), 'routes/admin/audit/log.tsx'),
      route(at(ADMIN_PATHS.dataRequests), 'routes/admin/privacy/data-requests.tsx'),
      route(at(ADMIN_PATHS.retention), 'routes/admin/privacy/retention.tsx'),
      route(at(ADMIN_PATHS.privacyNotice), 'routes/admin/privacy/privacy-notice.tsx'),
      route(at(ADMIN_PATHS.account), 'routes/admin/account/index.tsx'),
      route(at(ADMIN_PATHS.overview), 'routes/admin/overview.tsx'),
    ]),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
