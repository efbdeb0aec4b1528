import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/**
 * A kept page is answered before Fastify sees its request (kept-pages.ts, decision 0063), over a real
 * connection (an injected request never reaches the server's listener). Its answer must be the one
 * Fastify's path gives, header by header; everything the path does not keep must still reach Fastify.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function request(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; noHost?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, setHost: !options.noHost, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The headers that differ between any two answers: the time, and each answer's own id. */
const comparable = ({ date: _date, 'x-request-id': _id, ...rest }: Answer['headers']) => rest;

/** A line of the server's log, as far as this test reads it. */
interface LogEntry {
  msg?: string;
  level?: number;
  reqId?: string;
  req?: { method: string; url: string; id: string };
  res?: { statusCode: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testEngines())('kept pages on %s', (engine) => {
  let t: TestApp;
  let port: number;
  /** Requests over a connection that reached Fastify. */
  let throughFastify = 0;
  let lines = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (lines += chunk.toString('utf8')));
    t = await createTestApp(engine, {}, { web: true, logStream: stream });
    // Requests over a connection: a page's render makes its own calls to the API, injected.
    // Counted as the answer leaves (every answer passes `onSend`, a refusal too), before the client has it.
    t.app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.raw.socket instanceof net.Socket) throughFastify += 1;
      done(null, payload);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  /** The same request twice: the first renders the page through Fastify and keeps it, the second is answered from it. */
  async function twice(path: string, options: Parameters<typeof request>[2] = {}) {
    t.app.ctx.onContentChange.forEach((listener) => listener('test'));
    const before = throughFastify;
    const rendered = await request(port, path, options);
    const kept = await request(port, path, options);
    return { rendered, kept, reachedFastify: throughFastify - before };
  }

  it.each([
    ['/Home', {}],
    ['/Home', { 'accept-encoding': 'br' }],
    ['/Home', { 'accept-encoding': 'gzip', 'accept-language': 'en-US' }],
    ['/Home', { cookie: 'locale=en-US' }],
    ['/en/Home', { 'accept-encoding': 'gzip, br' }],
    ['/News?page=1', {}],
  ] as const)('answers %s (%o) from memory, as Fastify answered it', async (path, headers) => {
    const { rendered, kept, reachedFastify } = await twice(path, { headers });
    expect(rendered.status).toBe(200);
    expect(reachedFastify).toBe(1);
    expect(kept.status).toBe(rendered.status);
    expect(comparable(kept.headers)).toEqual(comparable(rendered.headers));
    expect(kept.body.equals(rendered.body)).toBe(true);
    expect(kept.headers['x-request-id']).toMatch(UUID);
    expect(kept.headers['x-request-id']).not.toBe(rendered.headers['x-request-id']);
  });

  it('answers a HEAD from the kept page with the headers of its GET and no body', async () => {
    const { rendered, kept, reachedFastify } = await twice('/Jobs', { method: 'HEAD' });
    expect(reachedFastify).toBe(1);
    expect(comparable(kept.headers)).toEqual(comparable(rendered.headers));
    expect(kept.body.length).toBe(0);
    expect(Number(kept.headers['content-length'])).toBeGreaterThan(0);
  });

  it('leaves to Fastify a signed-in request, one with a body, one without Host, a first visit and an API call', async () => {
    await twice('/Home');
    const before = throughFastify;
    expect((await request(port, '/Home', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(200);
    expect((await request(port, '/Home', { headers: { 'content-type': 'text/plain', 'content-length': '1' }, body: 'x' })).status).toBeLessThan(500);
    expect((await request(port, '/Home', { noHost: true })).status).toBe(400);
    expect((await request(port, '/Home?never-seen=1')).status).toBe(200);
    expect((await request(port, '/api/Job/Latest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    expect(throughFastify - before).toBe(5);
  });

  it('no longer answers a page from memory once public content changes', async () => {
    await twice('/Contact');
    t.app.ctx.onContentChange.forEach((listener) => listener('News'));
    const before = throughFastify;
    await request(port, '/Contact');
    expect(throughFastify - before).toBe(1);
  });

  it('logs a page answered from memory as Fastify logs a request, without its query', async () => {
    await twice('/Strength?secret=kept-out-of-the-log');
    await new Promise((resolve) => setImmediate(resolve));
    const entries = lines.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogEntry).filter((e) => e.req?.url?.startsWith('/Strength') || e.res);
    const ids = [...new Set(entries.filter((e) => e.req?.url?.startsWith('/Strength')).map((e) => e.reqId))].slice(-2);
    expect(ids).toHaveLength(2);
    const shape = (id: string | undefined) =>
      entries.filter((e) => e.reqId === id).map(({ msg, level, req, res }) => ({ msg, level, req: req && { ...req, id: req.id === id }, res }));
    expect(shape(ids[1])).toEqual(shape(ids[0]));
    expect(shape(ids[1])).toEqual([
      { msg: 'incoming request', level: 30, req: { method: 'GET', url: '/Strength?…', id: true }, res: undefined },
      { msg: 'request completed', level: 30, req: undefined, res: { statusCode: 200 } },
    ]);
    expect(lines).not.toContain('kept-out-of-the-log');
  });
});
