import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/** Calls whose body is not a JSON object of fields: multipart uploads, and sign-out. */
const NOT_JSON_FIELDS = new Set(['POST JobApplication', 'POST File', 'POST security/logout']);

describe.each(testEngines())('unknown body fields on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  it('are refused with 400 / 40000 naming the field, on every JSON call of the API', async () => {
    const posts = t.app.apiRoutes.filter((r) => r.method === 'POST' && !NOT_JSON_FIELDS.has(`${r.method} ${r.path}`));
    expect(posts.length).toBeGreaterThan(25);
    for (const route of posts) {
      const url = `/api/${route.path.replace(/:id/g, '1')}`;
      const res = await t.call('POST', url, { zzUnknownField: 1 }, admin);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, errorCode: 40000 });
      // Calls with a schema name the field; a delete (empty body expected) says so.
      if (route.body) expect(res.json().data.issues.map((i: { path: string }) => i.path), url).toContain('zzUnknownField');
    }
  });

  it('are refused inside filters and sort too', async () => {
    for (const entity of ['News', 'NewsCategory', 'Job', 'JobCategory', 'Office', 'JobApplication', 'ContactInfo', 'JoinUs', 'User']) {
      for (const body of [{ filters: { zzUnknownField: 1 } }, { sort: { field: 'zzUnknownField' } }, { sort: { field: 'id', order: 'sideways' } }, { sort: { field: 'id', extra: 1 } }]) {
        const res = await t.call('POST', `/api/${entity}/Query`, body, admin);
        expect(res.statusCode, `${entity} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().errorCode).toBe(40000);
      }
    }
  });
});
