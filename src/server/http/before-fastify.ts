import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { encodedBody } from './encoding.js';
import type { Compressible } from './encoding.js';

/** Node's `request` listener: Fastify's own, handed to `http.createServer`. */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Takes a request before Fastify sees it, or leaves it: answers true when it took it (and then
 * answers it, or hands it to `fastify` itself, later), false to let the next one or Fastify have it.
 */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse, fastify: RequestListener) => boolean;

const installed = new WeakMap<FastifyInstance, FirstAnswer[]>();

/**
 * Puts `answer` in front of Fastify, after those put there before it. Kept answers (a page, a public
 * API answer) are sent this way: through Fastify, a kept answer cost its routing, its request and reply
 * objects, its hooks and its headers set one at a time, about a third of the whole answer (decisions
 * 0063 and 0067). Answers false, and puts nothing, on a server whose requests Fastify does not take
 * through a single listener: a setup this path does not know.
 */
export function answerBeforeFastify(app: FastifyInstance, answer: FirstAnswer): boolean {
  let answers = installed.get(app);
  if (!answers) {
    const listeners = app.server.listeners('request');
    if (listeners.length !== 1) return false;
    const fastify = listeners[0] as RequestListener;
    app.server.removeListener('request', fastify);
    const list: FirstAnswer[] = [];
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      for (const first of list) {
        let took: boolean;
        try {
          took = first(request, response, fastify);
        } catch (error) {
          if (failedBeforeFastify(app.log, error, response)) fastify(request, response);
          return;
        }
        if (took) return;
      }
      fastify(request, response);
    });
    installed.set(app, list);
    answers = list;
  }
  answers.push(answer);
  return true;
}

/**
 * What follows an answerer's own fault (a bug, never the visitor's): it is logged, and the request
 * is Fastify's again, which answers it as if it had never been looked at, or, if an answer had
 * already begun, the connection is closed. Answers whether Fastify should take the request.
 */
export function failedBeforeFastify(log: FastifyBaseLogger, error: unknown, response: ServerResponse): boolean {
  log.error({ err: error }, 'a request could not be answered before Fastify; Fastify answers it');
  if (!response.headersSent) return true;
  response.destroy();
  return false;
}

/** The levels at which Fastify logs every request (`incoming request`, `request completed`). */
const LOGGED_LEVELS = new Set(['trace', 'debug', 'info']);

/** The logger to log a request answered before Fastify with, where the level asks for a request's lines. */
export const requestLogOf = (app: FastifyInstance): FastifyBaseLogger | undefined => (LOGGED_LEVELS.has(app.log.level) ? app.log : undefined);

/** Fastify's two lines for a request, with its serializers (http/log-options.ts). */
function logAsFastify(log: FastifyBaseLogger, request: IncomingMessage, response: ServerResponse, id: string) {
  const started = performance.now();
  const child = log.child({ reqId: id });
  child.info({ req: { method: request.method, url: request.url, id } }, 'incoming request');
  response.once('finish', () => child.info({ res: { statusCode: response.statusCode }, responseTime: performance.now() - started }, 'request completed'));
}

export interface KeptAnswer {
  status: number;
  /** The answer's own headers (its type, its policy). */
  headers: readonly (readonly [string, string])[];
  /** Its bytes, and their compressed variants made on first demand. */
  body: Compressible;
  vary: string;
}

/**
 * Sends a kept answer as Fastify's path would: its own headers, the encoding the client accepts and
 * its Vary, a request id, the headers every answer carries, its length; logged as Fastify logs a
 * request where `log` is given. Kept pages and kept API answers are both sent this way.
 */
export function sendKept(request: IncomingMessage, response: ServerResponse, answer: KeptAnswer, shared: readonly (readonly [string, string])[], log: FastifyBaseLogger | undefined) {
  const out: string[] = [];
  for (const [name, value] of answer.headers) out.push(name, value);
  const { body, encoding } = encodedBody(answer.body, request.headers['accept-encoding']);
  if (encoding) out.push('content-encoding', encoding);
  const id = randomUUID();
  out.push('vary', answer.vary, 'x-request-id', id);
  for (const [name, value] of shared) out.push(name, value);
  out.push('content-length', String(body.length));
  if (log) logAsFastify(log, request, response, id);
  response.writeHead(answer.status, out);
  response.end(body);
}
