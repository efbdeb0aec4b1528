import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { rawProblems } from './campaign.js';
import { jsonRefusal } from './json-bodies.js';
import { IdPools } from './operations.js';
import { FuzzOperation } from './operations.js';
import { problemsOf } from './oracles.js';
import type { Answer } from './oracles.js';
import { rawCases } from './raw-http.js';
import { Rng } from './random.js';
import { arbitraryOf } from './schema-arbitrary.js';

/** The fuzz is only as good as its oracles and generators: each must be able to tell, both ways. */

const answer = (status: number, body: unknown, extra: Partial<Answer> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  ms: 12,
  ...extra,
});
const envelope = (errorCode: number, data: unknown = null, message = '') => ({ isSuccess: errorCode === 0, errorCode, message, data });

describe('the oracles', () => {
  it('pass answers that keep the contract', () => {
    expect(problemsOf(answer(200, envelope(0, { id: 1 })), { api: true })).toEqual([]);
    expect(problemsOf(answer(200, envelope(40001, null, 'User name or password is wrong')), { api: true })).toEqual([]);
    expect(problemsOf(answer(404, envelope(40004)), { api: true, mustRefuse: 'x' })).toEqual([]);
    const png = { status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50]), ms: 3 };
    expect(problemsOf(png, { api: true, rawSuccess: true })).toEqual([]);
  });

  it('catch server errors, answers outside the envelope and codes that do not go with their status', () => {
    expect(problemsOf(answer(500, envelope(50000)), { api: true })).toContain('status 500');
    expect(problemsOf(answer(503, envelope(50003)), { api: true })).toContain('status 503');
    expect(problemsOf(answer(400, ''), { api: true })[0]).toMatch(/not a JSON envelope/);
    expect(problemsOf(answer(400, { error: 'Bad Request', statusCode: 400 }), { api: true }).join()).toMatch(/envelope keys/);
    expect(problemsOf(answer(400, envelope(40004)), { api: true }).join()).toMatch(/errorCode 40004 with HTTP 400/);
    expect(problemsOf(answer(408, envelope(40000)), { api: true })).toEqual([]);
    expect(problemsOf(answer(431, envelope(40013)), { api: true }).join()).toMatch(/errorCode 40013 with HTTP 431/);
    expect(problemsOf(answer(408, envelope(40013)), { api: true }).join()).toMatch(/errorCode 40013 with HTTP 408/);
    expect(problemsOf(answer(505, envelope(40000)), { api: true }).join()).toMatch(/status 505/);
    expect(problemsOf(answer(200, { ...envelope(0), isSuccess: false }), { api: true }).join()).toMatch(/isSuccess false/);
    expect(problemsOf(answer(200, 'hello', { headers: { 'content-type': 'text/plain' } }), { api: true, rawSuccess: true })).toEqual([]);
    expect(problemsOf(answer(404, 'not found', { headers: { 'content-type': 'text/plain' } }), { api: true, rawSuccess: true }).join()).toMatch(/not a JSON envelope/);
  });

  it('catch slow answers, stack traces, SQL and successes that had to be refusals', () => {
    expect(problemsOf(answer(200, envelope(0), { ms: 5_001 }), { api: true }).join()).toMatch(/answered in 5001 ms/);
    const traced = envelope(50000, null, 'TypeError: x is undefined\n    at readBody (/work/main/src/server/http/routes.ts:42:13)');
    expect(problemsOf(answer(400, { ...traced, errorCode: 40000 }), { api: true }).join()).toMatch(/stack trace/);
    expect(problemsOf(answer(400, envelope(40000, { issues: [{ path: '', message: 'at file:///app/dist/x.js:1:2' }] })), { api: true }).join()).toMatch(/stack trace/);
    for (const text of ['SELECT "id" FROM "news" WHERE x', 'insert into news values', 'SQLITE_ERROR: no such column', 'syntax error at or near "("', 'duplicate key value violates unique constraint']) {
      expect(problemsOf(answer(409, envelope(40009, null, text)), { api: true }).join(), text).toMatch(/SQL or database text/);
    }
    expect(problemsOf(answer(200, envelope(0, { title: "' OR '1'='1; DROP TABLE news; --" })), { api: true })).toEqual([]);
    expect(problemsOf(answer(200, envelope(0, { id: 1 })), { api: true, mustRefuse: 'an id spelled "1"' })).toEqual(['accepted an id spelled "1"']);
  });

  it('judge raw-socket answers: an envelope, or for a held request at least an end', () => {
    const [held] = rawCases('/api/ContactInfo', '{}', 8_000).filter((c) => c.held);
    const [malformed] = rawCases('/api/ContactInfo', '{}', 8_000).filter((c) => c.name === 'http-9.9');
    expect(rawProblems(held, { answers: [], closed: true, timedOut: false })).toEqual([]);
    expect(rawProblems(held, { answers: [], closed: false, timedOut: true }).join()).toMatch(/held open/);
    expect(rawProblems(held, { answers: [answer(400, envelope(40000), { ms: 9_000 })], closed: true, timedOut: false })).toEqual([]);
    expect(rawProblems(malformed, { answers: [], closed: true, timedOut: false })).toEqual(['closed without an answer']);
    expect(rawProblems(malformed, { answers: [answer(400, '', { headers: {} })], closed: true, timedOut: false }).join()).toMatch(/not a JSON envelope/);
    expect(rawProblems(malformed, { answers: [answer(400, envelope(40000))], closed: true, timedOut: false })).toEqual([]);
  });
});

