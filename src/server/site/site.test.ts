import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { DEFAULT_SHARE_IMAGE } from '../../shared/schemas/site.js';
import { demoSiteSettings } from '../demo/site-settings.js';
import { findImageUses } from '../media/uses.js';
import { analyticsOriginIn } from '../http/security-headers.js';

describe.each(testEngines())('site settings on %s', (engine) => {
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

  const update = (body: unknown, token = admin) => t.call('POST', '/api/Site/Update', body, token);
  const issuesOf = (body: { data: { issues: { path: string }[] } }) => body.data.issues.map((issue) => issue.path);

  it('starts neutral without demo content: named Portico, no contact, a privacy notice naming no company', async () => {
    const zh = (await t.call('GET', '/api/Site')).json().data;
    expect(zh).toMatchObject({ locale: 'zh-CN', companyName: 'Portico', brandName: 'Portico', address: '', phone: '', email: '', analyticsScriptUrl: '' });
    expect(zh.shareImage).toBe(DEFAULT_SHARE_IMAGE);
    expect(zh.privacyNotice).toContain('我们收集的信息');
    const en = (await t.call('GET', '/api/Site?locale=en-US')).json().data;
    expect(en.privacyNotice).toContain('What we collect');
    for (const text of [JSON.stringify(zh), JSON.stringify(en)]) {
      expect(text).not.toContain(demoSiteSettings.companyName['zh-CN']);
      expect(text).not.toContain(demoSiteSettings.email);
    }
  });

  it('answers anyone the texts of the asked language, and staff with site the whole record', async () => {
    const saved = await update({
      companyName: { 'zh-CN': '示例公司', 'en-US': 'Example Works' },
      address: { 'zh-CN': '上海市某路 1 号', 'en-US': '1 Some Road, Shanghai' },
      phone: '021-1234-5678',
      weiboUrl: 'https://weibo.com/example',
      sameAs: ['https://www.example.com/about'],
      logo: '/api/File/Download/7',
    });
    expect(saved.statusCode).toBe(200);
    const zh = (await t.call('GET', '/api/Site?locale=zh-CN')).json().data;
    expect(zh).toMatchObject({ companyName: '示例公司', address: '上海市某路 1 号', phone: '021-1234-5678', legalName: '示例公司' });
    // No share image of its own: the logo is shared.
    expect(zh.shareImage).toBe('/api/File/Download/7');
    expect(zh.sameAs).toEqual(['https://weibo.com/example', 'https://www.example.com/about']);
    const en = (await t.call('GET', '/api/Site?locale=en-US')).json().data;
    expect(en).toMatchObject({ locale: 'en-US', companyName: 'Example Works', address: '1 Some Road, Shanghai' });
    const edit = (await t.call('GET', '/api/Site/Edit', undefined, marketing)).json().data;
    expect(edit.companyName).toEqual({ 'zh-CN': '示例公司', 'en-US': 'Example Works' });
    expect(edit.updatedAt).toEqual(expect.any(String));
  });

  it('counts its images as uses of the media library\'s images', async () => {
    expect(await findImageUses(t.app.ctx, '/api/File/Download/7')).toContainEqual({ entity: 'SiteSettings', id: 'logo', label: 'logo' });
    expect((await findImageUses(t.app.ctx, '/api/File/Download/70')).filter((use) => use.entity === 'SiteSettings')).toEqual([]);
  });

  it('changes only the fields given and answers the public view changed at once', async () => {
    await t.call('GET', '/api/Site?locale=en-US'); // kept in the public cache
    const res = await update({ tagline: { 'zh-CN': '新口号', 'en-US': 'A new line' } }, marketing);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tagline: { 'zh-CN': '新口号', 'en-US': 'A new line' }, companyName: { 'zh-CN': '示例公司', 'en-US': 'Example Works' } });
    const en = (await t.call('GET', '/api/Site?locale=en-US')).json().data;
    expect(en).toMatchObject({ tagline: 'A new line', companyName: 'Example Works', phone: '021-1234-5678' });
  });

  it('answers a text missing in one language in the other', async () => {
    await update({ officeHours: { 'zh-CN': '周一至周五', 'en-US': '' } });
    expect((await t.call('GET', '/api/Site?locale=en-US')).json().data.officeHours).toBe('周一至周五');
  });

  it.each([
    ['a colour not written #rrggbb', { primaryColor: 'red' }, 'primaryColor'],
    ['a short colour', { primaryColor: '#fff' }, 'primaryColor'],
    ['a javascript: link', { weiboUrl: 'javascript:alert(1)' }, 'weiboUrl'],
    ['a data: map link', { mapUrl: 'data:text/html,<script>alert(1)</script>' }, 'mapUrl'],
    ['a javascript: image', { logo: 'javascript:alert(1)' }, 'logo'],
    ['an unknown field', { company: 'x' }, 'company'],
    ['an analytics script over http', { analyticsScriptUrl: 'http://hm.baidu.com/hm.js?abc' }, 'analyticsScriptUrl'],
    ['a text in one language only', { tagline: { 'zh-CN': 'x' } }, 'tagline.en-US'],
    ['a text in a third language', { tagline: { 'zh-CN': 'x', 'en-US': 'y', fr: 'z' } }, 'tagline.fr'],
    ['a text too long', { companyName: { 'zh-CN': 'x'.repeat(201), 'en-US': '' } }, 'companyName.zh-CN'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a sameAs that is no link', { sameAs: ['ftp://example.com'] }, 'sameAs.0'],
  ])('refuses %s with 400 naming the field', async (_name, body, path) => {
    const res = await update(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(40000);
    expect(issuesOf(res.json())).toContain(path);
  });

  it('refuses a body that is not an object, and a bad locale', async () => {
    expect((await update([])).statusCode).toBe(400);
    expect((await t.call('GET', '/api/Site?locale=fr-FR')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/Site?other=1')).statusCode).toBe(400);
  });

  it('refuses anonymous changes (401) and staff without the site module (403), and lets marketing in', async () => {
    expect((await t.call('POST', '/api/Site/Update', { phone: '1' })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/Site/Edit')).statusCode).toBe(401);
    expect((await update({ phone: '1' }, editor)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/Site/Edit', undefined, editor)).statusCode).toBe(403);
    expect((await update({ phone: '400-000-0000' }, marketing)).statusCode).toBe(200);
  });

  it('takes an https analytics script and allows exactly its origin', async () => {
    const res = await update({ analyticsScriptUrl: 'https://hm.baidu.com/hm.js?0123abcd' });
    expect(res.statusCode).toBe(200);
    // What the pages' policy allows for a page that loads it: the origin, and nothing once it is unset.
    const saved: string = res.json().data.analyticsScriptUrl;
    const loading = `<script async src="${saved}"></script>`;
    expect(analyticsOriginIn(loading, saved)).toBe('https://hm.baidu.com');
    expect(analyticsOriginIn(loading, '')).toBeNull();
    await update({ analyticsScriptUrl: '' });
  });
});

describe.each(testEngines())('the demo settings on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { PORTICO_DEMO: '1' });
  });
  afterAll(() => t?.close());

  it('are written to a new database with PORTICO_DEMO=1', async () => {
    const zh = (await t.call('GET', '/api/Site')).json().data;
    expect(zh).toMatchObject({ companyName: '博远科技', email: 'hello@portico.example' });
    const en = (await t.call('GET', '/api/Site?locale=en-US')).json().data;
    expect(en.companyName).toBe('Portico Technology');
  });
});
