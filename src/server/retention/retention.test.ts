import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { runRetention } from './run.js';
import { acknowledge, sendDigests } from '../notifications/notify.js';
import { mailNames } from '../erasure/outbox.js';
import { emailDigest } from '../erasure/erase.js';

const DAY = 86_400_000;
// Noon (UTC) of today: records dated days before it are in the past for the HTTP preview too.
const NOW = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 43_200_000);
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY).toISOString();

describe.each(testEngines())('retention, consent and form notifications on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let hr: string;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    hr = (await buildUser(t, admin, ['hr'])).token;
    const categoryId = (await t.call('POST', '/api/JobCategory', { name: '研发' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: '测试工程师', categoryId, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db.kysely;
  let seq = 0;
  async function apply(fields: Record<string, string> = {}) {
    seq++;
    const body = multipart(
      { jobId: String(jobId), name: `申请人${seq}`, phone: `1390000${String(seq).padStart(4, '0')}`, email: `a${seq}@example.com`, consent: 'true', ...fields },
      { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } },
    );
    return t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: `10.31.${seq % 250}.1` });
  }
  async function contact(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    seq++;
    return t.app.inject({
      method: 'POST',
      url: '/api/ContactInfo',
      payload: { name: `访客${seq}`, email: `c${seq}@example.com`, message: '请回电 VISITOR-FREE-TEXT', ...body },
      headers,
      remoteAddress: `10.32.${seq % 250}.1`,
    });
  }
  const outbox = () => path.join(t.dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).map((name) => fs.readFileSync(path.join(outbox(), name), 'utf8')) : []);

  describe('retention', () => {
    it('answers the defaults, changes a kind and keeps the others, refuses bad values and other modules', async () => {
      const read = await t.call('GET', '/api/Retention', undefined, admin);
      expect(read.json().data).toMatchObject({ JobApplication: { days: 180, action: 'delete' }, ContactInfo: { days: 365, action: 'delete' }, JoinUs: { days: 365, action: 'delete' } });
      const saved = await t.call('POST', '/api/Retention/Update', { JoinUs: { days: 30, action: 'anonymise' } }, admin);
      expect(saved.json().data).toMatchObject({ JobApplication: { days: 180 }, JoinUs: { days: 30, action: 'anonymise' } });
      expect((await t.call('POST', '/api/Retention/Update', { JoinUs: { days: 0, action: 'delete' } }, admin)).statusCode).toBe(400);
      expect((await t.call('POST', '/api/Retention/Update', { Other: { days: 3, action: 'delete' } }, admin)).statusCode).toBe(400);
      expect((await t.call('POST', '/api/Retention/Update', { JoinUs: { days: 3, action: 'shred' } }, admin)).statusCode).toBe(400);
      expect((await t.call('GET', '/api/Retention', undefined, hr)).statusCode).toBe(403);
      expect((await t.call('POST', '/api/Retention/Preview', {}, hr)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/Retention')).statusCode).toBe(401);
      const audit = await db().selectFrom('audit_events').selectAll().where('entity', '=', 'Retention').execute();
      expect(audit).toHaveLength(1);
      await t.call('POST', '/api/Retention/Update', { JoinUs: { days: 365, action: 'delete' } }, admin);
    });

    it('previews and removes only what is past its period; applications from their last status change', async () => {
      // Four applications: old and never moved (due), old but moved recently (kept), recent (kept), old and moved long ago (due).
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push((await apply()).json().data.id);
      const [oldUnmoved, oldMovedRecently, recent, oldMovedLongAgo] = ids;
      await t.call('POST', `/api/JobApplication/${oldMovedRecently}`, { statusId: 2 }, hr);
      await t.call('POST', `/api/JobApplication/${oldMovedLongAgo}`, { statusId: 3 }, hr);
      const setCreated = (id: number, at: string) => db().updateTable('job_applications').set({ created_at: at, updated_at: at }).where('id', '=', id).execute();
      const setMoved = (id: number, at: string) => db().updateTable('status_history').set({ at }).where('entity', '=', 'JobApplication').where('record_id', '=', id).execute();
      await setCreated(oldUnmoved, daysBefore(400));
      await setCreated(oldMovedRecently, daysBefore(400));
      await setMoved(oldMovedRecently, daysBefore(10));
      await setCreated(recent, daysBefore(20));
      await setCreated(oldMovedLongAgo, daysBefore(500));
      await setMoved(oldMovedLongAgo, daysBefore(200));
      // Contact messages: one 400 days old (due), one 300 days (kept).
      const oldMessage = (await contact()).json().data.id as number;
      const youngMessage = (await contact()).json().data.id as number;
      await db().updateTable('contact_infos').set({ created_at: daysBefore(400) }).where('id', '=', oldMessage).execute();
      await db().updateTable('contact_infos').set({ created_at: daysBefore(300) }).where('id', '=', youngMessage).execute();

      // Through HTTP (the real clock, years before NOW): the records dated 400 and 500 days before NOW are due today too.
      const preview = await t.call('POST', '/api/Retention/Preview', { pageSize: 1, page: 2, settings: { ContactInfo: { days: 1, action: 'delete' } } }, admin);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data.counts).toEqual({ JobApplication: 2, ContactInfo: 2, JoinUs: 0 });
      expect(preview.json().data.meta).toEqual({ page: 2, pageSize: 1, total: 4 });
      expect(preview.json().data.items).toHaveLength(1);
      expect((await t.call('POST', '/api/Retention/Preview', { settings: { ContactInfo: { days: -1, action: 'delete' } } }, admin)).statusCode).toBe(400);

      const { countDue, duePage, readRetention } = await import('./repository.js');
      const values = await readRetention(db());
      const counts = await countDue(db(), values, NOW);
      expect(counts).toEqual({ JobApplication: 2, ContactInfo: 1, JoinUs: 0 });
      const page1 = await duePage(db(), values, counts, NOW, 1, 2);
      expect(page1.map((d) => [d.entity, d.id])).toEqual([
        ['JobApplication', oldUnmoved],
        ['JobApplication', oldMovedLongAgo],
      ]);
      expect(page1[1].since).toBe(daysBefore(200));
      const page2 = await duePage(db(), values, counts, NOW, 2, 2);
      expect(page2.map((d) => [d.entity, d.id])).toEqual([['ContactInfo', oldMessage]]);
      // A shorter period given to the preview only: the 300-day message is due under it; nothing is saved.
      const shorter = await countDue(db(), { ...values, ContactInfo: { days: 200, action: 'delete' } }, NOW);
      expect(shorter.ContactInfo).toBe(2);

      // Acknowledgements: one sent two days ago limits nothing any more, one sent an hour ago still does.
      await db().deleteFrom('acknowledgements').execute();
      await db().insertInto('acknowledgements').values([
        { address_sha256: emailDigest('old.ack@example.com')!, sent_at: daysBefore(2) },
        { address_sha256: emailDigest('new.ack@example.com')!, sent_at: new Date(NOW.getTime() - 3_600_000).toISOString() },
      ]).execute();

      const run = await runRetention(t.app.ctx, NOW);
      expect(run).toEqual({ status: 'ran', removed: { JobApplication: 2, ContactInfo: 1, JoinUs: 0 } });
      expect((await db().selectFrom('acknowledgements').select('address_sha256').execute()).map((r) => r.address_sha256)).toEqual([emailDigest('new.ack@example.com')]);
      const left = (await db().selectFrom('job_applications').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
      expect(left.sort()).toEqual([oldMovedRecently, recent].sort());
      expect(await db().selectFrom('contact_infos').select('id').where('id', 'in', [oldMessage, youngMessage]).execute()).toEqual([{ id: youngMessage }]);
      // Audited by the erasure functions, as the retention job, naming no user.
      const entries = await db().selectFrom('audit_events').selectAll().where('user_name', '=', 'retention').execute();
      expect(entries.map((e) => `${e.action} ${e.entity} ${e.entity_id}`).sort()).toEqual(
        [`erase JobApplication ${oldUnmoved}`, `erase JobApplication ${oldMovedLongAgo}`, `erase ContactInfo ${oldMessage}`].sort(),
      );
      expect(entries.every((e) => e.user_id === null)).toBe(true);
      // Once a day: a second run that day does nothing.
      expect(await runRetention(t.app.ctx, new Date(NOW.getTime() + 3_600_000))).toEqual({ status: 'skipped' });
      expect((await t.call('GET', '/api/Retention', undefined, admin)).json().data.lastRunOn).toBe(NOW.toISOString().slice(0, 10));
    });

    it('anonymises instead when told, and leaves what already is', async () => {
      await t.call('POST', '/api/Retention/Update', { ContactInfo: { days: 30, action: 'anonymise' } }, admin);
      const id = (await contact()).json().data.id as number;
      await db().updateTable('contact_infos').set({ created_at: daysBefore(40, new Date(NOW.getTime() + DAY)) }).where('id', '=', id).execute();
      const next = new Date(NOW.getTime() + DAY);
      const run = await runRetention(t.app.ctx, next);
      expect(run.status).toBe('ran');
      const row = await db().selectFrom('contact_infos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.anonymised_at).not.toBeNull();
      expect(row.email).toBe('');
      const { countDue, readRetention } = await import('./repository.js');
      expect((await countDue(db(), await readRetention(db()), next)).ContactInfo).toBe(0);
      await t.call('POST', '/api/Retention/Update', { ContactInfo: { days: 365, action: 'delete' } }, admin);
    });

    it('runs on one instance only when two share the database', async () => {
      const day = new Date(NOW.getTime() + 10 * DAY);
      if (engine === 'postgres') {
        const other = await createTestApp(engine, {}, { databaseOf: t });
        try {
          const results = await Promise.all([runRetention(t.app.ctx, day), runRetention(other.app.ctx, day)]);
          expect(results.map((r) => r.status).sort()).toEqual(['ran', 'skipped']);
        } finally {
          await other.close();
        }
      } else {
        const results = await Promise.all([runRetention(t.app.ctx, day), runRetention(t.app.ctx, day)]);
        expect(results.map((r) => r.status).sort()).toEqual(['ran', 'skipped']);
      }
    });
  });

  describe('consent', () => {
    it('stores the current version, refuses a stale or unknown one in both languages, keeps old versions', async () => {
      expect((await t.call('GET', '/api/PrivacyNotice')).json().data).toEqual({ version: 0, publishedAt: null });
      const v0 = (await contact({ privacyVersion: 0 })).json().data.id as number;
      const saved = await t.call('POST', '/api/Site/Update', { privacyNotice: { 'zh-CN': '第一版', 'en-US': 'First' } }, admin);
      expect(saved.statusCode, saved.body).toBe(200);
      await t.call('POST', '/api/Site/Update', { privacyNotice: { 'zh-CN': '第二版', 'en-US': 'Second' } }, admin);
      // Saving other settings publishes nothing.
      await t.call('POST', '/api/Site/Update', { footerText: { 'zh-CN': '页脚', 'en-US': 'Footer' } }, admin);
      expect((await t.call('GET', '/api/PrivacyNotice')).json().data.version).toBe(2);

      const stale = await contact({ privacyVersion: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data).toEqual({ reason: 'stale-privacy-notice', version: 2 });
      expect(stale.json().message).toMatch(/隐私声明已更新/);
      expect(stale.json().message).toMatch(/has changed/);
      const unknown = await contact({ privacyVersion: 9 });
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json().message).toMatch(/Unknown privacy notice version/);
      expect((await contact({ privacyVersion: 'x' })).statusCode).toBe(400);
      const staleApplication = await apply({ privacyVersion: '1' });
      expect(staleApplication.statusCode).toBe(409);

      const current = (await contact({ privacyVersion: 2 })).json().data.id as number;
      const unsent = (await contact()).json().data.id as number;
      const application = (await apply({ privacyVersion: '2' })).json().data.id as number;
      const versions = async (ids: number[]) =>
        (await db().selectFrom('contact_infos').select(['id', 'privacy_version']).where('id', 'in', ids).orderBy('id').execute()).map((r) => r.privacy_version);
      expect(await versions([v0, current, unsent])).toEqual([0, 2, 2]);
      expect((await t.call('GET', `/api/JobApplication/${application}`, undefined, admin)).json().data.privacyVersion).toBe(2);
      expect((await t.call('GET', `/api/ContactInfo/${current}`, undefined, admin)).json().data.privacyVersion).toBe(2);

      const list = await t.call('POST', '/api/PrivacyNotice/Query', { page: 1, pageSize: 10 }, admin);
      // Version 0, the notice those before agreed to, is kept with the first published (0048).
      expect(list.json().data.meta.total).toBe(3);
      expect(list.json().data.items.map((v: { version: number; text: { 'en-US': string } }) => [v.version, v.text['en-US']])).toEqual([
        [2, 'Second'],
        [1, 'First'],
        [0, expect.stringContaining('What we collect')],
      ]);
      expect((await t.call('POST', '/api/PrivacyNotice/Query', {}, hr)).statusCode).toBe(403);
    });
  });

  describe('notifications', () => {
    it('sends one digest for two messages, none within the interval, to staff of the module only', async () => {
      const service = await buildUser(t, admin, ['service']);
      await db().updateTable('users').set({ email: 'service.staff@example.com' }).where('id', '=', service.id).execute();
      await db().updateTable('users').set({ email: 'hr.staff@example.com' }).where('user_name', '!=', 'admin').where('id', '!=', service.id).execute();
      await db().deleteFrom('notification_marks').execute();
      // Everything before `from` was covered by an earlier digest.
      const from = new Date(Date.now() + 60_000);
      await db().insertInto('notification_marks').values({ key: 'digest:contact', covered_to: from.toISOString(), sent_at: '2000-01-01T00:00:00.000Z' }).execute();
      await contact();
      await contact();
      await db().updateTable('contact_infos').set({ created_at: new Date(from.getTime() + 1000).toISOString() }).where('created_at', '>', daysBefore(1, new Date())).execute();
      const before = mails().length;
      const at = new Date(from.getTime() + 120_000);
      const first = await sendDigests(t.app.ctx, at);
      expect(first.ContactInfo?.records).toBeGreaterThanOrEqual(2);
      const sent = mails().slice(before);
      const toService = sent.filter((m) => m.includes('service.staff@example.com'));
      expect(toService).toHaveLength(1);
      expect(sent.some((m) => m.includes('hr.staff@example.com'))).toBe(false);
      expect(sent.some((m) => m.includes('VISITOR-FREE-TEXT'))).toBe(false);
      // A new message within the hour waits for the next digest.
      await contact();
      const count = mails().length;
      expect((await sendDigests(t.app.ctx, new Date(at.getTime() + 30 * 60_000))).ContactInfo).toBeNull();
      expect(mails().length).toBe(count);
    });

    it('acknowledges a sender once a day, in their language, without their text, storing no address', async () => {
      const before = mails().length;
      const address = 'Once.A.Day@Example.com';
      expect((await contact({ email: address }, { 'accept-language': 'en-US,en;q=0.9' })).statusCode).toBe(200);
      expect((await contact({ email: address.toLowerCase() })).statusCode).toBe(200);
      const sent = mails().slice(before).filter((m) => /once\.a\.day@example\.com/i.test(m));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/we have received/i);
      expect(sent[0]).not.toContain('VISITOR-FREE-TEXT');
      const rows = await db().selectFrom('acknowledgements').selectAll().execute();
      expect(rows.some((r) => r.address_sha256 === emailDigest(address))).toBe(true);
      expect(JSON.stringify(rows)).not.toMatch(/example\.com/i);
      // A day later, once more.
      expect(await acknowledge(t.app.ctx, address, 'zh-CN', new Date(Date.now() + 86_400_000 + 1000))).toBe(true);
    });

    it('sends the join-us digest to staff of its module, and acknowledges a join-us sender in Chinese', async () => {
      const partner = await buildUser(t, admin, ['service']);
      await db().updateTable('users').set({ email: 'partner.staff@example.com' }).where('id', '=', partner.id).execute();
      await db().deleteFrom('notification_marks').where('key', '=', 'digest:joinus').execute();
      const from = new Date(Date.now() + 60_000);
      await db().insertInto('notification_marks').values({ key: 'digest:joinus', covered_to: from.toISOString(), sent_at: '2000-01-01T00:00:00.000Z' }).execute();
      const before = mails().length;
      const join = await t.app.inject({
        method: 'POST',
        url: '/api/JoinUs',
        payload: { name: '加盟商', phone: '13900001111', email: 'Join.Partner@Example.com', message: '想加盟 VISITOR-FREE-TEXT' },
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
        remoteAddress: '10.34.0.1',
      });
      expect(join.statusCode, join.body).toBe(200);
      await db().updateTable('join_us').set({ created_at: new Date(from.getTime() + 1000).toISOString() }).where('id', '=', join.json().data.id as number).execute();
      const ack = mails().slice(before).filter((m) => mailNames(m, ['join.partner@example.com']));
      expect(ack).toHaveLength(1);
      expect(mailNames(ack[0], ['我们已收到您通过'])).toBe(true);
      expect(mailNames(ack[0], ['VISITOR-FREE-TEXT', '想加盟', '加盟商'])).toBe(false);

      const digest = await sendDigests(t.app.ctx, new Date(from.getTime() + 120_000));
      expect(digest.JoinUs?.records).toBe(1);
      const toPartner = mails().slice(before).filter((m) => mailNames(m, ['partner.staff@example.com']));
      expect(toPartner).toHaveLength(1);
      expect(mailNames(toPartner[0], ['VISITOR-FREE-TEXT', '加盟商', 'join.partner@example.com'])).toBe(false);
    });

    it('drops a honeypot submission silently: success answered, nothing stored, nothing sent', async () => {
      const before = mails().length;
      const rowsBefore = (await db().selectFrom('contact_infos').select('id').execute()).length;
      const res = await contact({ email: 'bot@example.com', website: 'http://spam.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(0);
      expect((await db().selectFrom('contact_infos').select('id').execute()).length).toBe(rowsBefore);
      expect(mails().length).toBe(before);
      const join = await t.app.inject({ method: 'POST', url: '/api/JoinUs', payload: { name: 'bot', phone: '13900000000', message: 'x', website: 'y' }, remoteAddress: '10.33.0.1' });
      expect(join.json().data.id).toBe(0);
    });
  });
});
