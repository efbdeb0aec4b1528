import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_PATH, MODULES, PRIVACY_NOTICE_READERS, landingPathOf, modulesOf } from '../../shared/modules.js';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { breadcrumbOf, modulesOfPath, safeRedirect } from './navigation.js';

describe('back-office navigation', () => {
  it('lands on the first menu of the first module, else the news list', () => {
    expect(landingPathOf(modulesOf(['hr']))).toBe('/JobManagement');
    expect(landingPathOf(modulesOf(['service']))).toBe('/ContactInfoManagement');
    expect(landingPathOf(modulesOf(['admin']))).toBe('/NewsManagement/list-news');
    expect(landingPathOf([])).toBe(DEFAULT_LANDING_PATH);
    expect(landingPathOf([{ menus: [] }])).toBe(DEFAULT_LANDING_PATH);
  });

  it('knows the module of every menu entry, so that the layout lets its staff in', () => {
    for (const module of MODULES) {
      for (const menu of module.menus) expect(modulesOfPath(menu.path), menu.path).toContain(module.key);
    }
  });

  it('finds the chain of menu names leading to a path', () => {
    const modules = modulesOf(['admin']);
    expect(breadcrumbOf(modules, '/NewsManagement/category-news').map((c) => c.key)).toEqual(['news', 'news.categories']);
    expect(breadcrumbOf(modules, '/JobCategoryManagement').map((c) => c.key)).toEqual(['jobs', 'jobs.categories']);
    expect(breadcrumbOf(modules, '/ApplyInfoManagement/ContactDetails', '?id=3').map((c) => c.key)).toEqual(['applications', 'applications.list', '/ApplyInfoManagement/ContactDetails']);
    // Screens below a menu entry end the chain with their own name, which says whether they create.
    const screen = (path: string, search = '') => breadcrumbOf(modules, path, search).map((c) => c.titleKey ?? c.key);
    expect(screen('/NewsManagement/modify-news', '?id=4')).toEqual(['news', 'news.list', 'news.editTitle']);
    expect(screen('/NewsManagement/modify-news')).toEqual(['news', 'news.list', 'news.createTitle']);
    expect(screen('/NewsManagement/view-news', '?id=4')).toEqual(['news', 'news.list', 'news.viewTitle']);
    expect(screen('/JobManagement/Add', '?id=7')).toEqual(['jobs', 'jobs.list', 'jobs.editTitle']);
    expect(screen('/JobManagement/Add')).toEqual(['jobs', 'jobs.list', 'jobs.createTitle']);
    expect(screen('/ApplyInfoManagement/ContactDetails', '?id=9')).toEqual(['applications', 'applications.list', 'applications.details']);
    expect(breadcrumbOf(modulesOf(['editor']), '/UserManagement/list')).toEqual([]);
    const nested = [{ key: 'news' as const, name: 'News', access: 'write' as const, menus: [{ key: 'a', name: 'A', path: '/a', menus: [{ key: 'b', name: 'B', path: '/a/b' }] }] }];
    expect(breadcrumbOf(nested, '/a/b').map((c) => c.name)).toEqual(['News', 'A', 'B']);
  });

  it('knows which module a screen belongs to', () => {
    expect(modulesOfPath('/NewsManagement/modify-news')).toEqual(['news']);
    expect(modulesOfPath('/JobManagement/Add')).toEqual(['jobs']);
    expect(modulesOfPath('/usermanagement/list')).toEqual(['users']);
    expect(modulesOfPath('/PrivacyManagement/retention')).toEqual(['privacy']);
    expect(modulesOfPath('/Home')).toEqual([]);
  });

  it('lets every reader of the privacy notice\'s versions in, and lists the screen once in each one\'s menu', () => {
    expect(modulesOfPath(ADMIN_PATHS.privacyNotice)).toEqual(PRIVACY_NOTICE_READERS);
    const entries = (roles: string[]) =>
      modulesOf(roles).flatMap((m) => m.menus.filter((menu) => menu.path === ADMIN_PATHS.privacyNotice).map((menu) => `${m.key}:${menu.key}`));
    // Marketing has the site module only; administrators have both and find it under privacy.
    expect(entries(['marketing'])).toEqual(['site:site.privacyNotice']);
    expect(entries(['admin'])).toEqual(['privacy:privacy.notice']);
    expect(entries(['admin', 'marketing'])).toEqual(['privacy:privacy.notice']);
    expect(entries(['hr'])).toEqual([]);
    for (const module of PRIVACY_NOTICE_READERS) expect(MODULES.find((m) => m.key === module)?.menus.some((menu) => menu.path === ADMIN_PATHS.privacyNotice), module).toBe(true);
    expect(breadcrumbOf(modulesOf(['marketing']), ADMIN_PATHS.privacyNotice).map((c) => c.key)).toEqual(['site', 'site.privacyNotice']);
    expect(breadcrumbOf(modulesOf(['admin']), ADMIN_PATHS.privacyNotice).map((c) => c.key)).toEqual(['privacy', 'privacy.notice']);
    // What the server sends keeps the menus' own shape.
    expect(JSON.stringify(modulesOf(['marketing']))).not.toContain('notWith');
  });

  it('returns only to paths on this site after sign-in', () => {
    expect(safeRedirect('/JobManagement?x=1')).toBe('/JobManagement?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/login', null, '']) expect(safeRedirect(bad)).toBeNull();
  });
});
