import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { PAGE_KEYS } from '../../shared/schemas/page.js';
import { demoPages } from '../demo/pages-content.js';
import { demoSiteSettings } from '../demo/site-settings.js';
import { findImageUses } from '../media/uses.js';

const hero = (title: { 'zh-CN': string; 'en-US': string }) => ({
  type: 'hero',
  title,
  text: { 'zh-CN': '', 'en-US': '' },
  image: '',
  imageAlt: { 'zh-CN': '', 'en-US': '' },
  actions: [],
});

describe.each(testEngines())('editable pages on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let marketing: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    marketing = (await buildUser(t, admin, ['marketing'])).token;
    editor = (await buildUser(t, admin, ['editor'])).token;
  });
  afterAll(() => t?.close());

  const read = (key: string, token?: string, draft = false) => t.call('GET', `/api/Page/${key}${draft ? '?draft=1' : ''}`, undefined, token);
  const update = (body: unknown, token = admin) => t.call('POST', '/api/Page/Update', body, token);
  const publish = (key: string, token = admin) => t.call('POST', '/api/Page/Publish', { key }, token);
  const issuePaths = (body: { data: { issues: { path: string }[] } }) => body.data.issues.map((issue) => issue.path);

  it('has every page published on a new database, with neutral starter blocks naming no company', async () => {
    const demoNames = [demoSiteSettings.companyName['zh-CN'], demoSiteSettings.companyName['en-US'], '博远'];
    for (const key of PAGE_KEYS) {
      const res = await read(key);
      expect(res.statusCode, key).toBe(200);
      const page = res.json().data;
      expect(page.key).toBe(key);
      expect(page.publishedAt).toEqual(expect.any(String));
      expect(page.blocks[0].type, key).toBe('hero');
      expect(page.blocks.some((block: { type: string }) => block.type === 'richText'), key).toBe(true);
      for (const locale of ['zh-CN', 'en-US']) {
        expect(page.title[locale], `${key} ${locale}`).not.toBe('');
        expect(page.blocks[0].title[locale], `${key} ${locale}`).not.toBe('');
      }
      const text = JSON.stringify(page);
      for (const name of demoNames) expect(text, `${key}: ${name}`).not.toContain(name);
      // And none of the demo pages' own texts.
      const demoHero = demoPages[key].blocks.find((block) => block.type === 'hero')!;
      if (demoHero.type === 'hero') expect(text).not.toContain(demoHero.text['en-US']);
    }
  });

  it('answers 404 for a key that names no page', async () => {
    const res = await read('nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40004 });
    expect((await read('nowhere', admin, true)).statusCode).toBe(404);
    // A key not written as one is a malformed path, naming the key.
    const malformed = await read('%20home');
    expect(malformed.statusCode).toBe(400);
    expect(issuePaths(malformed.json())).toEqual(['key']);
  });

  it('lets only staff with the site module read a draft: anonymous 401, editor 403, marketing 200', async () => {
    const anonymous = await read('home', undefined, true);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ isSuccess: false, errorCode: 40005 });
    const refused = await read('home', editor, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ isSuccess: false, errorCode: 40003 });
    const allowed = await read('home', marketing, true);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toMatchObject({ key: 'home', hasUnpublishedChanges: false });
  });

  it('changes only the draft on update; publishing shows it to everyone at once and keeps the previous version', async () => {
    const before = (await read('about')).json().data; // now kept in the public cache
    const blocks = [hero({ 'zh-CN': '新的关于我们', 'en-US': 'A new about page' })];
    const saved = await update({ key: 'about', blocks }, marketing);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ key: 'about', hasUnpublishedChanges: true, blocks, title: before.title });

    // Visitors still see the published page.
    expect((await read('about')).json().data.blocks).toEqual(before.blocks);
    const draft = (await read('about', marketing, true)).json().data;
    expect(draft.blocks).toEqual(blocks);
    expect(draft.updatedBy).toEqual(expect.any(String));

    // A partial update keeps the blocks.
    const titled = await update({ key: 'about', title: { 'zh-CN': '关于', 'en-US': 'About' } });
    expect(titled.json().data).toMatchObject({ blocks, title: { 'zh-CN': '关于', 'en-US': 'About' } });

    const published = await publish('about', marketing);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ hasUnpublishedChanges: false, hasPrevious: true });
    const now = (await read('about')).json().data;
    expect(now.blocks).toEqual(blocks);
    expect(now.title).toEqual({ 'zh-CN': '关于', 'en-US': 'About' });

    const row = await t.app.ctx.db.kysely.selectFrom('pages').select(['previous_json']).where('key', '=', 'about').executeTakeFirstOrThrow();
    expect(JSON.parse(row.previous_json!).blocks).toEqual(before.blocks);
    // Publishing again without a change keeps that previous version.
    await publish('about');
    const again = await t.app.ctx.db.kysely.selectFrom('pages').select(['previous_json']).where('key', '=', 'about').executeTakeFirstOrThrow();
    expect(JSON.parse(again.previous_json!).blocks).toEqual(before.blocks);
  });

  it('refuses a bad block with 400 naming the field', async () => {
    let res = await update({ key: 'home', blocks: [{ ...hero({ 'zh-CN': 'x', 'en-US': 'x' }), image: 'javascript:alert(1)' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000 });
    expect(issuePaths(res.json())).toContain('blocks.0.image');

    res = await update({ key: 'home', blocks: [hero({ 'zh-CN': 'x', 'en-US': 'x' }), { type: 'marquee', title: { 'zh-CN': '', 'en-US': '' } }] });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())[0]).toMatch(/^blocks\.1/);

    res = await update({ key: 'home', blocks: [{ type: 'cards', title: { 'zh-CN': '', 'en-US': '' }, items: [{ title: { 'zh-CN': 'x'.repeat(201), 'en-US': '' }, text: { 'zh-CN': '', 'en-US': '' }, image: '', imageAlt: { 'zh-CN': '', 'en-US': '' } }] }] });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain('blocks.0.items.0.title.zh-CN');

    res = await update({ key: 'home', blocks: [{ type: 'callToAction', title: { 'zh-CN': '', 'en-US': '' }, text: { 'zh-CN': '', 'en-US': '' }, label: { 'zh-CN': 'x', 'en-US': 'x' }, href: '//evil.example' }] });
    expect(issuePaths(res.json())).toContain('blocks.0.href');

    res = await update({ key: 'home', colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain('colour');

    res = await update({ key: 'nowhere', blocks: [] });
    expect(res.statusCode).toBe(400);
    expect(issuePaths(res.json())).toContain('key');
    expect((await t.call('POST', '/api/Page/Publish', { key: 'nowhere' }, admin)).statusCode).toBe(400);
  });

  it('cleans rich text on the server: a script is gone, the text stays', async () => {
    const res = await update({
      key: 'services',
      blocks: [{ type: 'richText', title: { 'zh-CN': '', 'en-US': '' }, html: { 'zh-CN': '<p>你好<script>alert(1)</script></p>', 'en-US': '<p onclick="x()">Hello</p><img src="javascript:alert(1)">' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json().data.blocks[0].html;
    expect(html['zh-CN']).toBe('<p>你好</p>');
    expect(html['en-US']).toBe('<p>Hello</p><img />');
  });

  it('lists the pages, in pages, with their state, to staff with the site module', async () => {
    const res = await t.call('POST', '/api/Page/Query', { page: 1, pageSize: 5 }, marketing);
    expect(res.statusCode, res.body).toBe(200);
    const { items, meta } = res.json().data;
    expect(meta).toEqual({ page: 1, pageSize: 5, total: PAGE_KEYS.length });
    expect(items.map((item: { key: string }) => item.key)).toEqual(PAGE_KEYS.slice(0, 5));
    expect(items.find((item: { key: string }) => item.key === 'services')).toMatchObject({ hasUnpublishedChanges: true });
    const second = (await t.call('POST', '/api/Page/Query', { page: 2, pageSize: 5 }, marketing)).json().data;
    expect(second.items.map((item: { key: string }) => item.key)).toEqual(PAGE_KEYS.slice(5));
    expect((await t.call('POST', '/api/Page/Query', { sort: { field: 'title' } }, marketing)).statusCode).toBe(400);
  });

  it('counts an image a page shows as a use of it', async () => {
    const url = '/api/File/Download/4242';
    await update({ key: 'strength', blocks: [{ ...hero({ 'zh-CN': 'x', 'en-US': 'x' }), image: `${url}#w=10&h=10&t=png` }] });
    expect(await findImageUses(t.app.ctx, url)).toContainEqual(expect.objectContaining({ entity: 'SitePage', id: 'strength' }));
    expect(await findImageUses(t.app.ctx, '/api/File/Download/4243')).not.toContainEqual(expect.objectContaining({ entity: 'SitePage' }));
  });
});

describe('demo pages', () => {
  it('are valid pages, one for every key, each starting with a hero', async () => {
    const { pageContent } = await import('../../shared/schemas/page.js');
    for (const key of PAGE_KEYS) {
      expect(pageContent.safeParse(demoPages[key]).success, key).toBe(true);
      expect(demoPages[key].blocks[0].type).toBe('hero');
    }
  });
});

describe.each(testEngines())('demo pages seeded on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { PORTICO_DEMO: '1' });
  });
  afterAll(() => t?.close());

  it('publishes the demo company\'s pages on a new database with PORTICO_DEMO=1', async () => {
    for (const key of PAGE_KEYS) {
      const page = (await t.call('GET', `/api/Page/${key}`)).json().data;
      expect(page.title, key).toEqual(demoPages[key].title);
      expect(page.blocks.map((block: { type: string }) => block.type), key).toEqual(demoPages[key].blocks.map((block) => block.type));
    }
    const home = (await t.call('GET', '/api/Page/home')).json().data;
    expect(home.blocks[0].title).toEqual({ 'zh-CN': '让每一座工厂都用得上实时数据', 'en-US': 'Real-time data for every factory' });
  });
});
