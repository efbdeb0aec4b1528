import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { JSON_DEPTH_MAX, TOO_DEEP_MESSAGE, jsonNestingExceeds } from './json-body.js';
import { nulPathOf } from './validate.js';

const nested = (levels: number, inner: string) => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('the JSON nesting check', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingExceeds(nested(JSON_DEPTH_MAX, '1'))).toBe(false);
    expect(jsonNestingExceeds(nested(JSON_DEPTH_MAX + 1, '1'))).toBe(true);
    expect(jsonNestingExceeds(`{"a":${nested(JSON_DEPTH_MAX, '1')}}`)).toBe(true);
    expect(jsonNestingExceeds(`["${'['.repeat(1000)}"]`)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash before a quote does.
    expect(jsonNestingExceeds(`["\\"${'['.repeat(1000)}"]`)).toBe(false);
    expect(jsonNestingExceeds(`["\\\\",${nested(JSON_DEPTH_MAX, '1')}]`)).toBe(true);
  });

  it('finds a NUL at any depth without recursion', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulPathOf(deep)).toBe(`${'0.'.repeat(100_000)}0`);
    expect(nulPathOf({ a: ['x', { b: 'y\u0000' }] })).toBe('a.1.b');
    expect(nulPathOf({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulPathOf('\u0000')).toBe('');
    expect(nulPathOf({ a: [1, true, null, 'ok'] })).toBeNull();
  });
});

describe.each(testEngines())('deeply nested JSON bodies on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      // Sign-in and the public forms count per address: each request has its own.
      remoteAddress: `10.88.${Math.floor(++address / 250)}.${address % 250}`,
    });

  const expectTooDeep = (res: { statusCode: number; body: string; json: () => unknown }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json(), what).toEqual({ isSuccess: false, errorCode: 40000, message: TOO_DEEP_MESSAGE, data: { issues: [{ path: '', code: 'too_deep', params: { maximum: JSON_DEPTH_MAX }, message: TOO_DEEP_MESSAGE }] } });
  };

  it('refuses a body nested 10,000 levels around a NUL with 400 on every JSON call, never 500', async () => {
    const body = nested(10_000, '"\\u0000"');
    for (const url of ['/api/security/login', '/api/ContactInfo', '/api/JoinUs', '/api/News/Query', '/api/Job/Latest']) {
      expectTooDeep(await post(url, body), url);
    }
    for (const url of ['/api/News', '/api/News/Update', '/api/User/UpdatePassword', '/api/JobApplication/Query']) {
      expectTooDeep(await post(url, body, admin), url);
    }
    // Inside an object too, and with nothing inside at all.
    expectTooDeep(await post('/api/ContactInfo', `{"name":${nested(10_000, '"\\u0000"')}}`), 'object');
    expectTooDeep(await post('/api/ContactInfo', nested(10_000, '')), 'empty');
  });

  it('refuses a list keyword nested 5,000 levels with 400', async () => {
    const res = await post('/api/News/Query', `{"keyword":${nested(5_000, '')}}`);
    expectTooDeep(res, 'keyword');
  });

  it('lets the schemas judge anything within the limit, and brackets inside strings are text', async () => {
    const shallow = await post('/api/News/Query', `{"keyword":${nested(JSON_DEPTH_MAX - 1, '')}}`);
    expect(shallow.statusCode, shallow.body).toBe(400);
    expect(shallow.json().data.issues[0].path).toBe('keyword');
    const name = `${'['.repeat(90)}"{`;
    const created = await post('/api/NewsCategory', JSON.stringify({ name }), admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.name).toBe(name);
    const nul = await post('/api/NewsCategory', JSON.stringify({ name: `${'['.repeat(90)}\u0000` }), admin);
    expect(nul.json()).toMatchObject({ errorCode: 40000, data: { issues: [{ path: 'name', code: 'nul_character' }] } });
  });
});
