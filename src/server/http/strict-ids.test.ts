import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, samples, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/**
 * An id is a positive integer written as one: a JSON number in a body, decimal digits without a sign,
 * spaces or leading zeros in a path or a multipart field. Anything else is a 400 naming the field,
 * never another spelling of record 1; an id that parses but names no record stays a 404.
 */
describe.each(testEngines())('strict ids on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let categoryId: number;
  let newsId: number;
  let jobId: number;
  let applicationId: number;
  let address = 0;
  /** Public forms are rate-limited per address: each submission comes from one of its own. */
  const apply = (jobIdText: string) => {
    const body = multipart(
      { jobId: jobIdText, name: '张三', phone: '13800000000', email: 'zhang.san@example.com', consent: 'true' },
      { resume: { name: 'cv.pdf', type: 'application/pdf', content: samples.pdf } },
    );
    return t.app.inject({ method: 'POST', url: '/api/JobApplication', payload: body.payload, headers: body.headers, remoteAddress: `10.77.0.${++address}` });
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    categoryId = (await t.call('POST', '/api/NewsCategory', { name: 'Ids' }, admin)).json().data.id;
    newsId = (await t.call('POST', '/api/News', { title: 'One', content: '<p>x</p>', categoryId, status: 'published' }, admin)).json().data.id;
    const jobCategory = (await t.call('POST', '/api/JobCategory', { name: 'Ids' }, admin)).json().data.id;
    jobId = (await t.call('POST', '/api/Job', { title: 'Job', categoryId: jobCategory, description: '<p>x</p>', status: 'open' }, admin)).json().data.id;
    const applied = await apply(String(jobId));
    expect(applied.statusCode, applied.body).toBe(200);
    applicationId = applied.json().data.id;
  });
  afterAll(() => t.close());

  const expectRefused = (res: { statusCode: number; body: string; json: () => unknown }, field: string, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json(), what).toMatchObject({ isSuccess: false, errorCode: 40000, data: { issues: expect.arrayContaining([expect.objectContaining({ path: field })]) } });
  };

  it('reads an id in a JSON body only from a JSON number that is a positive integer', async () => {
    for (const bad of [true, `${newsId}`, [newsId], { id: newsId }, null, 0, -1, 1.5, 2_147_483_648]) {
      const what = JSON.stringify(bad);
      expectRefused(await t.call('POST', '/api/News/Update', { id: bad, title: 'Changed' }, admin), 'id', `News/Update id ${what}`);
      expectRefused(await t.call('POST', '/api/News', { title: 'x', content: '<p>x</p>', categoryId: bad }, admin), 'categoryId', `News categoryId ${what}`);
      expectRefused(await t.call('POST', '/api/News/Query', { filters: { categoryId: bad } }), 'filters.categoryId', `News/Query filter ${what}`);
      expectRefused(await t.call('POST', '/api/User/UpdatePassword', { id: bad, newPassword: 'password-123' }, admin), 'id', `UpdatePassword id ${what}`);
    }
    // Nothing was changed by any of them; the id written as a number still works.
    expect((await t.call('GET', `/api/News/${newsId}`)).json().data.title).toBe('One');
    const changed = await t.call('POST', '/api/News/Update', { id: newsId, title: 'Changed' }, admin);
    expect(changed.json().data).toMatchObject({ id: newsId, title: 'Changed' });
  });

  it('reads an id in a path only from decimal digits without a sign, spaces or leading zeros', async () => {
    const spellings = [`0000${newsId}`, `+${newsId}`, `0x${newsId.toString(16)}`, `%20${newsId}`, `${newsId}%20`, `${newsId}.0`, `${newsId}e0`, `-${newsId}`, '0', 'abc', `${newsId}%00`, '١'];
    for (const spelling of spellings) {
      for (const [method, url] of [
        ['GET', `/api/News/${spelling}`],
        ['POST', `/api/News/${spelling}`],
        ['DELETE', `/api/User/${spelling}`],
        ['GET', `/api/File/Download/${spelling}`],
        ['POST', `/api/JobApplication/${spelling}`],
      ] as const) {
        const body = url.startsWith('/api/JobApplication/') ? { statusId: 2 } : undefined;
        expectRefused(await t.call(method, url, body, admin), 'id', `${method} ${url}`);
      }
    }
    // The record is still there, and its id as written reads it; an id that names nothing is a 404.
    expect((await t.call('GET', `/api/News/${newsId}`)).statusCode).toBe(200);
    const missing = await t.call('GET', '/api/News/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe(40004);
    const moved = await t.call('POST', `/api/JobApplication/${applicationId}`, { statusId: 2 }, admin);
    expect(moved.json().isSuccess, moved.body).toBe(true);
  });

  it("refuses a visitor's other spellings of an id, or a locale it does not know, even once that record's answer is kept", async () => {
    // Read by visitors first, so the answer is kept in memory (in both languages the header names).
    for (const language of ['zh-CN', 'en-US']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/News/${newsId}`, headers: { 'accept-language': language } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/News/${newsId}?locale=${language}` })).statusCode).toBe(200);
    }
    for (const spelling of [`0${newsId}`, `+${newsId}`, `${newsId}.0`, `${newsId}%20`]) {
      expectRefused(await t.call('GET', `/api/News/${spelling}`), 'id', `visitor GET /api/News/${spelling}`);
    }
    for (const locale of ['fr-FR', 'zh-CN&locale=en-US', '']) {
      const res = await t.call('GET', `/api/News/${newsId}?locale=${locale}`);
      expect(res.statusCode, `?locale=${locale}: ${res.body}`).toBe(400);
    }
    // Other parameters are ignored, as they always were.
    expect((await t.call('GET', `/api/News/${newsId}?other=1`)).statusCode).toBe(200);
  });

  it('reads the apply-now jobId like a path segment', async () => {
    for (const spelling of [`0${jobId}`, `+${jobId}`, ` ${jobId}`, `${jobId} `, `${jobId}.0`, `0x${jobId.toString(16)}`, '', 'true']) {
      expectRefused(await apply(spelling), 'jobId', JSON.stringify(spelling));
    }
    const missing = await apply('999999');
    expect(missing.statusCode).toBe(404);
    expect((await apply(String(jobId))).statusCode).toBe(200);
  });
});
