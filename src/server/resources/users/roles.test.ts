import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines, warmSession } from '../../testing/harness.js';
import type { TestApp } from '../../testing/harness.js';

const JOBS_ONLY = {
  key: 'jobs-only',
  name: '仅职位',
  description: '只管理职位',
  translations: { 'en-US': { name: 'Jobs only', description: 'Manages jobs only' } },
  grants: { jobs: 'write' },
};

describe.each(testEngines())('custom roles on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  const create = (body: unknown, token = admin) => t.call('POST', '/api/Role', body, token);
  const current = async (token: string) => (await t.call('GET', '/api/security/current', undefined, token)).json().data;
  const issueCodes = (res: { json(): { data: { issues: { code: string }[] } } }) => res.json().data.issues.map((issue) => issue.code);

  it('lists the built-in roles, read-only, with write on their modules, before the custom ones', async () => {
    const list = (await t.call('POST', '/api/Role/Query', { pageSize: 100 }, admin)).json().data;
    const builtIn = list.items.filter((role: { builtIn: boolean }) => role.builtIn);
    expect(builtIn.map((role: { key: string }) => role.key)).toEqual(['admin', 'editor', 'hr', 'service', 'marketing']);
    const hr = builtIn.find((role: { key: string }) => role.key === 'hr');
    expect(hr).toMatchObject({ name: '人力资源', grants: { jobs: 'write', applications: 'write' }, translations: { 'en-US': { name: 'Human resources' } } });
    expect(builtIn[0].userCount).toBeGreaterThanOrEqual(1);
    const page = (await t.call('POST', '/api/Role/Query', { page: 2, pageSize: 2 }, admin)).json().data;
    expect(page.items.map((role: { key: string }) => role.key)).toEqual(['hr', 'service']);
  });

  it('creates, changes and deletes a custom role, each in the audit log', async () => {
    const created = await create(JOBS_ONLY);
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({ key: 'jobs-only', name: '仅职位', builtIn: false, userCount: 0, grants: { jobs: 'write' } });
    const read = (await t.call('GET', `/api/Role/${role.id}`, undefined, admin)).json().data;
    expect(read.translations['en-US'].name).toBe('Jobs only');

    const changed = await t.call('POST', '/api/Role/Update', { id: role.id, grants: { jobs: 'read', news: 'read' } }, admin);
    expect(changed.json().data.grants).toEqual({ jobs: 'read', news: 'read' });
    // The key names the role in every user's roles: it never changes.
    const rekey = await t.call('POST', '/api/Role/Update', { id: role.id, key: 'other-key' }, admin);
    expect(rekey.statusCode).toBe(400);
    expect(issueCodes(rekey)).toContain('unknown_field');

    const deleted = await t.call('DELETE', `/api/Role/${role.id}`, undefined, admin);
    expect(deleted.json()).toMatchObject({ isSuccess: true, data: { id: role.id } });
    expect((await t.call('GET', `/api/Role/${role.id}`, undefined, admin)).statusCode).toBe(404);
    const audit = (await t.call('POST', '/api/AuditLog/Query', { filters: { entity: 'Role' }, pageSize: 100 }, admin)).json().data.items;
    expect(audit.filter((e: { entityId: string }) => e.entityId === String(role.id)).map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a built-in key, no grant, a taken key or name, and changes to a built-in role', async () => {
    const builtInKey = await create({ ...JOBS_ONLY, key: 'admin', name: 'Another admin' });
    expect(builtInKey.statusCode).toBe(400);
    expect(issueCodes(builtInKey)).toEqual(['built_in_role_key']);
    const noGrant = await create({ ...JOBS_ONLY, key: 'nothing', name: 'Nothing', grants: {} });
    expect(issueCodes(noGrant)).toEqual(['no_grant']);
    const badKey = await create({ ...JOBS_ONLY, key: 'Jobs Only', name: 'Bad key' });
    expect(badKey.statusCode).toBe(400);
    const unknownModule = await create({ ...JOBS_ONLY, key: 'bad-module', name: 'Bad module', grants: { payroll: 'write' } });
    expect(unknownModule.statusCode).toBe(400);

    expect((await create({ ...JOBS_ONLY, key: 'taken', name: 'Taken' })).statusCode).toBe(200);
    const sameKey = await create({ ...JOBS_ONLY, key: 'taken', name: 'Taken again' });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json().data.reason).toBe('role-key-taken');
    const sameName = await create({ ...JOBS_ONLY, key: 'taken-two', name: 'TAKEN' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().data.reason).toBe('name-taken');
    const builtInName = await create({ ...JOBS_ONLY, key: 'admins', name: '管理员' });
    expect(builtInName.json().data.reason).toBe('name-taken');

    const list = (await t.call('POST', '/api/Role/Query', { filters: { builtIn: true } }, admin)).json().data.items;
    const hr = list.find((role: { key: string }) => role.key === 'hr');
    for (const res of [
      await t.call('POST', '/api/Role/Update', { id: hr.id, grants: { jobs: 'read' } }, admin),
      await t.call('DELETE', `/api/Role/${hr.id}`, undefined, admin),
      await t.call('POST', `/api/Role/${hr.id}`, undefined, admin),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().data.reason).toBe('built-in-role');
    }
  });

  it('refuses a user an unknown role and a role in use its deletion', async () => {
    const unknown = await t.call('POST', '/api/User', { userName: 'unknown-role', password: 'user-password-1', roles: ['editor', 'no-such-role'] }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.issues).toEqual([expect.objectContaining({ path: 'roles.1', code: 'unknown_role', params: { role: 'no-such-role' } })]);

    const role = (await create({ ...JOBS_ONLY, key: 'in-use', name: 'In use' })).json().data;
    const holder = await buildUser(t, admin, ['in-use']);
    const update = await t.call('POST', '/api/User/Update', { id: holder.id, roles: ['in-use', 'gone-role'] }, admin);
    expect(update.statusCode).toBe(400);
    expect(update.json().data.issues[0].code).toBe('unknown_role');

    expect((await t.call('GET', `/api/Role/${role.id}`, undefined, admin)).json().data.userCount).toBe(1);
    const filtered = (await t.call('POST', '/api/User/Query', { filters: { role: 'in-use' } }, admin)).json().data;
    expect(filtered.items.map((u: { id: number }) => u.id)).toEqual([holder.id]);
    const refused = await t.call('DELETE', `/api/Role/${role.id}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.reason).toBe('role-in-use');
    expect((await t.call('POST', '/api/User/Update', { id: holder.id, roles: ['editor'] }, admin)).json().isSuccess).toBe(true);
    expect((await t.call('DELETE', `/api/Role/${role.id}`, undefined, admin)).json().isSuccess).toBe(true);
  });

  it('is the users module\'s: others get 403, read on users lists them but changes nothing', async () => {
    const editor = await buildUser(t, admin, ['editor']);
    for (const res of [await t.call('POST', '/api/Role/Query', {}, editor.token), await create({ ...JOBS_ONLY, key: 'by-editor', name: 'By editor' }, editor.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(40003);
    }
    expect((await create({ key: 'users-reader', name: 'Users reader', grants: { users: 'read' } })).statusCode).toBe(200);
    const reader = await buildUser(t, admin, ['users-reader']);
    expect((await t.call('POST', '/api/Role/Query', {}, reader.token)).statusCode).toBe(200);
    expect((await create({ ...JOBS_ONLY, key: 'by-reader', name: 'By reader' }, reader.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/User', { userName: 'by-reader', password: 'user-password-1' }, reader.token)).statusCode).toBe(403);
  });

  it('answers a jobs-only user the jobs module alone, and 403 everywhere else', async () => {
    await create({ ...JOBS_ONLY, key: 'only-jobs', name: 'Only jobs' });
    const user = await buildUser(t, admin, ['only-jobs']);
    const me = await current(user.token);
    expect(me.modules.map((m: { key: string; access: string }) => [m.key, m.access])).toEqual([['jobs', 'write']]);
    expect((await t.call('POST', '/api/Job/Query', {}, user.token)).statusCode).toBe(200);
    for (const [method, url] of [['POST', '/api/News'], ['POST', '/api/JobApplication/Query'], ['POST', '/api/User/Query'], ['GET', '/api/Site/Edit'], ['POST', '/api/Role/Query']] as const) {
      const res = await t.call(method, url, method === 'POST' ? {} : undefined, user.token);
      expect(res.statusCode, url).toBe(403);
    }
    // The highest grant of a user's roles counts: editor's write on news beside the custom role.
    expect((await t.call('POST', '/api/User/Update', { id: user.id, roles: ['only-jobs', 'editor'] }, admin)).json().isSuccess).toBe(true);
    expect((await current(user.token)).modules.map((m: { key: string; access: string }) => [m.key, m.access])).toEqual([['news', 'write'], ['jobs', 'write']]);
  });

  it('applies a change of grants on the user\'s next call, its session cached or not', async () => {
    const role = (await create({ key: 'jobs-reader', name: 'Jobs reader', grants: { jobs: 'read' } })).json().data;
    const user = await buildUser(t, admin, ['jobs-reader']);
    await warmSession(t, user.token);
    expect((await current(user.token)).modules).toEqual([expect.objectContaining({ key: 'jobs', access: 'read' })]);
    const write = () => t.call('POST', '/api/JobCategory', { name: `Category ${engine} ${Date.now()}` }, user.token);
    expect((await write()).statusCode).toBe(403);
    expect(t.app.ctx.roleCache.isKept).toBe(true);

    expect((await t.call('POST', '/api/Role/Update', { id: role.id, grants: { jobs: 'write' } }, admin)).json().isSuccess).toBe(true);
    expect((await write()).statusCode).toBe(200);
    expect((await current(user.token)).modules).toEqual([expect.objectContaining({ key: 'jobs', access: 'write' })]);

    expect((await t.call('POST', '/api/Role/Update', { id: role.id, grants: { news: 'read' } }, admin)).json().isSuccess).toBe(true);
    expect((await current(user.token)).modules).toEqual([expect.objectContaining({ key: 'news', access: 'read' })]);
    const lost = await write();
    expect(lost.statusCode).toBe(403);
    expect(lost.json().errorCode).toBe(40003);
  });

  it.runIf(engine === 'postgres')('tells another instance on the same database of a change of grants', async () => {
    const other = await createTestApp('postgres', {}, { databaseOf: t });
    try {
      const role = (await create({ key: 'cross-instance', name: 'Cross instance', grants: { jobs: 'read' } })).json().data;
      const user = await buildUser(t, admin, ['cross-instance']);
      const write = () => other.call('POST', '/api/JobCategory', { name: `Across ${Date.now()}` }, user.token);
      expect((await write()).statusCode).toBe(403);
      expect(other.app.ctx.roleCache.isKept).toBe(true);
      expect((await t.call('POST', '/api/Role/Update', { id: role.id, grants: { jobs: 'write' } }, admin)).json().isSuccess).toBe(true);
      // The notice travels through the database: the other instance forgets its roles very soon.
      for (let attempt = 0; attempt < 40 && other.app.ctx.roleCache.isKept; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await write()).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
