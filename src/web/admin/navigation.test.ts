import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_PATH, MODULES, landingPathOf, modulesOf } from '../../shared/modules.js';
import { breadcrumbOf, moduleOfPath, safeRedirect } from './navigation.js';

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
      for (const menu of module.menus) expect(moduleOfPath(menu.path), menu.path).toBe(module.key);
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
    const nested = [{ key: 'news' as const, name: 'News', menus: [{ key: 'a', name: 'A', path: '/a', menus: [{ key: 'b', name: 'B', path: '/a/b' }] }] }];
    expect(breadcrumbOf(nested, '/a/b').map((c) => c.name)).toEqual(['News', 'A', 'B']);
  });

  it('knows which module a screen belongs to', () => {
    expect(moduleOfPath('/NewsManagement/modify-news')).toBe('news');
    expect(moduleOfPath('/JobManagement/Add')).toBe('jobs');
    expect(moduleOfPath('/usermanagement/list')).toBe('users');
    expect(moduleOfPath('/Home')).toBeNull();
  });

  it('returns only to paths on this site after sign-in', () => {
    expect(safeRedirect('/JobManagement?x=1')).toBe('/JobManagement?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/login', null, '']) expect(safeRedirect(bad)).toBeNull();
  });
});