describe('the generators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("draw bodies, paths and form fields that every call's own schema accepts", () => {
    const hints = { ids: () => [1, 2, 3], texts: () => [] };
    const rng = new Rng(7);
    for (const spec of t.app.apiRoutes) {
      for (const schema of [spec.body, spec.params, spec.multipart?.fields]) {
        if (!schema) continue;
        const values = arbitraryOf(schema, hints);
        for (let i = 0; i < 30; i++) {
          const value = rng.draw(values);
          expect(schema.safeParse(value).success, `${spec.method} ${spec.path}: ${JSON.stringify(value)?.slice(0, 300)}`).toBe(true);
        }
      }
    }
  });

  it('send every kind of request to every call, and know which ones must be refused', () => {
    const pools = new IdPools();
    const kinds = new Set<string>();
    let mustRefuse = 0;
    for (const spec of t.app.apiRoutes) {
      const operation = new FuzzOperation(spec, pools);
      for (let i = 0; i < 200; i++) {
        const request = operation.request(new Rng(i));
        kinds.add(request.kind.split(/[: ]/)[0]);
        if (request.mustRefuse) mustRefuse++;
      }
    }
    for (const kind of ['valid', 'wrong-type', 'unknown-field', 'deep', 'nul', 'loose-id', 'malformed', 'content-type', 'cut-short', 'no-boundary', 'hostile-file', 'path-id']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(mustRefuse).toBeGreaterThan(1_000);
  });

  it('tell a loose id, an unknown field, a NUL and malformed JSON from a valid body', () => {
    const news = t.app.apiRoutes.find((r) => r.method === 'POST' && r.path === 'News/Update')!;
    const call = { schema: news.body };
    const json = (value: unknown) => ({ kind: 'test', body: Buffer.from(JSON.stringify(value)), contentType: 'application/json' });
    expect(jsonRefusal(call, json({ id: 1, title: 'A title' }))).toBeUndefined();
    expect(jsonRefusal(call, json({ id: '1', title: 'A title' }))).toBeDefined();
    expect(jsonRefusal(call, json({ id: true }))).toBeDefined();
    expect(jsonRefusal(call, json({ id: 1, zzz: 1 }))).toBeDefined();
    expect(jsonRefusal(call, { kind: 'test', body: Buffer.from('{"id":1,"__proto__":{"a":1}}'), contentType: 'application/json' })).toBeDefined();
    expect(jsonRefusal(call, json({ id: 1, title: 'a\u0000b' }))).toBe('a NUL character');
    expect(jsonRefusal(call, { kind: 'test', body: Buffer.from('{"id":1'), contentType: 'application/json' })).toBe('malformed JSON');
    expect(jsonRefusal(call, { ...json({ id: 1 }), contentType: 'text/plain' })).toMatch(/text\/plain/);
    expect(jsonRefusal({ emptyBody: true }, json([]))).toBeDefined();
    expect(jsonRefusal({ emptyBody: true }, json({}))).toBeUndefined();
    expect(jsonRefusal({ emptyBody: true }, { kind: 'test' })).toBeUndefined();
  });
});
