/**
 * Every address of the web app, named once: the route config, the menus, the links, the sitemap and
 * robots.txt all read them from here. They are the original product's, kept exactly (`/AboutsUs`
 * included) because visitors and search engines already know them. Record ids travel as query
 * parameters (`/News/detail?id=42`).
 */

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
  applications: '/ApplyInfoManagement',
  applicationDetails: '/ApplyInfoManagement/ContactDetails',
  /** The e-mails an applicant may be sent on a status move (docs/decisions/0056). */
  candidateEmails: '/ApplyInfoManagement/emails',
  contact: '/ContactInfoManagement',
  joinUs: '/JoinusManagement',
  users: '/UserManagement',
  usersList: '/UserManagement/list',
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
