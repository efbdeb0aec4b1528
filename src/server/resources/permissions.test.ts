import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleKey } from '../../shared/modules.js';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

type Method = 'GET' | 'POST' | 'DELETE';
/**
 * Every staff call of the contract and the module it needs (or any one of some modules). Ids point at
 * records that may not exist: only the permission answer matters.
 */
const STAFF_CALLS: [Method, string, ModuleKey | ModuleKey[], unknown?][] = [
  ['POST', '/api/User/Query', 'users', {}],
  ['GET', '/api/User/1', 'users'],
  ['POST', '/api/User', 'users', { userName: 'matrix-user', password: 'password-123' }],
  ['POST', '/api/User/Update', 'users', { id: 999, displayName: 'x' }],
  ['DELETE', '/api/User/999', 'users'],
  ['POST', '/api/User/UpdatePassword', 'users', { id: 999, newPassword: 'password-123' }],
  ['POST', '/api/NewsCategory', 'news', { name: 'matrix' }],
  ['POST', '/api/NewsCategory/Update', 'news', { id: 999, name: 'x' }],
  ['POST', '/api/NewsCategory/999', 'news'],
  ['DELETE', '/api/NewsCategory/999', 'news'],
  ['POST', '/api/News', 'news', { title: 'x', content: '<p>x</p>', categoryId: 999 }],
  ['POST', '/api/News/Update', 'news', { id: 999, title: 'x' }],
  ['POST', '/api/News/999', 'news'],
  ['DELETE', '/api/News/999', 'news'],
  ['POST', '/api/JobCategory', 'jobs', { name: 'matrix' }],
  ['POST', '/api/JobCategory/Update', 'jobs', { id: 999, name: 'x' }],
  ['POST', '/api/JobCategory/999', 'jobs'],
  ['DELETE', '/api/JobCategory/999', 'jobs'],
  ['POST', '/api/Office', 'jobs', { name: 'matrix', country: 'CN' }],
  ['POST', '/api/Office/Update', 'jobs', { id: 999, name: 'x' }],
  ['POST', '/api/Office/999', 'jobs'],
  ['DELETE', '/api/Office/999', 'jobs'],
  ['POST', '/api/Office/Bulk/Delete', 'jobs', { ids: [999] }],
  ['POST', '/api/Job', 'jobs', { title: 'x', categoryId: 999, description: '<p>x</p>' }],
  ['POST', '/api/Job/Update', 'jobs', { id: 999, title: 'x' }],
  ['POST', '/api/Job/999', 'jobs'],
  ['DELETE', '/api/Job/999', 'jobs'],
  ['POST', '/api/Job/999/Archive', 'jobs'],
  ['POST', '/api/Job/999/Unarchive', 'jobs'],
  ['POST', '/api/JobApplication/Query', 'applications', {}],
  ['GET', '/api/JobApplication/999', 'applications'],
  ['POST', '/api/JobApplication/999', 'applications', { statusId: 2 }],
  ['POST', '/api/JobApplication/999/Note', 'applications', { note: 'x' }],
  ['DELETE', '/api/JobApplication/999', 'applications'],
  ['POST', '/api/JobApplication/999/Anonymise', 'applications'],
  ['GET', '/api/JobApplication/999/EmailPreview?statusId=2', 'applications'],
  ['POST', '/api/CandidateEmailTemplate/Query', 'applications', {}],
  ['GET', '/api/CandidateEmailTemplate/1', 'applications'],
  ['POST', '/api/CandidateEmailTemplate/Update', 'applications', { id: 999, enabled: false, subject: { 'zh-CN': '', 'en-US': '' }, body: { 'zh-CN': '', 'en-US': '' } }],
  ['POST', '/api/ContactInfo/Query', 'contact', {}],
  ['GET', '/api/ContactInfo/999', 'contact'],
  ['POST', '/api/ContactInfo/999', 'contact', { statusId: 2 }],
  ['POST', '/api/ContactInfo/999/Note', 'contact', { note: 'x' }],
  ['DELETE', '/api/ContactInfo/999', 'contact'],
  ['POST', '/api/ContactInfo/999/Anonymise', 'contact'],
  ['POST', '/api/JoinUs/Query', 'joinus', {}],
  ['GET', '/api/JoinUs/999', 'joinus'],
  ['POST', '/api/JoinUs/999', 'joinus', { statusId: 2 }],
  ['POST', '/api/JoinUs/999/Note', 'joinus', { note: 'x' }],
  ['DELETE', '/api/JoinUs/999', 'joinus'],
  ['POST', '/api/JoinUs/999/Anonymise', 'joinus'],
  ['POST', '/api/Media/Query', ['news', 'jobs', 'site'], {}],
  ['GET', '/api/Media/999', ['news', 'jobs', 'site']],
  ['POST', '/api/Media/Update', ['news', 'jobs', 'site'], { id: 999, alt: { 'zh-CN': '', 'en-US': '' } }],
  ['DELETE', '/api/Media/999', 'site'],
  ['GET', '/api/Site/Edit', 'site'],
  ['GET', '/api/Site/Checklist', 'site'],
  ['POST', '/api/Site/Update', 'site', { phone: '400-000-0000' }],
  ['GET', '/api/Page/home?draft=1', 'site'],
  ['POST', '/api/Page/Query', 'site', {}],
  ['POST', '/api/Page/Update', 'site', { key: 'strength', title: { 'zh-CN': '实力', 'en-US': 'Strength' } }],
  ['POST', '/api/Page/Publish', 'site', { key: 'strength' }],
  ['POST', '/api/AuditLog/Query', 'audit', {}],
  ['POST', '/api/AuditLog/Export', 'audit', {}],
  ['POST', '/api/JobApplication/Export', 'applications', {}],
  ['POST', '/api/ContactInfo/Export', 'contact', {}],
  ['POST', '/api/JoinUs/Export', 'joinus', {}],
  ['POST', '/api/DataSubject/Find', 'privacy', { email: 'nobody@example.com' }],
  ['POST', '/api/DataSubject/Export', 'privacy', { email: 'nobody@example.com' }],
  ['POST', '/api/DataSubject/Erase', 'privacy', { email: 'nobody@example.com', confirm: true }],
];

