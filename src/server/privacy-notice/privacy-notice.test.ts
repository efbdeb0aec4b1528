import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { PAGE_SIZE_DEFAULT } from '../../shared/fields.js';
import { NEUTRAL_SITE_SETTINGS } from '../../shared/schemas/site.js';
import { replaceSiteSettings } from '../site/repository.js';
import * as migration from '../db/migrations/0022-privacy-notice-version-zero.js';

/**
 * The privacy notice's versions as staff read them (docs/decisions/0045, 0048): version 0 kept with
 * the text visitors were shown, the list a page at a time, one version for a record that names it.
 */
describe.each(testEngines())('the privacy notice versions on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let marketing: string;
  let hr: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    marketing = (await buildUser(t, admin, ['marketing'])).token;
    hr = (await buildUser(t, admin, ['hr'])).token;
    editor = (await buildUser(t, admin, ['editor'])).token;
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db.kysely;
  const publish = async (zh: string, en: string) => {
    const saved = await t.call('POST', '/api/Site/Update', { privacyNotice: { 'zh-CN': zh, 'en-US': en } }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const list = (body: unknown, token = admin) => t.call('POST', '/api/PrivacyNotice/Query', body, token);
  const one = (version: number | string, token = admin) => t.call('GET', `/api/PrivacyNotice/${version}`, undefined, token);
  /** What a visitor reads on the privacy page, in each language. */
  const shown = async () => ({
    'zh-CN': (await t.call('GET', '/api/Site?locale=zh-CN')).json().data.privacyNotice as string,
    'en-US': (await t.call('GET', '/api/Site?locale=en-US')).json().data.privacyNotice as string,
  });
  /** A site on which nothing was published, with these settings. */
  const startOver = async (privacyNotice?: { 'zh-CN': string; 'en-US': string }) => {
    await db().deleteFrom('privacy_notices').execute();
    await db().deleteFrom('revisions').where('entity', '=', 'Site').execute();
    await db().updateTable('site_settings').set({ settings: '{}', updated_at: null }).where('id', '=', 1).execute();
    if (privacyNotice) await replaceSiteSettings(db(), { ...NEUTRAL_SITE_SETTINGS, privacyNotice });
  };
  const stored = async () =>
    (await db().selectFrom('privacy_notices').selectAll().orderBy('version').execute()).map((row) => ({
      version: Number(row.version),
      zh: row.text_zh,
      en: row.text_en,
      publishedAt: row.published_at,
      publishedBy: row.published_by,
    }));

  it('keeps the built-in notice visitors were shown as version 0 when the first version is published, and only then', async () => {
    await startOver();
    const before = await shown();
    expect(before['en-US']).toContain('What we collect');
    // Nothing published: version 0 is the notice the settings hold, in force, never published.
    const unpublished = await list({ page: 1, pageSize: 10 });
    expect(unpublished.json().data).toEqual({
      items: [{ version: 0, text: NEUTRAL_SITE_SETTINGS.privacyNotice, publishedAt: null, publishedBy: null }],
      meta: { page: 1, pageSize: 10, total: 1 },
    });
    expect((await one(0)).json().data.text).toEqual(NEUTRAL_SITE_SETTINGS.privacyNotice);
    expect(await stored()).toEqual([]);

    await publish('第一版', 'First');
    const kept = await stored();
    expect(kept.map((v) => v.version)).toEqual([0, 1]);
    expect(kept[0]).toEqual({ version: 0, zh: before['zh-CN'], en: before['en-US'], publishedAt: null, publishedBy: null });
    expect(kept[1]).toMatchObject({ version: 1, zh: '第一版', en: 'First', publishedBy: 'admin', publishedAt: expect.any(String) });

    // Later versions leave 0 as it is; saving other settings publishes nothing.
    await publish('第二版', 'Second');
    await t.call('POST', '/api/Site/Update', { footerText: { 'zh-CN': '页脚', 'en-US': 'Footer' } }, admin);
    expect((await stored()).map((v) => [v.version, v.en])).toEqual([
      [0, before['en-US']],
      [1, 'First'],
      [2, 'Second'],
    ]);
    expect((await one(0)).json().data).toEqual({ version: 0, text: NEUTRAL_SITE_SETTINGS.privacyNotice, publishedAt: null, publishedBy: null });
  });

  it('keeps a notice written into the settings as version 0, as written, a language left empty included', async () => {
    // Written without publishing, as the demo seed writes it; the empty English falls back to the Chinese.
    await startOver({ 'zh-CN': '## 旧声明\n\n只有中文。', 'en-US': '' });
    expect(await shown()).toEqual({ 'zh-CN': '## 旧声明\n\n只有中文。', 'en-US': '## 旧声明\n\n只有中文。' });
    expect((await one(0)).json().data.text).toEqual({ 'zh-CN': '## 旧声明\n\n只有中文。', 'en-US': '' });
    await publish('新声明', 'New notice');
    expect((await stored())[0]).toEqual({ version: 0, zh: '## 旧声明\n\n只有中文。', en: '', publishedAt: null, publishedBy: null });
    // The public version is the one published, and a form of the old page is refused as before.
    expect((await t.call('GET', '/api/PrivacyNotice')).json().data.version).toBe(1);
  });

  it('lists the versions newest first a page at a time, and answers one by its number', async () => {
    await startOver();
    for (const n of [1, 2, 3, 4]) await publish(`第${n}版`, `Version ${n}`);
    const page = async (n: number, pageSize = 2) => (await list({ page: n, pageSize })).json().data;
    const first = await page(1);
    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 5 });
    expect(first.items.map((v: { version: number }) => v.version)).toEqual([4, 3]);
    expect((await page(2)).items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const last = await page(3);
    expect(last.items.map((v: { version: number; publishedAt: string | null }) => [v.version, v.publishedAt])).toEqual([[0, null]]);
    expect((await page(4)).items).toEqual([]);
    // The defaults: the first page of the usual size.
    expect((await list({})).json().data.meta).toEqual({ page: 1, pageSize: PAGE_SIZE_DEFAULT, total: 5 });
    expect((await list({ page: 0 })).statusCode).toBe(400);
    expect((await list({ pageSize: 1000 })).statusCode).toBe(400);
    expect((await list({ sort: 'version' })).statusCode).toBe(400);

    const third = (await one(3)).json().data;
    expect(third).toMatchObject({ version: 3, text: { 'zh-CN': '第3版', 'en-US': 'Version 3' }, publishedBy: 'admin' });
    expect((await one(9)).statusCode).toBe(404);
    for (const bad of ['x', '-1', '01', '1.5']) expect((await one(bad)).statusCode, bad).toBe(400);
  });

  it('lets site and privacy staff list the versions, and staff reading a record read one; refuses the others', async () => {
    for (const token of [admin, marketing]) expect((await list({}, token)).statusCode).toBe(200);
    expect((await list({}, hr)).statusCode).toBe(403);
    expect((await list({}, editor)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/PrivacyNotice/Query', {})).statusCode).toBe(401);
    // An application names a version: those who read it read that version.
    for (const token of [admin, marketing, hr]) expect((await one(1, token)).statusCode).toBe(200);
    expect((await one(1, editor)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/PrivacyNotice/1')).statusCode).toBe(401);
    // The current version stays public.
    expect((await t.call('GET', '/api/PrivacyNotice')).statusCode).toBe(200);
  });

  describe('migration 0022 on a site that published versions before version 0 was kept', () => {
    const notice = (en: string) => ({ 'zh-CN': `中文 ${en}`, 'en-US': en });
    const revision = (entity: string, record: object) =>
      db()
        .insertInto('revisions')
        .values({ entity, record_key: '1', record_json: JSON.stringify(record), summary: '', user_id: null, user_name: null, created_at: new Date().toISOString() })
        .execute();
    /** The history 0020 left: each save kept the settings it replaced; versions 1 and 2 were published. */
    const history = async (first = 'First') => {
      await startOver();
      await migration.down(db());
      // Before versions were kept: the notice changed once without publishing anything.
      await revision('Site', { id: 1, privacyNotice: notice('Older'), footerText: notice('') });
      await revision('Site', { id: 1, privacyNotice: notice('Before'), footerText: notice('') });
      // Since: the footer, then the notice (version 1), the footer, the notice again (version 2).
      await revision('Site', { id: 1, privacyNotice: notice('Before'), footerText: notice('Footer') });
      await revision('Page', { id: 1, privacyNotice: notice('Not the settings') });
      await revision('Site', { id: 1, privacyNotice: notice('First'), footerText: notice('Footer') });
      await revision('Site', { id: 1, privacyNotice: notice('First'), footerText: notice('Footer 2') });
      await db().updateTable('site_settings').set({ settings: JSON.stringify({ privacyNotice: notice('Second'), footerText: notice('Footer 2') }) }).execute();
      const at = new Date().toISOString();
      await db()
        .insertInto('privacy_notices')
        .values([
          { version: 1, text_zh: notice(first)['zh-CN'], text_en: notice(first)['en-US'], published_at: at, published_by: 'admin' },
          { version: 2, text_zh: notice('Second')['zh-CN'], text_en: 'Second', published_at: at, published_by: 'admin' },
        ])
        .execute();
    };

    it('finds version 0 in the settings\' revisions: the notice before the change that published version 1', async () => {
      await history();
      await migration.up(db());
      expect((await stored()).map((v) => [v.version, v.en, v.publishedAt])).toEqual([
        [0, 'Before', null],
        [1, 'First', expect.any(String)],
        [2, 'Second', expect.any(String)],
      ]);
      expect((await one(0)).json().data.text).toEqual(notice('Before'));
    });

    it('keeps none when the history does not match the versions, rather than guess', async () => {
      await history('Something else');
      await migration.up(db());
      expect((await stored()).map((v) => v.version)).toEqual([1, 2]);
      expect((await one(0)).statusCode).toBe(404);
      expect((await list({ page: 1, pageSize: 10 })).json().data.meta.total).toBe(2);
      // Nor later: version 0 is the notice before version 1, not the one in force at the next publish.
      await publish('第三版', 'Third');
      expect((await stored()).map((v) => v.version)).toEqual([1, 2, 3]);
    });
  });
});
