import { ADMIN_PATHS } from './paths.js';

/**
 * Roles, modules and menus. The server computes a user's modules from these; the back-office menu
 * only mirrors them. Module and menu names are keys for the i18n catalogues, with zh-CN defaults.
 */
export const ROLES = ['admin', 'editor', 'hr', 'service', 'marketing'] as const;
export type Role = (typeof ROLES)[number];

export const isBuiltInRole = (key: unknown): key is Role => typeof key === 'string' && (ROLES as readonly string[]).includes(key);

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

/**
 * What a role grants on one module (docs/decisions/0059): `read` sees its lists and records, `write`
 * also changes them. A module a role does not name is closed to it.
 */
export const MODULE_ACCESS = ['read', 'write'] as const;
export type ModuleAccess = (typeof MODULE_ACCESS)[number];
/** A role's grants, module by module; a user's access is the highest grant over their roles. */
export type Grants = Partial<Record<ModuleKey, ModuleAccess>>;

export interface UserModule {
  key: ModuleKey;
  name: string;
  menus: Menu[];
  /** What the user may do in the module: `read` hides every change (docs/decisions/0059). */
  access: ModuleAccess;
}

export const MODULES: readonly Omit<UserModule, 'access'>[] = [
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
    // The roles after the list: the landing rule (first menu of the first module) is unchanged.
    menus: [
      { key: 'users.list', name: '用户列表', path: ADMIN_PATHS.usersList },
      { key: 'users.roles', name: '角色', path: ADMIN_PATHS.roles },
    ],
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

/** A built-in role's grants: write on each of its modules. */
export const builtInGrantsOf = (role: Role): Grants => Object.fromEntries(ROLE_MODULES[role].map((key) => [key, 'write'])) as Grants;

/** The custom roles' grants by role key, as the server keeps them (built-in roles are not in it). */
export type CustomGrants = Readonly<Record<string, Grants>>;

/**
 * A user's access per module: the highest grant over their roles, built-in (write on their modules)
 * or custom (`custom`); a role that is neither grants nothing.
 */
export function accessOf(roles: readonly string[], custom: CustomGrants = {}): Grants {
  const access: Grants = {};
  for (const role of roles) {
    const grants = isBuiltInRole(role) ? builtInGrantsOf(role) : Object.hasOwn(custom, role) ? custom[role] : {};
    for (const key of MODULE_KEYS) {
      const grant = grants[key];
      if (grant === 'write' || (grant === 'read' && !access[key])) access[key] = grant;
    }
  }
  return access;
}

/** The modules a user has any access to. */
export function moduleKeysOf(roles: readonly string[], custom: CustomGrants = {}): Set<ModuleKey> {
  return new Set(Object.keys(accessOf(roles, custom)) as ModuleKey[]);
}

/** The user's modules in menu order, each a fresh copy with the user's access, each screen listed once. */
export function modulesOf(roles: readonly string[], custom: CustomGrants = {}): UserModule[] {
  const access = accessOf(roles, custom);
  const listed = (menus: readonly Menu[]): Menu[] =>
    menus
      .filter((menu) => !menu.notWith || !access[menu.notWith])
      .map(({ notWith: _listedElsewhere, menus: below, ...menu }) => ({ ...menu, ...(below ? { menus: listed(below) } : {}) }));
  return MODULES.filter((m) => access[m.key]).map((m) => ({ ...m, menus: listed(m.menus), access: access[m.key]! }));
}

export const DEFAULT_LANDING_PATH = ADMIN_PATHS.newsList;

/** After sign-in: the first menu of the first module, else the default landing page. */
export function landingPathOf(modules: readonly { menus: readonly Menu[] }[]): string {
  return modules[0]?.menus[0]?.path ?? DEFAULT_LANDING_PATH;
}
