import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

describe.each(testEngines())('the first-run checklist on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t?.close());

  const checklist = async (token = admin) => {
    const res = await t.call('GET', '/api/Site/Checklist', undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { items: { key: string; done: boolean }[]; done: boolean };
    return { done: data.done, open: data.items.filter((item) => !item.done).map((item) => item.key) };
  };

  it('lists everything a new neutral site lacks, and ticks each item off as it is done', async () => {
    expect(await checklist()).toEqual({ done: false, open: ['name', 'logo', 'contact', 'homePage', 'firstJob'] });
    // The neutral name is not a name of one's own; a company's name is.
    await t.call('POST', '/api/Site/Update', { companyName: { 'zh-CN': 'Portico', 'en-US': 'Portico' } }, admin);
    expect((await checklist()).open).toContain('name');
    await t.call('POST', '/api/Site/Update', { companyName: { 'zh-CN': '示例公司', 'en-US': '' } }, admin);
    expect((await checklist()).open).toEqual(['logo', 'contact', 'homePage', 'firstJob']);
    await t.call('POST', '/api/Site/Update', { logo: '/api/File/Download/1', email: 'hello@example.com' }, admin);
    expect((await checklist()).open).toEqual(['homePage', 'firstJob']);
    const home = (await t.call('GET', '/api/Page/home?draft=1', undefined, admin)).json().data;
    expect((await t.call('POST', '/api/Page/Update', { key: 'home', blocks: home.blocks }, admin)).statusCode).toBe(200);
    expect((await checklist()).open).toEqual(['firstJob']);
    const category = (await t.call('POST', '/api/JobCategory', { name: '研发' }, admin)).json().data.id;
    expect((await t.call('POST', '/api/Job', { title: '工程师', categoryId: category, description: '<p>d</p>' }, admin)).statusCode).toBe(200);
    expect(await checklist()).toEqual({ done: true, open: [] });
  });

  it('comes with the signed-in user (sign-in and security/current) for staff with the site module, and for no one else', async () => {
    const signedIn = (await t.call('POST', '/api/security/login', { userName: 'admin', password: ADMIN_PASSWORD })).json().data;
    const fromChecklist = (await t.call('GET', '/api/Site/Checklist', undefined, admin)).json().data;
    expect(signedIn.user.checklist).toEqual(fromChecklist);
    expect((await t.call('GET', '/api/security/current', undefined, admin)).json().data.checklist).toEqual(fromChecklist);
    const marketing = await buildUser(t, admin, ['marketing']);
    expect((await t.call('GET', '/api/security/current', undefined, marketing.token)).json().data.checklist).toEqual(fromChecklist);
    const editor = await buildUser(t, admin, ['editor']);
    const current = (await t.call('GET', '/api/security/current', undefined, editor.token)).json().data;
    expect(current.userName).toBe(editor.userName);
    expect(current).not.toHaveProperty('checklist');
  });

  it('is for staff with the site module only', async () => {
    expect((await t.call('GET', '/api/Site/Checklist')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/Site/Checklist', undefined, (await buildUser(t, admin, ['editor'])).token)).statusCode).toBe(403);
    await checklist((await buildUser(t, admin, ['marketing'])).token);
  });
});