const ROLE_MODULES: Record<string, ModuleKey[]> = {
  admin: ['news', 'jobs', 'applications', 'contact', 'joinus', 'users', 'site', 'audit', 'privacy'],
  editor: ['news'],
  hr: ['jobs', 'applications'],
  service: ['contact', 'joinus'],
  marketing: ['news', 'site'],
};

describe.each(testEngines())('the permission matrix on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await t.signIn();
    tokens.admin = admin;
    for (const role of ['editor', 'hr', 'service', 'marketing']) tokens[role] = (await buildUser(t, admin, [role])).token;
  });
  afterAll(() => t.close());

  it.each(STAFF_CALLS)('%s %s needs the %s module', async (method, url, module, body) => {
    const anonymous = await t.call(method, url, body);
    expect(anonymous.statusCode, 'anonymous').toBe(401);
    expect(anonymous.json()).toMatchObject({ isSuccess: false, errorCode: 40005 });
    for (const [role, modules] of Object.entries(ROLE_MODULES)) {
      const res = await t.call(method, url, body, tokens[role]);
      if ([module].flat().some((m) => modules.includes(m))) {
        expect([401, 403], `${role} is allowed: ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${role} is refused`).toBe(403);
        expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40003 });
      }
    }
  });

  it('answers 401 / 40005 to the signed-in calls without a valid token', async () => {
    for (const [method, url] of [['GET', '/api/security/current'], ['POST', '/api/security/logout'], ['POST', '/api/User/UpdatePassword']] as const) {
      for (const token of [undefined, 'made-up-token']) {
        const res = await t.call(method, url, method === 'POST' ? {} : undefined, token);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ isSuccess: false, errorCode: 40005, message: expect.any(String), data: null });
      }
    }
  });

  it('answers each role its own modules and menus', async () => {
    for (const [role, modules] of Object.entries(ROLE_MODULES)) {
      const me = (await t.call('GET', '/api/security/current', undefined, tokens[role])).json().data;
      expect(me.modules.map((m: { key: string }) => m.key), role).toEqual(modules);
      for (const m of me.modules) expect(m.menus.length).toBeGreaterThan(0);
    }
    const editor = (await t.call('GET', '/api/security/current', undefined, tokens.editor)).json().data;
    expect(editor.modules[0].menus.map((m: { path: string }) => m.path)).toEqual(['/NewsManagement/list-news', '/NewsManagement/category-news']);
  });

  it('lets any signed-in user change their own password, and only the users module others\'', async () => {
    const editor = await buildUser(t, tokens.admin, ['editor']);
    const other = await buildUser(t, tokens.admin, ['hr']);
    const refused = await t.call('POST', '/api/User/UpdatePassword', { id: other.id, newPassword: 'new-password-1' }, editor.token);
    expect(refused.statusCode).toBe(403);
    const own = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: editor.password, newPassword: 'new-password-1' }, editor.token);
    expect(own.json().isSuccess).toBe(true);
    expect(await t.signIn(editor.userName, 'new-password-1')).toBeTruthy();
  });
});
