import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/api.js';
import { idParams } from '../crud/routes.js';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { serializeOk } from './envelope.js';
import { notFound } from './errors.js';
import { route } from './route-spec.js';
import type { RouteSpec } from './route-spec.js';
import { registerRoutes } from './routes.js';

/**
 * The route factory is where every call is checked: its input against the route's schemas before the
 * handler runs, and, in the tests, its answer against the route's response schema. These routes are
 * added to the whole app (before it starts), so they go through the real parsers and error handling.
 */

const answer = z.object({ id: z.number().int(), title: z.string() });
/** `good: false` answers an id that is not a number, which the response schema refuses. */
const answerBody = z.strictObject({ good: z.boolean() });
const answerOf = (good: boolean) => (good ? { id: 1, title: 'matches' } : { id: 'one', title: 'does not match' });

/** The same two answers, as a plain value and serialized once (as cached public answers are). */
function answerRoutes(prefix: string): RouteSpec[] {
  return [
    route<{ good: boolean }>({
      method: 'POST',
      path: `${prefix}/Answer`,
      summary: 'Answers what its body asks for',
      tag: 'Test',
      access: 'public',
      body: answerBody,
      response: answer,
      handler: async ({ body }) => answerOf(body.good),
    }),
    route<{ good: boolean }>({
      method: 'POST',
      path: `${prefix}/Serialized`,
      summary: 'Answers what its body asks for, serialized',
      tag: 'Test',
      access: 'public',
      body: answerBody,
      response: answer,
      handler: async ({ body }) => serializeOk(answerOf(body.good)),
    }),
  ];
}

/** The id the test read route answers as naming no record. */
const MISSING_ID = 404;

describe.each(testEngines())('the route factory on %s', (engine) => {
  let t: TestApp;
  /** The calls that reached a handler, by route. */
  const handled: string[] = [];

  const inputRoutes: RouteSpec[] = [
    route<{ title: string; count: number }>({
      method: 'POST',
      path: 'Checked/Create',
      summary: 'Takes a checked body',
      tag: 'Test',
      access: 'public',
      body: z.strictObject({ title: z.string().trim().min(1).max(10), count: z.number().int() }),
      response: z.object({ title: z.string(), count: z.number() }),
      handler: async ({ body }) => {
        handled.push('create');
        return body;
      },
    }),
    route<undefined, { id: number }>({
      method: 'GET',
      path: 'Checked/:id',
      summary: 'Takes a record id in its path',
      tag: 'Test',
      access: 'public',
      params: idParams,
      response: z.object({ id: z.number().int() }),
      handler: async ({ params }) => {
        handled.push('read');
        if (params.id === MISSING_ID) throw notFound();
        return { id: params.id };
      },
    }),
    route<undefined, { id: number }>({
      method: 'POST',
      path: 'Checked/:id/Remove',
      summary: 'Takes no body',
      tag: 'Test',
      access: 'public',
      emptyBody: true,
      params: idParams,
      response: z.object({ id: z.number().int() }),
      handler: async ({ params }) => {
        handled.push('remove');
        return { id: params.id };
      },
    }),
  ];

  beforeAll(async () => {
    t = await createTestApp(engine);
    // Added before the first request starts the app.
    registerRoutes(t.app, [...answerRoutes('Checked'), ...inputRoutes], { checkResponses: true });
    registerRoutes(t.app, answerRoutes('Unchecked'), { checkResponses: false });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    handled.length = 0;
  });

  describe('with checkResponses', () => {
    it('fail an answer that does not match the response schema as a server fault', async () => {
      for (const path of ['Checked/Answer', 'Checked/Serialized']) {
        const res = await t.call('POST', `/api/${path}`, { good: false });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(500);
        expect(res.json(), path).toMatchObject({ isSuccess: false, errorCode: ErrorCode.unexpected, data: null });
        // Nothing of the refused answer leaves the server.
        expect(res.body).not.toContain('does not match');
      }
    });

    it('pass an answer that matches', async () => {
      for (const path of ['Checked/Answer', 'Checked/Serialized']) {
        const res = await t.call('POST', `/api/${path}`, { good: true });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ isSuccess: true, errorCode: 0, message: '', data: { id: 1, title: 'matches' } });
      }
    });
  });

  it('without checkResponses, send the same answer as it is', async () => {
    for (const path of ['Unchecked/Answer', 'Unchecked/Serialized']) {
      const res = await t.call('POST', `/api/${path}`, { good: false });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual({ id: 'one', title: 'does not match' });
    }
  });

  describe('checks input before the handler runs', () => {
    it('refuses a body that fails its schema with a 400 naming the field', async () => {
      const refused: [unknown, string][] = [
        [{ title: '   ', count: 1 }, 'title'],
        [{ title: 'far too long a title', count: 1 }, 'title'],
        [{ title: 'ok', count: 1.5 }, 'count'],
        [{ title: 'ok' }, 'count'],
        [{ title: 'ok', count: 1, extra: true }, 'extra'],
      ];
      for (const [body, field] of refused) {
        const res = await t.call('POST', '/api/Checked/Create', body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ isSuccess: false, errorCode: ErrorCode.validation });
        expect(res.json().data.issues.map((issue: { path: string }) => issue.path), JSON.stringify(body)).toEqual([field]);
        expect(res.json().message, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
      }
      // No body at all, where one is required, names no field but is refused all the same.
      expect((await t.call('POST', '/api/Checked/Create')).statusCode).toBe(400);
      expect(handled).toEqual([]);
    });

    it('hands the handler the parsed body', async () => {
      const res = await t.call('POST', '/api/Checked/Create', { title: '  trimmed  ', count: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ title: 'trimmed', count: 3 });
      expect(handled).toEqual(['create']);
    });

    // A path id that does not parse was a 404 until decision 0022 made it a 400 naming `id`; one
    // that parses but names no record is still the handler's 404.
    it('refuses a path id that does not parse with a 400 naming it; a missing record stays a 404', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '01', '99999999999999999999']) {
        const res = await t.call('GET', `/api/Checked/${id}`);
        expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ isSuccess: false, errorCode: ErrorCode.validation });
        expect(res.json().data.issues.map((issue: { path: string }) => issue.path), id).toEqual(['id']);
      }
      expect(handled).toEqual([]);
      const res = await t.call('GET', '/api/Checked/7');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ id: 7 });
      const missing = await t.call('GET', `/api/Checked/${MISSING_ID}`);
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json()).toMatchObject({ isSuccess: false, errorCode: ErrorCode.notFound });
      expect(handled).toEqual(['read', 'read']);
    });

    it("refuses a non-empty body where a route takes none: 'Delete takes an empty body'", async () => {
      for (const body of [{ id: 7 }, [1], [], 'text', 7]) {
        const res = await t.call('POST', '/api/Checked/7/Remove', JSON.stringify(body), undefined, { 'content-type': 'application/json' });
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ isSuccess: false, errorCode: ErrorCode.validation, message: 'Delete takes an empty body' });
      }
      expect(handled).toEqual([]);
      for (const body of [undefined, {}]) {
        const res = await t.call('POST', '/api/Checked/7/Remove', body);
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(200);
        expect(res.json().data).toEqual({ id: 7 });
      }
      expect(handled).toEqual(['remove', 'remove']);
    });
  });
});
