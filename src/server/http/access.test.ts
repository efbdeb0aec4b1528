import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_KEYS } from '../../shared/modules.js';
import type { ModuleKey } from '../../shared/modules.js';
import { buildUser, createTestApp, multipart, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { isRead } from './route-spec.js';
import type { RouteSpec } from './route-spec.js';

/**
 * Every staff call is a read or a write (docs/decisions/0059): a role with read on a module makes
 * its reads and is refused its writes. The list below is every registered call behind a module, so
 * that a new one's kind is a choice made here, not a default nobody looked at.
 */
const EXPECTED = [
    'POST User/:id/TwoFactor/Reset: write',
    'GET User/TwoFactorPolicy: read',
    'POST User/TwoFactorPolicy: write',
    'POST User/Query: read',
    'GET User/:id: read',
    'POST User: write',
    'POST User/Update: write',
    'POST User/:id/EndSessions: write',
    'DELETE User/:id: write',
    'POST Role/Query: read',
    'GET Role/:id: read',
    'POST Role: write',
    'POST Role/Update: write',
    'POST Role/:id: write',
    'DELETE Role/:id: write',
    'POST NewsCategory/Query: read',
    'GET NewsCategory/:id: read',
    'POST NewsCategory: write',
    'POST NewsCategory/Update: write',
    'POST NewsCategory/:id: write',
    'DELETE NewsCategory/:id: write',
    'POST NewsCategory/Bulk/Delete: write',
    'POST News/Query: read',
    'GET News/:id: read',
    'POST News: write',
    'POST News/Update: write',
    'POST News/:id: write',
    'DELETE News/:id: write',
    'POST News/Bulk/Delete: write',
    'POST JobCategory/Query: read',
    'GET JobCategory/:id: read',
    'POST JobCategory: write',
    'POST JobCategory/Update: write',
    'POST JobCategory/:id: write',
    'DELETE JobCategory/:id: write',
    'POST JobCategory/Bulk/Delete: write',
  'POST Office/Query: read',
  'GET Office/:id: read',
  'POST Office: write',
  'POST Office/Update: write',
  'POST Office/:id: write',
  'DELETE Office/:id: write',
  'POST Office/Bulk/Delete: write',
    'POST Job/Query: read',
    'GET Job/:id: read',
    'POST Job: write',
    'POST Job/Update: write',
    'POST Job/:id: write',
    'DELETE Job/:id: write',
    'POST Job/Bulk/Delete: write',
    'POST Job/:id/Archive: write',
    'POST Job/:id/Unarchive: write',
    'POST JobApplication/Query: read',
    'GET JobApplication/:id: read',
    'POST JobApplication/:id: write',
    'POST JobApplication/Bulk/Status: write',
    'POST JobApplication/:id/Note: write',
    'POST JobApplication/Export: read',
    'POST JobApplication/Bulk/Export: read',
    'POST CandidateEmailTemplate/Query: read',
    'GET CandidateEmailTemplate/:id: read',
    'POST CandidateEmailTemplate/Update: write',
    'GET JobApplication/:id/EmailPreview: read',
    'POST ContactInfo/Query: read',
    'GET ContactInfo/:id: read',
    'POST ContactInfo/:id: write',
    'POST ContactInfo/Bulk/Status: write',
    'POST ContactInfo/:id/Note: write',
    'POST ContactInfo/Export: read',
    'POST ContactInfo/Bulk/Export: read',
    'POST JoinUs/Query: read',
    'GET JoinUs/:id: read',
    'POST JoinUs/:id: write',
    'POST JoinUs/Bulk/Status: write',
    'POST JoinUs/:id/Note: write',
    'POST JoinUs/Export: read',
    'POST JoinUs/Bulk/Export: read',
    'DELETE JobApplication/:id: write',
    'POST JobApplication/:id/Anonymise: write',
    'DELETE ContactInfo/:id: write',
    'POST ContactInfo/:id/Anonymise: write',
    'DELETE JoinUs/:id: write',
    'POST JoinUs/:id/Anonymise: write',
    'POST File: write',
    'POST Media/Query: read',
    'GET Media/:id: read',
    'POST Media/Update: write',
    'DELETE Media/:id: write',
    'GET Site/Edit: read',
    'POST Site/Update: write',
    'GET Site/Checklist: read',
    'POST Page/Query: read',
    'POST Page/Update: write',
    'POST Page/Publish: write',
    'GET News/:id/Revisions: read',
    'GET News/:id/Revisions/:revisionId: read',
    'POST News/:id/Restore: write',
    'GET Job/:id/Revisions: read',
    'GET Job/:id/Revisions/:revisionId: read',
    'POST Job/:id/Restore: write',
    'GET Page/:key/Revisions: read',
    'GET Page/:key/Revisions/:revisionId: read',
    'POST Page/:key/Restore: write',
    'GET Site/Revisions: read',
    'GET Site/Revisions/:revisionId: read',
    'POST Site/Restore: write',
    'POST AuditLog/Query: read',
    'POST AuditLog/Export: read',
    'POST DataSubject/Find: read',
    'POST DataSubject/Export: read',
    'POST DataSubject/Erase: write',
    'GET Retention: read',
    'POST Retention/Update: write',
    'POST Retention/Preview: read',
    'POST PrivacyNotice/Query: read',
    'GET PrivacyNotice/:version: read',
    'GET Overview/Counts: read',
    'GET Overview: read',
];

const modulesOfRoute = (spec: RouteSpec): ModuleKey[] => {
  const access = spec.access;
  if (typeof access === 'object') return [...access.anyOf];
  if (access === 'public' || access === 'signed-in') return [];
  return [access.startsWith('public-or-') ? (access.slice('public-or-'.length) as ModuleKey) : (access as ModuleKey)];
};

/** A path with its parameters filled in: records that do not exist, only the access answer matters. */
const urlOf = (spec: RouteSpec) =>
  `/api/${spec.path}`.replace(':revisionId', '1').replace(':version', '1').replace(':key', 'home').replace(':id', '999999');

describe('the kind of every staff call', () => {
  it('lists each call behind a module as a read or a write', async () => {
    const t = await createTestApp('sqlite');
    try {
      const listed = t.app.apiRoutes
        .filter((spec) => modulesOfRoute(spec).length > 0)
        .map((spec) => `${spec.method} ${spec.path}: ${isRead(spec) ? 'read' : 'write'}`);
      expect(listed).toEqual(EXPECTED);
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines())('read-only and write roles on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const readers: Partial<Record<ModuleKey, string>> = {};
  const writers: Partial<Record<ModuleKey, string>> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    adminId = (await t.call('GET', '/api/security/current', undefined, admin)).json().data.id;
    for (const module of MODULE_KEYS) {
      for (const [access, tokens] of [['read', readers], ['write', writers]] as const) {
        const key = `${module}-${access}`;
        const created = await t.call('POST', '/api/Role', { key, name: `${module} ${access}`, grants: { [module]: access } }, admin);
        expect(created.statusCode, created.body).toBe(200);
        tokens[module] = (await buildUser(t, admin, [key])).token;
      }
    }
  });
  afterAll(() => t?.close());

  const send = (spec: RouteSpec, token: string) => {
    if (spec.multipart) {
      const form = multipart({});
      return t.app.inject({ method: spec.method, url: urlOf(spec), payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    }
    return t.call(spec.method, urlOf(spec), spec.method === 'GET' || spec.emptyBody || spec.method === 'DELETE' ? undefined : {}, token);
  };

  it('answers a read-only role its module\'s reads and 403 to every one of its writes', async () => {
    let checked = 0;
    for (const spec of t.app.apiRoutes) {
      for (const module of modulesOfRoute(spec)) {
        const read = await send(spec, readers[module]!);
        if (isRead(spec)) {
          expect([401, 403], `${spec.method} ${spec.path} reads for ${module}-read: ${read.body}`).not.toContain(read.statusCode);
        } else {
          expect(read.statusCode, `${spec.method} ${spec.path} writes: refused to ${module}-read`).toBe(403);
          expect(read.json()).toMatchObject({ isSuccess: false, errorCode: 40003 });
        }
        const write = await send(spec, writers[module]!);
        expect([401, 403], `${spec.method} ${spec.path} for ${module}-write: ${write.body}`).not.toContain(write.statusCode);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('lets only write on users reset someone else\'s password', async () => {
    const body = { id: adminId, newPassword: 'another-password-1' };
    const refused = await t.call('POST', '/api/User/UpdatePassword', body, readers.users);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(40003);
  });

  it('gives a read-only role the staff view of a public list: drafts included', async () => {
    const category = (await t.call('POST', '/api/NewsCategory', { name: `Staff view ${engine}` }, admin)).json().data;
    const draft = await t.call('POST', '/api/News', { title: `Draft for readers ${engine}`, content: '<p>x</p>', categoryId: category.id }, admin);
    expect(draft.json().data.status).toBe('draft');
    const seen = async (token?: string) => (await t.call('POST', '/api/News/Query', { keyword: `Draft for readers ${engine}` }, token)).json().data.meta.total;
    expect(await seen(readers.news)).toBe(1);
    expect(await seen()).toBe(0);
    expect(await seen(readers.jobs)).toBe(0);
  });
});
