import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { matchPlace, placesOf } from './kept-answers.js';
import type { RouteSpec } from './route-spec.js';

/**
 * A visitor's API call whose answer is kept is answered before Fastify sees it (kept-answers.ts,
 * decision 0067), over a real connection (an injected request never reaches the server's listener).
 * Its answer must be the one Fastify's path gives, header by header and byte by byte; everything the
 * path does not take must reach Fastify as it was sent, its body with it.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The body in pieces, this far apart: one still arriving when the request is looked at. */
  pieces?: { parts: Buffer[]; gapMs: number };
}

function request(port: number, path: string, options: Sent = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.pieces) {
      const [first, ...rest] = options.pieces.parts;
      req.write(first);
      let at = 0;
      const next = () => (at < rest.length ? req.write(rest[at++], () => setTimeout(next, options.pieces!.gapMs)) : req.end());
      setTimeout(next, options.pieces.gapMs);
    } else {
      req.end(options.body);
    }
  });
}

const json = (body: unknown, headers: Record<string, string> = {}): Sent => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The headers that differ between any two answers: the time, and each answer's own id. */
const comparable = ({ date: _date, 'x-request-id': _id, ...rest }: Answer['headers']) => rest;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testEngines())('kept API answers on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let newsId: number;
  /** Requests over a connection that reached Fastify, and the bodies Fastify read. */
  let throughFastify = 0;
  const bodies: unknown[] = [];
  let lines = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString('utf8')));
    t = await createTestApp(engine, {}, { logStream: stream });
    t.app.addHook('preHandler', (request, _reply, done) => {
      if (request.raw.socket instanceof net.Socket) bodies.push(request.body);
      done();
    });
    // Counted as the answer leaves (every answer passes `onSend`, a refusal too), before the client has it.
    t.app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.raw.socket instanceof net.Socket) throughFastify += 1;
      done(null, payload);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await t.signIn();
    const category = (await t.call('POST', '/api/NewsCategory', { name: '公司新闻' }, admin)).json().data.id;
    newsId = (await t.call('POST', '/api/News', { title: '记住的回答', summary: '摘要', content: '<p>正文</p>', categoryId: category, status: 'published' }, admin)).json().data.id;
    const jobCategory = (await t.call('POST', '/api/JobCategory', { name: '研发' }, admin)).json().data.id;
    await t.call('POST', '/api/Job', { title: '工程师', categoryId: jobCategory, description: '<p>职责</p>', status: 'open' }, admin);
  });
  afterAll(() => t?.close());

  /** The same request twice: the first is answered through Fastify and kept, the second from what was kept. */
  async function twice(path: string, options: Sent = {}) {
    t.app.ctx.onContentChange.forEach((listener) => listener('test'));
    const before = throughFastify;
    const computed = await request(port, path, options);
    const kept = await request(port, path, options);
    return { computed, kept, reachedFastify: throughFastify - before };
  }

  it.each<[string, Sent]>([
    ['/api/News/Query', json({ page: 1 })],
    ['/api/News/Query', json({ page: 1, pageSize: 5 }, { 'accept-encoding': 'br' })],
    ['/api/News/Query', json({ page: 1 }, { 'accept-encoding': 'gzip', 'accept-language': 'en-US' })],
    ['/api/News/Query', json({ keyword: '记住' }, { 'content-type': 'application/json; charset=utf-8' })],
    ['/api/news/query', json({ page: 1 })],
    ['/api/Job/Query', json({ filters: {} })],
    ['/api/Job/Latest', json({})],
    ['/api/Job/Latest', json({}, { 'accept-language': 'en-US,en;q=0.9' })],
    ['/api/Site', {}],
    ['/api/Page/home', {}],
    ['/api/PrivacyNotice', {}],
  ])('answers %s (%o) from memory, as Fastify answered it', async (path, sent) => {
    const { computed, kept, reachedFastify } = await twice(path, sent);
    expect(computed.status).toBe(200);
    expect(reachedFastify).toBe(1);
    expect(kept.status).toBe(computed.status);
    expect(comparable(kept.headers)).toEqual(comparable(computed.headers));
    expect(kept.body.equals(computed.body)).toBe(true);
    expect(kept.headers['x-request-id']).toMatch(UUID);
    expect(kept.headers['x-request-id']).not.toBe(computed.headers['x-request-id']);
  });

  it('answers a news item from memory, and still counts its view', async () => {
    const add = vi.spyOn(t.app.ctx.newsViews, 'add');
    try {
      const { computed, kept, reachedFastify } = await twice(`/api/News/${newsId}`);
      expect(computed.status).toBe(200);
      expect(reachedFastify).toBe(1);
      expect(comparable(kept.headers)).toEqual(comparable(computed.headers));
      expect(kept.body.equals(computed.body)).toBe(true);
      expect(add.mock.calls).toEqual([[newsId], [newsId]]);
    } finally {
      add.mockRestore();
    }
  });

  it('answers a body in other spacing from the answer kept for the same query', async () => {
    await twice('/api/News/Query', json({ page: 1, pageSize: 3 }));
    const before = throughFastify;
    const spaced = await request(port, '/api/News/Query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ' { "page" : 1 , "pageSize": 3 }\n' });
    expect(spaced.status).toBe(200);
    expect(throughFastify - before).toBe(0);
  });

  it('hands to Fastify, body and all, what it does not take', async () => {
    await twice('/api/News/Query', json({ page: 1 }));
    await twice('/api/Site', {});
    const body = JSON.stringify({ page: 1 });
    const cases: [string, Sent, number][] = [
      // Signed in: staff see more than the public view.
      ['/api/News/Query', json({ page: 1 }, { authorization: `Bearer ${admin}` }), 200],
      // A token not (or no longer) valid reads the public view, after Fastify looked at it.
      ['/api/News/Query', json({ page: 1 }, { authorization: 'Bearer not-a-token' }), 200],
      // Not yet kept, and refused.
      ['/api/News/Query', json({ page: 2 }), 200],
      ['/api/News/Query', json({ page: 0 }), 400],
      ['/api/News/Query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":' }, 400],
      ['/api/News/Query', { method: 'POST', headers: { 'content-type': 'text/plain' }, body }, 415],
      ['/api/News/Query', { method: 'POST', headers: { 'content-type': 'application/json; charset=latin1' }, body }, 200],
      // A query string, and a body sent in pieces: still arriving when it is looked at.
      ['/api/News/Query?x=1', json({ page: 1 }), 200],
      ['/api/News/Query', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, pieces: { parts: [Buffer.from(body.slice(0, 4)), Buffer.from(body.slice(4))], gapMs: 30 } }, 200],
      ['/api/Site?locale=en-US', {}, 200],
      ['/api/News/abc', {}, 400],
      ['/api/News/Query', { method: 'GET' }, 400],
    ];
    for (const [path, sent, status] of cases) {
      const before = throughFastify;
      bodies.length = 0;
      const answer = await request(port, path, sent);
      expect([path, sent.headers, answer.status]).toEqual([path, sent.headers, status]);
      expect([path, throughFastify - before]).toEqual([path, 1]);
      // A body read before Fastify had it reached it whole.
      if (status === 200 && sent.method === 'POST') expect(bodies).toEqual([{ page: sent.body === undefined || sent.pieces ? 1 : JSON.parse(String(sent.body)).page }]);
    }
  });

  it('hands to Fastify, body and all, a request whose answer from memory fails, and logs why', async () => {
    for (const [path, sent] of [
      ['/api/News/Query', json({ page: 1, pageSize: 3 })],
      ['/api/Site', {}],
    ] as [string, Sent][]) {
      const { computed } = await twice(path, sent);
      lines = '';
      bodies.length = 0;
      const before = throughFastify;
      const get = vi.spyOn(t.app.ctx.publicCache, 'get').mockImplementationOnce(() => {
        throw new Error('a fault of the kept path');
      });
      const answer = await request(port, path, sent);
      get.mockRestore();
      expect([path, answer.status, throughFastify - before]).toEqual([path, 200, 1]);
      expect(answer.body.equals(computed.body)).toBe(true);
      if (sent.method === 'POST') expect(bodies).toEqual([{ page: 1, pageSize: 3 }]);
      const logged = lines
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
        .filter((e) => e.level === 50);
      expect(logged.map((e) => [e.msg, e.err?.message])).toEqual([['a request could not be answered before Fastify; Fastify answers it', 'a fault of the kept path']]);
    }
  });

  it('no longer answers from memory once public content changes', async () => {
    await twice('/api/Job/Latest', json({}));
    t.app.ctx.onContentChange.forEach((listener) => listener('Job'));
    const before = throughFastify;
    expect((await request(port, '/api/Job/Latest', json({}))).status).toBe(200);
    expect(throughFastify - before).toBe(1);
  });

  it('logs a call answered from memory as Fastify logs a request', async () => {
    lines = '';
    await twice('/api/News/Query', json({ page: 1, pageSize: 7 }));
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; level?: number; reqId?: string; req?: { method: string; url: string; id: string }; res?: { statusCode: number } })
      .filter((e) => e.msg === 'incoming request' || e.msg === 'request completed');
    const ids = [...new Set(entries.map((e) => e.reqId))];
    expect(ids).toHaveLength(2);
    const shape = (id: string | undefined) => entries.filter((e) => e.reqId === id).map(({ msg, level, req, res }) => ({ msg, level, req: req && { ...req, id: req.id === id }, res }));
    expect(shape(ids[1])).toEqual(shape(ids[0]));
    expect(shape(ids[1])).toEqual([
      { msg: 'incoming request', level: 30, req: { method: 'POST', url: '/api/News/Query', id: true }, res: undefined },
      { msg: 'request completed', level: 30, req: undefined, res: { statusCode: 200 } },
    ]);
  });
});

describe('the call a path names', () => {
  const spec = (method: 'GET' | 'POST', path: string) => ({ method, path }) as RouteSpec;
  const places = placesOf([spec('GET', 'Page/:key'), spec('GET', 'Page/Revisions'), spec('GET', 'News/:id'), spec('GET', ':entity/Export')], 'GET');
  const named = (path: string) => {
    const found = matchPlace(places, path.split('/'));
    return found && [found.place.spec.path, found.params];
  };

  it('prefers a fixed segment to a parameter, in any case, as the router does', () => {
    expect(named('Page/home')).toEqual(['Page/:key', { key: 'home' }]);
    expect(named('Page/Revisions')).toEqual(['Page/Revisions', {}]);
    expect(named('page/revisions')).toEqual(['Page/Revisions', {}]);
    expect(named('News/Export')).toEqual(['News/:id', { id: 'Export' }]);
    expect(named('Job/Export')).toEqual([':entity/Export', { entity: 'Job' }]);
  });

  it('leaves to the router an empty segment, an encoded one and another length', () => {
    expect(named('News/')).toBeUndefined();
    expect(named('News/%35')).toBeUndefined();
    expect(named('News/5/x')).toBeUndefined();
  });
});
