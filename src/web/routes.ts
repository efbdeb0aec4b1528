import { index, layout, prefix, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';
import { ADMIN_PATHS, AUTH_PATHS, PUBLIC_PATHS, newsTemplatePath } from '../shared/paths.js';

/** React Router writes a route's path without the leading slash. */
const at = (path: string) => path.slice(1);

/** A path relative to the `prefix` it sits under; a path outside it is a mistake in this file. */
function below(parent: string, path: string) {
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length + 1);
}

/** Every route of Portico, in one place; the paths themselves are named in `shared/paths.ts`. */
export default [
  index('routes/public/home-redirect.tsx'),
  layout('routes/public/layout.tsx', [
    route(at(PUBLIC_PATHS.home), 'routes/public/home.tsx'),
    route(at(PUBLIC_PATHS.about), 'routes/public/about.tsx'),
    route(at(PUBLIC_PATHS.services), 'routes/public/services.tsx'),
    route(at(PUBLIC_PATHS.strength), 'routes/public/strength.tsx'),
    route(at(PUBLIC_PATHS.contact), 'routes/public/contact.tsx'),
    route(at(PUBLIC_PATHS.joinUs), 'routes/public/join-us.tsx'),
    route(at(PUBLIC_PATHS.applyNow), 'routes/public/apply-now.tsx', { id: 'apply-now' }),
    route(at(PUBLIC_PATHS.privacy), 'routes/public/privacy.tsx'),
    ...prefix(at(PUBLIC_PATHS.news), [
      layout('routes/public/news/layout.tsx', [
        index('routes/public/news/list.tsx'),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('detail')), 'routes/public/news/detail.tsx', { id: 'news-detail' }),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('details-two')), 'routes/public/news/detail.tsx', { id: 'news-details-two' }),
        route(below(PUBLIC_PATHS.news, newsTemplatePath('details-three')), 'routes/public/news/detail.tsx', { id: 'news-details-three' }),
      ]),
    ]),
    ...prefix(at(PUBLIC_PATHS.jobs), [
      layout('routes/public/jobs/layout.tsx', [
        index('routes/public/jobs/list.tsx'),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobDetail), 'routes/public/jobs/detail.tsx'),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobsProcess), 'routes/public/jobs/process.tsx'),
        route(below(PUBLIC_PATHS.jobs, PUBLIC_PATHS.jobsApplyNow), 'routes/public/apply-now.tsx', { id: 'jobs-apply-now' }),
      ]),
    ]),
  ]),

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
      route(at(ADMIN_PATHS.jobs), 'routes/admin/jobs/list.tsx'),
      route(at(ADMIN_PATHS.jobEdit), 'routes/admin/jobs/edit.tsx'),
      route(at(ADMIN_PATHS.applications), 'routes/admin/applications/list.tsx'),
      route(at(ADMIN_PATHS.applicationDetails), 'routes/admin/applications/details.tsx'),
      route(at(ADMIN_PATHS.candidateEmails), 'routes/admin/applications/emails.tsx'),
      route(at(ADMIN_PATHS.contact), 'routes/admin/contact/list.tsx'),
      route(at(ADMIN_PATHS.joinUs), 'routes/admin/join-us/list.tsx'),
      route(at(ADMIN_PATHS.users), 'routes/admin/users/redirect.tsx'),
      route(at(ADMIN_PATHS.usersList), 'routes/admin/users/list.tsx'),
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
