import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/** `fields` in a Query body (issue 22, item 3): lighter lists, and the same answers without it. */
describe.each(testEngines())('a list query asking for some fields on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let newsId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    const categoryId = (await t.call('POST', '/api/NewsCategory', { name: '字段' }, admin)).json().data.id;
    const created = await t.call(
      'POST',
      '/api/News',
      { title: 'Light list', summary: 'Short', content: `<p>${'long text '.repeat(500)}</p>`, categoryId, status: 'published' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    newsId = created.json().data.id;
  });
  afterAll(() => t.close());

  const query = (path: string, body: unknown, token?: string) => t.call('POST', `/api/${path}/Query`, body, token);

  it('answers only those fields and the id, to visitors and staff alike', async () => {
    for (const token of [undefined, admin]) {
      const res = await query('News', { fields: ['title', 'categoryName'], pageSize: 50 }, token);
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json().data.items.find((news: { id: number }) => news.id === newsId);
      expect(item).toEqual({ id: newsId, title: 'Light list', categoryName: '字段' });
    }
  });

  it('answers every field without it, as before, and keeps the two apart in the public cache', async () => {
    const light = await query('News', { fields: ['title'], pageSize: 50 });
    const whole = await query('News', { pageSize: 50 });
    const item = whole.json().data.items.find((news: { id: number }) => news.id === newsId);
    expect(item.content).toContain('long text');
    expect(item.summary).toBe('Short');
    expect(whole.body.length).toBeGreaterThan(light.body.length * 5);
    expect(light.json().data.meta).toEqual(whole.json().data.meta);
  });

  it('sends a visitor\'s kept list compressed when the client accepts it, the same list as without', async () => {
    const plain = await query('News', { pageSize: 50 });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, coding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.call('POST', '/api/News/Query', { pageSize: 50 }, undefined, { 'accept-encoding': accepted });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    // Staff answers are made for one caller and never kept: they go as they are.
    const staff = await t.call('POST', '/api/News/Query', { pageSize: 50 }, admin, { 'accept-encoding': 'br' });
    expect(staff.headers['content-encoding']).toBeUndefined();
    expect(staff.json().isSuccess).toBe(true);
  });

  it('answers only those fields from the lists that are not generic: pages by key, media by id', async () => {
    const pages = await query('Page', { fields: ['title'] }, admin);
    expect(pages.statusCode, pages.body).toBe(200);
    for (const page of pages.json().data.items) expect(Object.keys(page).sort()).toEqual(['key', 'title']);
    const media = await query('Media', { fields: ['name'], sort: { field: 'name', order: 'asc' } }, admin);
    expect(media.statusCode, media.body).toBe(200);
  });

  it('refuses a field the record does not have, an empty list and a hidden field, naming the field', async () => {
    for (const fields of [['title', 'secret'], [], 'title']) {
      const res = await query('News', { fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().data)).toContain('fields');
    }
    // A user's password hash is not part of the record, so it cannot be asked for.
    const hidden = await query('User', { fields: ['passwordHash'] }, admin);
    expect(hidden.statusCode).toBe(400);
    const users = await query('User', { fields: ['userName'] }, admin);
    expect(users.statusCode, users.body).toBe(200);
    for (const user of users.json().data.items) expect(Object.keys(user).sort()).toEqual(['id', 'userName']);
  });
});
