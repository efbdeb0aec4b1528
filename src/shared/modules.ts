import { ADMIN_PATHS } from './paths.js';

/**
 * Roles, modules and menus. The server computes a user's modules from these; the back-office menu
 * only mirrors them. Module and menu names are keys for the i18n catalogues, with zh-CN defaults.
 */
export const ROLES = ['admin', 'editor', 'hr', 'service', 'marketing'] as const;
export type Role = (typeof ROLES)[number];

export const MODULE_KEYS = ['news', 'jobs', 'applications', 'contact', 'joinus', 'users', 'site', 'audit', 'privacy'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export interface Menu {
  key: string;
  name: string;
  path: string;
  menus?: Menu[];
  /**
   * A screen two modules read is listed under each, and left out here for users who also have this
   * module, whose menu lists it there already: each user finds it once.
   */
  notWith?: ModuleKey;
}

export interface UserModule {
  key: ModuleKey;
  name: string;
  menus: Menu[];
}

export const MODULES: readonly UserModule[] = [
  {
    key: 'news',
    name: '新闻管理',
    menus: [
      { key: 'news.list', name: '新闻列表', path: ADMIN_PATHS.newsList },
      { key: 'news.categories', name: '新闻分类', path: ADMIN_PATHS.newsCategories },
    ],
  },
  {
    key: 'jobs',
    name: '职位管理',
    menus: [
      { key: 'jobs.list', name: '职位列表', path: ADMIN_PATHS.jobs },
      { key: 'jobs.categories', name: '职位分类', path: ADMIN_PATHS.jobCategories },
      { key: 'jobs.offices', name: '办公地点', path: ADMIN_PATHS.offices },
    ],
  },
  {
    key: 'applications',
    name: '求职申请',
    menus: [
      { key: 'applications.list', name: '申请列表', path: ADMIN_PATHS.applications },
      { key: 'applications.emails', name: '候选人邮件', path: ADMIN_PATHS.candidateEmails },
    ],
  },
  {
    key: 'contact',
    name: '联系留言',
    menus: [{ key: 'contact.list', name: '留言列表', path: ADMIN_PATHS.contact }],
  },
  {
    key: 'joinus',
    name: '合作加盟',
    menus: [{ key: 'joinus.list', name: '加盟申请', path: ADMIN_PATHS.joinUs }],
  },
  {
    key: 'users',
    name: '用户管理',
    menus: [{ key: 'users.list', name: '用户列表', path: ADMIN_PATHS.usersList }],
  },
  {
    // Last, so that the seed's landing rule (the first menu of the first module) is unchanged.
    key: 'site',
    name: '网站管理',
    menus: [
      { key: 'site.settings', name: '网站设置', path: ADMIN_PATHS.siteSettings },
      { key: 'site.pages', name: '页面', path: ADMIN_PATHS.sitePages },
      { key: 'site.media', name: '媒体库', path: ADMIN_PATHS.media },
      { key: 'site.privacyNotice', name: '隐私声明版本', path: ADMIN_PATHS.privacyNotice, notWith: 'privacy' },
    ],
  },
  {
    // Administrators only (every module is theirs): who did what, when and from where.
    key: 'audit',
    name: '审计日志',
    menus: [{ key: 'audit.log', name: '操作记录', path: ADMIN_PATHS.auditLog }],
  },
  {
    // Administrators only (docs/decisions/0044): one person's records of every kind, across the
    // applications, contact and join-us modules, to find, export and erase on their request.
    key: 'privacy',
    name: '个人信息保护',
    menus: [
      { key: 'privacy.requests', name: '个人信息请求', path: ADMIN_PATHS.dataRequests },
      { key: 'privacy.retention', name: '保留期限', path: ADMIN_PATHS.retention },
      { key: 'privacy.notice', name: '隐私声明版本', path: ADMIN_PATHS.privacyNotice },
    ],
  },
];

/**
 * Who reads the privacy notice's versions (docs/decisions/0048): staff of the site, who write the
 * notice, and of privacy, who answer for what people agreed to. The server's calls and the screen's
 * menu entries and address all follow this list.
 */
export const PRIVACY_NOTICE_READERS = ['site', 'privacy'] as const satisfies readonly ModuleKey[];

/** One version is also read by whoever reads a record that names it (an application, a message, an entry). */
export const PRIVACY_NOTICE_VERSION_READERS = [...PRIVACY_NOTICE_READERS, 'applications', 'contact', 'joinus'] as const satisfies readonly ModuleKey[];

export const ROLE_MODULES: Record<Role, readonly ModuleKey[]> = {
  admin: MODULE_KEYS,
  editor: ['news'],
  hr: ['jobs', 'applications'],
  service: ['contact', 'joinus'],
  marketing: ['news', 'site'],
};

export function moduleKeysOf(roles: readonly string[]): Set<ModuleKey> {
  const keys = new Set<ModuleKey>();
  for (const role of roles) {
    for (const key of ROLE_MODULES[role as Role] ?? []) keys.add(key);
  }
  return keys;
}

/** The user's modules in menu order, each a fresh copy, each screen listed once. */
export function modulesOf(roles: readonly string[]): UserModule[] {
  const keys = moduleKeysOf(roles);
  const listed = (menus: readonly Menu[]): Menu[] =>
    menus
      .filter((menu) => !menu.notWith || !keys.has(menu.notWith))
      .map(({ notWith: _listedElsewhere, menus: below, ...menu }) => ({ ...menu, ...(below ? { menus: listed(below) } : {}) }));
  return MODULES.filter((m) => keys.has(m.key)).map((m) => ({ ...m, menus: listed(m.menus) }));
}

export const DEFAULT_LANDING_PATH = ADMIN_PATHS.newsList;

/** After sign-in: the first menu of the first module, else the default landing page. */
export function landingPathOf(modules: readonly { menus: readonly Menu[] }[]): string {
  return modules[0]?.menus[0]?.path ?? DEFAULT_LANDING_PATH;
}
