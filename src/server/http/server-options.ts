import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/api.js';
import type { Config } from '../config.js';
import { answerClientError } from './client-errors.js';
import { failure } from './envelope.js';

/**
 * Node looks for connections past their headers or request timeout on an interval (30 s unless told),
 * which let stalled headers wait 89 s for their 60 s timeout. A quarter of the shorter timeout keeps
 * the overshoot small; the check walks the open connections only, so a few seconds apart is cheap.
 */
function checkingIntervalMs(http: Config['http']): number {
  return Math.max(250, Math.min(5_000, Math.floor(Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 4)));
}

/**
 * The Fastify options for the HTTP server's timeouts and malformed requests (docs/decisions/0026).
 * Fastify turns Node's request timeout off by default, which let a request that sent 5 of 5,000
 * announced bytes stay open for good.
 */
export function serverOptions(config: Config) {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: headersTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(config.http),
      // Node answers an HTTP/1.1 request without Host itself, with an empty 400; `guardConnections`
      // refuses it in the envelope instead.
      requireHostHeader: false,
    },
    clientErrorHandler: answerClientError,
  };
}

/** Whether a request announces a body (the slow-body guard's test; kept pages' own path takes none). */
export const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/** `code` is the issue's code of a 40000, else the refusal's reason (docs/decisions/0052). */
const refusal = (reply: FastifyReply, status: number, errorCode: number, code: string, message: string) =>
  reply
    .status(status)
    .header('connection', 'close')
    .type('application/json; charset=utf-8')
    .send(failure(errorCode, message, errorCode === ErrorCode.validation ? { issues: [{ path: '', code, message }] } : { reason: code }));

/**
 * Refuses an HTTP/1.1 request without a Host header (RFC 9112 says a 400), and bounds what a
 * slow-body attack can hold: at most `maxConnections` connections in all, and at most
 * `bodiesInFlightPerAddress` requests per client address whose body is still arriving; one more is
 * answered 429 at once and its connection closed. A body that arrives whole (nearly every one: it
 * comes in the packets right after its headers) stops counting as soon as it has, so only bodies
 * still trickling in count. In-process calls (the server-rendered pages' `inject`) hold no
 * connection and are not counted.
 */
export function guardConnections(app: FastifyInstance, config: Config) {
  app.server.maxConnections = config.http.maxConnections;
  const max = config.http.bodiesInFlightPerAddress;
  const arriving = new Map<string, Set<IncomingMessage>>();
  // A callback hook, not an async one: it runs on every request, and an async hook costs each of
  // them a promise and a trip through the microtask queue.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const raw = request.raw;
    if (raw.headers.host === undefined && raw.httpVersion === '1.1') {
      refusal(reply, 400, ErrorCode.validation, 'no_host', 'Malformed HTTP request: no Host header');
      return;
    }
    if (!(raw.socket instanceof net.Socket) || raw.complete || !hasBody(raw)) return done();
    // This hook runs while the HTTP parser is still reading the packet that held the headers (even
    // a microtask runs before the body in it is read); a body sent with them, nearly every one, has
    // been read whole once the loop has handled that packet. Only a body still arriving then is
    // counted: counting every one kept each request in a set across the wait for its body, long
    // enough for the collector to promote it, which cost a public POST call a fifth of its throughput.
    setImmediate(() => (raw.complete || raw.destroyed ? done() : countArriving(request, reply, done)));
  });

  function countArriving(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const raw = request.raw;
    const address = request.ip;
    const bodies = arriving.get(address) ?? new Set<IncomingMessage>();
    // Bodies that have arrived since they were counted no longer hold anything.
    for (const body of bodies) if (body.complete || body.destroyed) bodies.delete(body);
    if (bodies.size >= max) {
      refusal(reply, 429, ErrorCode.tooManyRequests, 'bodies-in-flight', 'Too many requests from this address are still sending their body, please try again later');
      return;
    }
    bodies.add(raw);
    arriving.set(address, bodies);
    const release = () => {
      bodies.delete(raw);
      if (bodies.size === 0 && arriving.get(address) === bodies) arriving.delete(address);
    };
    // The body has arrived ('end'), or the answer is done or its connection gone ('close' follows
    // 'finish' and an abort alike). Answered before its body was read (a 413 from its announced
    // length, say), a request holds nothing more: the rest of its body is discarded under the request
    // timeout, and an address whose answered requests kept counting was locked out of every later one.
    raw.once('end', release);
    reply.raw.once('close', release);
    done();
  }
}
