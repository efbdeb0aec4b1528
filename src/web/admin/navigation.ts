import { PRIVACY_NOTICE_READERS } from '../../shared/modules.js';
import type { Menu, ModuleKey, UserModule } from '../../shared/modules.js';
import { ADMIN_PATHS, AUTH_PATHS } from '../../shared/paths.js';

/**
 * Which modules read each back-office address (its screens beyond the menu entries too): most
 * belong to one module; a screen two modules read comes before its area's prefix.
 */
const MODULE_PREFIXES: [prefix: string, modules: readonly ModuleKey[]][] = [
  [ADMIN_PATHS.news, ['news']],
  [ADMIN_PATHS.jobCategories, ['jobs']],
  [ADMIN_PATHS.offices, ['jobs']],
  [ADMIN_PATHS.jobs, ['jobs']],
  [ADMIN_PATHS.applications, ['applications']],
  [ADMIN_PATHS.contact, ['contact']],
  [ADMIN_PATHS.joinUs, ['joinus']],
  [ADMIN_PATHS.users, ['users']],
  [ADMIN_PATHS.site, ['site']],
  [ADMIN_PATHS.auditLog, ['audit']],
  [ADMIN_PATHS.privacyNotice, PRIVACY_NOTICE_READERS],
  [ADMIN_PATHS.privacy, ['privacy']],
];

/** The modules whose staff may open a path; none for an address outside the back-office's areas. */
export function modulesOfPath(pathname: string): readonly ModuleKey[] {
  const lower = pathname.toLowerCase();
  return MODULE_PREFIXES.find(([prefix]) => lower === prefix.toLowerCase() || lower.startsWith(`${prefix.toLowerCase()}/`))?.[1] ?? [];
}

export interface Crumb {
  key: string;
  name: string;
  path?: string;
  /** A screen below a menu entry (an editor, a details page): the catalogue key of its name. */
  titleKey?: string;
}

/**
 * Screens below a menu entry, each with the catalogue key of its name, with an `id` in the address
 * and without one (an editor without an id creates).
 */
const SCREENS: Record<string, { withId: string; withoutId: string }> = {
  [ADMIN_PATHS.newsEdit]: { withId: 'news.editTitle', withoutId: 'news.createTitle' },
  [ADMIN_PATHS.newsView]: { withId: 'news.viewTitle', withoutId: 'news.viewTitle' },
  [ADMIN_PATHS.jobEdit]: { withId: 'jobs.editTitle', withoutId: 'jobs.createTitle' },
  [ADMIN_PATHS.applicationDetails]: { withId: 'applications.details', withoutId: 'applications.details' },
};

function screenCrumb(pathname: string, search: string): Crumb[] {
  const screen = Object.entries(SCREENS).find(([path]) => path.toLowerCase() === pathname.toLowerCase());
  if (!screen) return [];
  const [path, keys] = screen;
  return [{ key: path, name: path, titleKey: new URLSearchParams(search).get('id') ? keys.withId : keys.withoutId }];
}

/**
 * The chain of names leading to a path: module, menu, deeper menus when nested, and the screen's own
 * name when it is below a menu entry (an editor, a details page).
 */
export function breadcrumbOf(modules: readonly UserModule[], pathname: string, search = ''): Crumb[] {
  const lower = pathname.toLowerCase();
  // The overview stands above the modules, as My account does.
  if (lower === ADMIN_PATHS.overview.toLowerCase()) return [{ key: 'overview', name: 'Overview', path: ADMIN_PATHS.overview, titleKey: 'overview.title' }];
  const walk = (menus: readonly Menu[], trail: Crumb[]): Crumb[] | null => {
    for (const menu of menus) {
      const here = [...trail, { key: menu.key, name: menu.name, path: menu.path }];
      const deeper = menu.menus ? walk(menu.menus, here) : null;
      if (deeper) return deeper;
      if (menu.path.toLowerCase() === lower) return here;
    }
    return null;
  };
  for (const module of modules) {
    const found = walk(module.menus, [{ key: module.key, name: module.name }]);
    if (found) return found;
  }
  // A screen under a menu (an editor, a details page): the module and its first menu.
  const readers = modulesOfPath(pathname);
  const module = modules.find((m) => readers.includes(m.key));
  if (!module) return [];
  const parent = module.menus.find((menu) => lower.startsWith(menu.path.toLowerCase())) ?? module.menus[0];
  return [{ key: module.key, name: module.name }, ...(parent ? [{ key: parent.key, name: parent.name, path: parent.path }] : []), ...screenCrumb(pathname, search)];
}

/** Only a path on this site may be a place to return to after sign-in. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(AUTH_PATHS.login) || value.startsWith(AUTH_PATHS.logout)) return null;
  return value;
}
