import type { Menu, ModuleKey, UserModule } from '../../shared/modules.js';

/** Which module each back-office address belongs to (its screens beyond the menu entries too). */
const MODULE_PREFIXES: [prefix: string, module: ModuleKey][] = [
  ['/NewsManagement', 'news'],
  ['/JobCategoryManagement', 'jobs'],
  ['/JobManagement', 'jobs'],
  ['/ApplyInfoManagement', 'applications'],
  ['/ContactInfoManagement', 'contact'],
  ['/JoinusManagement', 'joinus'],
  ['/UserManagement', 'users'],
];

export function moduleOfPath(pathname: string): ModuleKey | null {
  const lower = pathname.toLowerCase();
  return MODULE_PREFIXES.find(([prefix]) => lower === prefix.toLowerCase() || lower.startsWith(`${prefix.toLowerCase()}/`))?.[1] ?? null;
}

export interface Crumb {
  key: string;
  name: string;
  path?: string;
}

/** The chain of menu names leading to a path: module, menu, and deeper menus when nested. */
export function breadcrumbOf(modules: readonly UserModule[], pathname: string): Crumb[] {
  const lower = pathname.toLowerCase();
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
  const key = moduleOfPath(pathname);
  const module = modules.find((m) => m.key === key);
  if (!module) return [];
  const parent = module.menus.find((menu) => lower.startsWith(menu.path.toLowerCase())) ?? module.menus[0];
  return [{ key: module.key, name: module.name }, ...(parent ? [{ key: parent.key, name: parent.name, path: parent.path }] : [])];
}

/** Only a path on this site may be a place to return to after sign-in. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login') || value.startsWith('/logout')) return null;
  return value;
}
