import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { AUDIT_ENTITIES } from '../../shared/schemas/audit.js';
import { purgeAuditEvents } from './retention.js';

interface Entry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  clientAddress: string | null;
  userAgent: string | null;
}

const AGENT = 'audit-test-agent/1.0';
const APPLICANT = { name: '李四审计', phone: '+86 139 1111 2222', email: 'li.si.audit@example.com' };

describe.each(testEngines())('the audit log on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let newsCategory: number;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_USER: '3' });
    admin = await t.signIn();
    adminId = (await t.call('GET', '/api/security/current', undefined, admin)).json().data.id;
    newsCategory = (await t.call('POST', '/api/NewsCategory', { name: '审计分类' }, admin)).json().data.id;
    const jobCategory = (await t.call('POST', '/api/JobCategory', { name: '审计职位分类' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '审计工程师', categoryId: jobCategory, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  /** A staff call as a browser makes it: with a user agent, from a known address. */
  const act = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token = admin) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '10.1.2.3',
      headers: { 'user-agent': AGENT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const query = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.call('POST', '/api/AuditLog/Query', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Entry[]; meta: { total: number; page: number; pageSize: number } };
  };
  /** The newest entries of a record, newest first. */
  const entriesOf = async (entity: string, entityId: string | number) =>
    (await query({ pageSize: 100, filters: { entity } })).items.filter((e) => e.entityId === String(entityId));
  const allRows = () => t.app.ctx.db.kysely.selectFrom('audit_events').selectAll().execute();

  const apply = async () => {
    const body = multipart({ jobId: String(jobId), consent: 'true', ...APPLICANT }, { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } });
    const res = await t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: '10.9.9.9' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it('records sign-in, failed sign-ins (with the name tried), the lock and sign-out, with who, when, address and agent', async () => {
    const before = new Date().toISOString();
    const signIn = await act('POST', '/api/security/login', { userName: 'admin', password: ADMIN_PASSWORD }, '');
    const token = signIn.json().data.accessToken.token as string;
    expect((await act('POST', '/api/security/login', { userName: 'nobody-here', password: 'wrong-password' }, '')).json().errorCode).toBe(40001);
    expect((await act('POST', '/api/security/logout', undefined, token)).statusCode).toBe(200);

    const signIns = (await query({ filters: { action: 'sign-in', atFrom: before } })).items;
    expect(signIns[0]).toMatchObject({ userId: adminId, userName: 'admin', entity: 'User', entityId: String(adminId), clientAddress: '10.1.2.3', userAgent: AGENT, changes: null });
    expect(Date.parse(signIns[0].at)).toBeGreaterThanOrEqual(Date.parse(before));
    const failed = (await query({ filters: { action: 'sign-in-failed', userName: 'nobody-here' } })).items;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ userId: null, userName: 'nobody-here', entityId: null, clientAddress: '10.1.2.3' });
    expect((await query({ filters: { action: 'sign-out', atFrom: before } })).items[0]).toMatchObject({ userId: adminId, entityId: String(adminId), userAgent: AGENT });

    // A known user's failure carries their id; the third failure locks the name (LOGIN_MAX_FAILURES_PER_USER=3).
    const victim = await buildUser(t, admin, ['editor']);
    for (let i = 0; i < 3; i++) await act('POST', '/api/security/login', { userName: victim.userName, password: 'wrong-password' }, '');
    const victimFailures = (await query({ filters: { action: 'sign-in-failed', userId: victim.id } })).items;
    expect(victimFailures).toHaveLength(3);
    const locks = (await query({ filters: { action: 'lock', entity: 'SignIn' } })).items;
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ userId: victim.id, entityId: `user:${victim.userName}` });
  });

  it('records the lock of a client address after LOGIN_MAX_FAILURES_PER_ADDRESS failures, with the address, and not the refusals while it holds', async () => {
    // An app of its own: the address's count must start at nothing, whatever the other tests tried.
    const guarded = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    try {
      const fromAddress = (remoteAddress: string, userName: string, password: string) =>
        guarded.app.inject({ method: 'POST', url: '/api/security/login', remoteAddress, headers: { 'user-agent': AGENT }, payload: { userName, password } });
      const entries = async (filters: Record<string, unknown>) => {
        const res = await guarded.call('POST', '/api/AuditLog/Query', { pageSize: 100, filters }, await guarded.signIn());
        return res.json().data.items as Entry[];
      };
      // Four names, each tried once: no name reaches its own limit (10), the address reaches its (4).
      const tried = ['ghost-one', 'ghost-two', 'admin', 'ghost-four'];
      const answers = [];
      for (const userName of tried) answers.push((await fromAddress('10.5.5.5', userName, 'wrong-password')).json().errorCode);
      expect(answers).toEqual([40001, 40001, 40001, 40001]);

      const locks = await entries({ action: 'lock' });
      expect(locks).toHaveLength(1);
      expect(locks[0]).toMatchObject({ entity: 'SignIn', entityId: 'address:10.5.5.5', clientAddress: '10.5.5.5', userAgent: AGENT, userName: 'ghost-four', userId: null });
      const failures = await entries({ action: 'sign-in-failed' });
      expect(failures.map((e) => e.userName).reverse()).toEqual(tried);
      expect(failures.every((e) => e.clientAddress === '10.5.5.5')).toBe(true);

      // The lock holds for the address even with the right password, and writes nothing more.
      const rowsBefore = await guarded.app.ctx.db.kysely.selectFrom('audit_events').select('id').where('client_address', '=', '10.5.5.5').execute();
      const locked = await fromAddress('10.5.5.5', 'admin', ADMIN_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().errorCode).toBe(40029);
      await fromAddress('10.5.5.5', 'ghost-five', 'wrong-password');
      const rowsAfter = await guarded.app.ctx.db.kysely.selectFrom('audit_events').select('id').where('client_address', '=', '10.5.5.5').execute();
      expect(rowsAfter).toHaveLength(rowsBefore.length);
      // Another address is not locked.
      expect((await fromAddress('10.5.5.6', 'admin', ADMIN_PASSWORD)).json().isSuccess).toBe(true);
    } finally {
      await guarded.close();
    }
  });

  it('records a change of the roles that must use two-factor sign-in: who, the roles before and after, nothing when nothing changed', async () => {
    const secondAdmin = await buildUser(t, admin, ['admin']);
    const policyEntries = async () => (await query({ pageSize: 100, filters: { entity: 'TwoFactorPolicy' } })).items;
    const setPolicy = (requiredRoles: string[], token = admin) => act('POST', '/api/User/TwoFactorPolicy', { requiredRoles }, token);
    expect(await policyEntries()).toEqual([]);

    expect((await setPolicy(['hr', 'editor', 'hr'])).json().data).toEqual({ requiredRoles: ['editor', 'hr'] });
    const [first] = await policyEntries();
    expect(first).toMatchObject({
      action: 'settings-change',
      entityId: null,
      userId: adminId,
      userName: 'admin',
      clientAddress: '10.1.2.3',
      userAgent: AGENT,
      changes: { requiredRoles: [[], ['editor', 'hr']] },
    });

    // Another administrator's change names them, with what it found before.
    expect((await setPolicy(['hr'], secondAdmin.token)).statusCode).toBe(200);
    const [second] = await policyEntries();
    expect(second).toMatchObject({ action: 'settings-change', userId: secondAdmin.id, userName: secondAdmin.userName, changes: { requiredRoles: [['editor', 'hr'], ['hr']] } });

    // The same roles again, and a refused change, write nothing.
    expect((await setPolicy(['hr'])).statusCode).toBe(200);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await setPolicy([], editor.token)).statusCode).toBe(403);
    expect((await setPolicy(['nobody'])).statusCode).toBe(400);
    expect(await policyEntries()).toHaveLength(2);

    // Back to none, so the tests after this one meet no requirement.
    await setPolicy([]);
    const entries = await policyEntries();
    expect(entries).toHaveLength(3);
    expect(entries[0].changes).toEqual({ requiredRoles: [['hr'], []] });
  });

  it('records user creation, updates, role changes (before and after), password changes and deletion, never a password hash', async () => {
    const user = await buildUser(t, admin, ['editor']);
    expect((await entriesOf('User', user.id)).map((e) => e.action)).toContain('create');
    await act('POST', '/api/User/Update', { id: user.id, displayName: 'Renamed', roles: ['editor', 'hr'] });
    const afterUpdate = await entriesOf('User', user.id);
    const roleChange = afterUpdate.find((e) => e.action === 'role-change')!;
    expect(roleChange.changes).toEqual({ roles: [['editor'], ['editor', 'hr']] });
    expect(roleChange).toMatchObject({ userId: adminId, clientAddress: '10.1.2.3', userAgent: AGENT });
    const update = afterUpdate.find((e) => e.action === 'update')!;
    expect(Object.keys(update.changes!)).toEqual(['displayName']);
    expect(update.changes!.displayName[1]).toBe('Renamed');

    // One's own change first: the administrator's reset ends the user's sessions.
    expect((await act('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'own-new-password-7' }, user.token)).statusCode).toBe(200);
    expect((await act('POST', '/api/User/UpdatePassword', { id: user.id, newPassword: 'another-password-9' })).statusCode).toBe(200);
    const passwordChanges = (await entriesOf('User', user.id)).filter((e) => e.action === 'password-change');
    expect(passwordChanges.map((e) => e.userId).sort()).toEqual([adminId, user.id].sort());
    await act('DELETE', `/api/User/${user.id}`);
    expect((await entriesOf('User', user.id))[0]).toMatchObject({ action: 'delete', userId: adminId });

    const hash = (await t.app.ctx.db.kysely.selectFrom('users').select('password_hash').where('id', '=', adminId).executeTakeFirstOrThrow()).password_hash;
    const everything = JSON.stringify(await allRows());
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain('argon2');
    expect(everything).not.toContain('another-password-9');
  });

  it('records create, update (fields before and after), publish and delete of a generic resource', async () => {
    const created = (await act('POST', '/api/News', { title: 'Audited', content: '<p>x</p>', categoryId: newsCategory })).json().data;
    await act('POST', '/api/News/Update', { id: created.id, title: 'Audited again', status: 'published' });
    await act('POST', `/api/News/${created.id}`);
    const entries = await entriesOf('News', created.id);
    expect(entries.map((e) => e.action).reverse()).toEqual(['create', 'update', 'publish', 'delete']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.changes).toMatchObject({ title: ['Audited', 'Audited again'], status: ['draft', 'published'] });
    expect(update).toMatchObject({ userId: adminId, userName: 'admin', clientAddress: '10.1.2.3', userAgent: AGENT });
    // Created published at once: create and publish.
    const job = (await act('POST', '/api/Job', { title: 'Open at once', categoryId: (await t.call('POST', '/api/JobCategory', { name: '审计职位分类二' }, admin)).json().data.id, description: '<p>x</p>', status: 'open' })).json().data;
    expect((await entriesOf('Job', job.id)).map((e) => e.action).reverse()).toEqual(['create', 'publish']);
  });

  it('keeps no entry and no row when a write fails half-way', async () => {
    const entriesBefore = (await allRows()).length;
    const categoriesBefore = (await t.app.ctx.db.kysely.selectFrom('news_categories').selectAll().execute()).length;
    // The unique index refuses the insert inside the transaction: the entry goes with it.
    const dup = await t.call('POST', '/api/NewsCategory', { name: '审计分类' }, admin);
    expect(dup.statusCode).toBe(409);
    const other = (await t.call('POST', '/api/NewsCategory', { name: '另一个审计分类' }, admin)).json().data;
    const renamed = await t.call('POST', '/api/NewsCategory/Update', { id: other.id, name: '审计分类' }, admin);
    expect(renamed.statusCode).toBe(409);
    // A delete refused by the foreign key of a news item still in the category.
    await t.call('POST', '/api/News', { title: 'Keeps its category', content: '<p>x</p>', categoryId: other.id }, admin);
    const entriesMid = (await allRows()).length;
    expect((await t.call('DELETE', `/api/NewsCategory/${other.id}`, undefined, admin)).statusCode).toBe(409);
    expect((await allRows()).length).toBe(entriesMid);
    // Only the successful category create and news create were recorded.
    expect((await allRows()).length).toBe(entriesBefore + 2);
    expect((await t.app.ctx.db.kysely.selectFrom('news_categories').selectAll().execute()).length).toBe(categoriesBefore + 1);
    expect((await entriesOf('NewsCategory', other.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('rolls the change back when its entry cannot be written: no change goes unrecorded', async () => {
    const db = t.app.ctx.db.kysely;
    const news = (await t.call('POST', '/api/News', { title: 'Kept as it was', content: '<p>x</p>', categoryId: newsCategory }, admin)).json().data;
    const revisionsBefore = (await t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin)).json().data.meta.total;
    // The log refuses every entry about this item from now on, as a full disk or a lost connection would.
    if (engine === 'sqlite') {
      await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events WHEN NEW.entity = 'News' AND NEW.entity_id = ${sql.lit(String(news.id))} BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN IF NEW.entity = 'News' AND NEW.entity_id = ${sql.lit(String(news.id))} THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(db);
    }
    try {
      const update = await t.call('POST', '/api/News/Update', { id: news.id, title: 'Never saved' }, admin);
      expect(update.statusCode).toBe(500);
      expect(update.body).not.toContain('audit refused');
      const remove = await t.call('DELETE', `/api/News/${news.id}`, undefined, admin);
      expect(remove.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_audit${sql.raw(engine === 'sqlite' ? '' : ' ON audit_events')}`.execute(db);
      if (engine !== 'sqlite') await sql`DROP FUNCTION refuse_audit()`.execute(db);
    }
    const after = (await t.call('GET', `/api/News/${news.id}`, undefined, admin)).json().data;
    expect(after).toMatchObject({ id: news.id, title: 'Kept as it was', updatedAt: news.updatedAt });
    expect((await t.call('GET', `/api/News/${news.id}/Revisions`, undefined, admin)).json().data.meta.total).toBe(revisionsBefore);
    expect((await entriesOf('News', news.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('records status moves, notes and résumé downloads of applications without copying the applicant\'s data', async () => {
    const id = await apply();
    expect((await entriesOf('JobApplication', id))).toEqual([]); // the visitor's own submission is no staff action
    await act('POST', `/api/JobApplication/${id}`, { statusId: 2, note: `Called ${APPLICANT.name}` });
    await act('POST', `/api/JobApplication/${id}/Note`, { note: `Email ${APPLICANT.email}` });
    const application = (await t.call('GET', `/api/JobApplication/${id}`, undefined, admin)).json().data;
    const fileId = Number(application.resumeUrl.split('/').pop());
    const download = await act('GET', application.resumeUrl);
    expect(download.statusCode).toBe(200);
    const entries = await entriesOf('JobApplication', id);
    expect(entries.map((e) => e.action).reverse()).toEqual(['status-move', 'update', 'resume-download']);
    expect(entries.find((e) => e.action === 'status-move')!.changes).toEqual({ statusId: [null, null] });
    expect(entries.find((e) => e.action === 'update')!.changes).toEqual({ note: [null, null] });
    expect(entries.find((e) => e.action === 'resume-download')).toMatchObject({ changes: { resumeFileId: [null, fileId] }, userId: adminId, userAgent: AGENT });

    const contact = (await t.call('POST', '/api/ContactInfo', { name: APPLICANT.name, email: APPLICANT.email, message: 'hello' })).json().data.id;
    await act('POST', `/api/ContactInfo/${contact}`, { statusId: 3 });
    await act('DELETE', `/api/ContactInfo/${contact}`);
    // A contact message's delete is an erasure (docs/decisions/0043).
    expect((await entriesOf('ContactInfo', contact)).map((e) => e.action).reverse()).toEqual(['status-move', 'erase']);

    const everything = JSON.stringify(await allRows());
    for (const value of Object.values(APPLICANT)) expect(everything).not.toContain(value);
  });

  it('exports applications as CSV in the reader\'s language, recorded as csv-export, and only for the module', async () => {
    await apply();
    const zh = await act('POST', '/api/JobApplication/Export?offset=480', { filters: { statusId: 1 } });
    expect(zh.statusCode, zh.body).toBe(200);
    expect(zh.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(zh.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(zh.body.startsWith('\uFEFF"ID","应聘职位","姓名"')).toBe(true);
    expect(zh.body).toContain(`"${APPLICANT.name}"`);
    expect(zh.body).toContain('"新申请"');
    expect(zh.body).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+08:00"/);
    const en = await t.call('POST', '/api/JobApplication/Export', {}, admin, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body.startsWith('\uFEFF"ID","Position","Name"')).toBe(true);
    const exports = (await query({ filters: { action: 'csv-export', entity: 'JobApplication' } })).items;
    expect(exports).toHaveLength(2);
    expect(exports[1]).toMatchObject({ userId: adminId, clientAddress: '10.1.2.3', userAgent: AGENT, entityId: null, changes: null });

    expect((await t.call('POST', '/api/JobApplication/Export', { filters: { color: 'red' } }, admin)).statusCode).toBe(400);
    const editor = await buildUser(t, admin, ['editor']);
    expect((await t.call('POST', '/api/JobApplication/Export', {}, editor.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/ContactInfo/Export', {}, admin)).body.startsWith('\uFEFF"ID","姓名"')).toBe(true);
    expect((await t.call('POST', '/api/JoinUs/Export', {}, admin)).statusCode).toBe(200);
    const audit = await t.call('POST', '/api/AuditLog/Export', { filters: { action: 'csv-export' } }, admin);
    expect(audit.body.startsWith('\uFEFF"ID","时间","用户 ID","用户","操作"')).toBe(true);
    expect(audit.body).toContain('"JobApplication"');
    expect((await query({ filters: { action: 'csv-export', entity: 'AuditLog' } })).items).toHaveLength(1);
  });

  it('records site settings changes, page publishing and media uploads and deletions', async () => {
    await act('POST', '/api/Site/Update', { phone: '400-123-4567' });
    const settings = (await query({ filters: { action: 'settings-change' } })).items[0];
    expect(settings).toMatchObject({ entity: 'Site', userId: adminId, userAgent: AGENT });
    expect(settings.changes!.phone[1]).toBe('400-123-4567');

    await act('POST', '/api/Page/Publish', { key: 'strength' });
    expect((await entriesOf('Page', 'strength'))[0]).toMatchObject({ action: 'publish', userId: adminId });

    const body = multipart({}, { file: { name: 'photo.png', type: 'image/png', content: samples.png } });
    const upload = await t.app.inject({ method: 'POST', url: '/api/File', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${admin}`, 'user-agent': AGENT } });
    const imageId = upload.json().data.id as number;
    expect((await act('DELETE', `/api/Media/${imageId}`)).statusCode).toBe(200);
    expect((await entriesOf('Media', imageId)).map((e) => e.action).reverse()).toEqual(['create', 'delete']);
  });

  it('lists entries through AuditLog/Query: filtered by user, entity, action and time, newest first, paginated; administrators only', async () => {
    const page = await query({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.meta.total).toBeGreaterThan(10);
    expect(Date.parse(page.items[0].at)).toBeGreaterThanOrEqual(Date.parse(page.items[1].at));
    const ascending = (await query({ pageSize: 5, sort: { field: 'at', order: 'asc' } })).items;
    expect(ascending[0]).toMatchObject({ action: 'sign-in', userId: adminId }); // the first thing beforeAll did
    const byUser = (await query({ pageSize: 100, filters: { userId: adminId } })).items;
    expect(byUser.every((e) => e.userId === adminId)).toBe(true);
    const byName = (await query({ pageSize: 100, filters: { userName: 'admin' } })).items;
    expect(byName.length).toBe(byUser.filter((e) => e.userName === 'admin').length);
    expect((await query({ keyword: 'adm', pageSize: 100 })).meta.total).toBeGreaterThanOrEqual(byName.length);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await query({ filters: { atFrom: future } })).meta.total).toBe(0);
    expect((await query({ filters: { atTo: '2000-01-01' } })).meta.total).toBe(0);
    expect((await query({ filters: { entity: 'News', action: 'publish' } })).items.every((e) => e.entity === 'News' && e.action === 'publish')).toBe(true);

    expect((await t.call('POST', '/api/AuditLog/Query', { filters: { action: 'dance' } }, admin)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/AuditLog/Query', { filters: { ip: '1' } }, admin)).statusCode).toBe(400);
    const editor = await buildUser(t, admin, ['editor', 'hr', 'service', 'marketing']);
    const refused = await t.call('POST', '/api/AuditLog/Query', {}, editor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(40003);
    expect((await t.call('POST', '/api/AuditLog/Query', {})).statusCode).toBe(401);
    // Read-only: nothing writes the log through the API.
    expect((await t.call('POST', '/api/AuditLog', { action: 'create' }, admin)).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/AuditLog/1', undefined, admin)).statusCode).toBe(404);
  });

  it('names only kinds of record the back-office offers as a filter and names in both languages', async () => {
    // Every entry the tests above caused: a kind missing from the list is shown raw and cannot be filtered.
    const entities = new Set((await allRows()).map((row) => row.entity).filter((entity) => entity !== null));
    expect(entities.size).toBeGreaterThan(5);
    expect([...entities].filter((entity) => !(AUDIT_ENTITIES as readonly string[]).includes(entity))).toEqual([]);
  });

  it('purges entries older than AUDIT_RETENTION_DAYS, and only those', async () => {
    const db = t.app.ctx.db.kysely;
    const now = new Date('2031-06-01T00:00:00.000Z');
    const row = (at: string) => ({ at, user_id: null, user_name: 'purge-test', action: 'sign-in', entity: null, entity_id: null, changes: null, client_address: null, user_agent: null });
    await db
      .insertInto('audit_events')
      .values([row('2030-05-31T23:59:59.000Z'), row('2030-06-01T00:00:01.000Z'), row('2031-05-31T00:00:00.000Z')])
      .execute();
    expect(t.app.ctx.config.audit.retentionDays).toBe(365);
    expect(await purgeAuditEvents(t.app.ctx, now)).toBeGreaterThanOrEqual(1);
    const kept = await db.selectFrom('audit_events').select('at').where('user_name', '=', 'purge-test').orderBy('at').execute();
    expect(kept.map((r) => r.at)).toEqual(['2030-06-01T00:00:01.000Z', '2031-05-31T00:00:00.000Z']);
  });
});
