import { index, layout, prefix, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

/**
 * Every route of Portico, in one place. Paths are the original product's, kept exactly (including
 * `/AboutsUs`); record ids travel as query parameters (`/News/detail?id=42`).
 */
export default [
  index('routes/public/home-redirect.tsx'),
  layout('routes/public/layout.tsx', [
    route('Home', 'routes/public/home.tsx'),
    route('AboutsUs', 'routes/public/about.tsx'),
    route('Services', 'routes/public/services.tsx'),
    route('Strength', 'routes/public/strength.tsx'),
    route('ContactUs', 'routes/public/contact.tsx'),
    route('Joinus', 'routes/public/join-us.tsx'),
    route('ApplyNow', 'routes/public/apply-now.tsx', { id: 'apply-now' }),
    route('privacy', 'routes/public/privacy.tsx'),
    ...prefix('News', [
      layout('routes/public/news/layout.tsx', [
        index('routes/public/news/list.tsx'),
        route('detail', 'routes/public/news/detail.tsx', { id: 'news-detail' }),
        route('details-two', 'routes/public/news/detail.tsx', { id: 'news-details-two' }),
        route('details-three', 'routes/public/news/detail.tsx', { id: 'news-details-three' }),
      ]),
    ]),
    ...prefix('Jobs', [
      layout('routes/public/jobs/layout.tsx', [
        index('routes/public/jobs/list.tsx'),
        route('detail', 'routes/public/jobs/detail.tsx'),
        route('process', 'routes/public/jobs/process.tsx'),
        route('ApplyNow', 'routes/public/apply-now.tsx', { id: 'jobs-apply-now' }),
      ]),
    ]),
  ]),

  route('login', 'routes/auth/login.tsx'),
  route('logout', 'routes/auth/logout.tsx'),

  layout('routes/admin/security-layout.tsx', [
    layout('routes/admin/management-layout.tsx', [
      route('NewsManagement', 'routes/admin/news/redirect.tsx'),
      route('NewsManagement/list-news', 'routes/admin/news/list.tsx'),
      route('NewsManagement/modify-news', 'routes/admin/news/modify.tsx'),
      route('NewsManagement/view-news', 'routes/admin/news/view.tsx'),
      route('NewsManagement/category-news', 'routes/admin/news/categories.tsx'),
      route('JobCategoryManagement', 'routes/admin/jobs/categories.tsx'),
      route('JobManagement', 'routes/admin/jobs/list.tsx'),
      route('JobManagement/Add', 'routes/admin/jobs/edit.tsx'),
      route('ApplyInfoManagement', 'routes/admin/applications/list.tsx'),
      route('ApplyInfoManagement/ContactDetails', 'routes/admin/applications/details.tsx'),
      route('ContactInfoManagement', 'routes/admin/contact/list.tsx'),
      route('JoinusManagement', 'routes/admin/join-us/list.tsx'),
      route('UserManagement', 'routes/admin/users/redirect.tsx'),
      route('UserManagement/list', 'routes/admin/users/list.tsx'),
    ]),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
