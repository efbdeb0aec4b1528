import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { answerBeforeFastify, failedBeforeFastify, requestLogOf, sendKept } from './before-fastify.js';
import type { RequestListener } from './before-fastify.js';
import { SerializedEnvelope } from './envelope.js';
import { parseJsonBody } from './json-body.js';
import { opensToVisitors } from './route-spec.js';
import type { KeyedRequest, RouteSpec } from './route-spec.js';
import { NON_PAGE_POLICY } from './security-headers.js';
import { hasBody } from './server-options.js';

/**
 * The largest body a kept answer's own path reads: a list query's is a few dozen bytes. Anything
 * larger goes to Fastify, which enforces each call's body limit (all far above this).
 */
const BODY_MAX = 8 * 1024;

/** `application/json`, alone or naming UTF-8: the JSON parser's types that this path reads the same way. */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/** The headers of every kept API answer, as the route and the `onSend` hook set them for a JSON answer. */
const API_HEADERS: readonly (readonly [string, string])[] = [
  ['content-type', 'application/json; charset=utf-8'],
  ['content-security-policy', NON_PAGE_POLICY],
  ['x-frame-options', 'DENY'],
  ['cache-control', 'no-store'],
];

/** A route as this path matches it: its path's segments, a parameter's as its name. */
interface Place {
  spec: RouteSpec;
  segments: { text: string; param: boolean }[];
  /** Whether a visitor's answer of this call may be kept and answered here. */
  keeps: boolean;
}

/**
 * The call a path names, as Fastify's router chooses it: among the calls of the method whose path
 * has as many segments, a fixed segment wins over a parameter at the first place they differ.
 * Segments compare in any case, as the router's do; a parameter takes any text but an empty one
 * or one with a `%` (Fastify decodes those; this path leaves them to it).
 */
export function matchPlace(places: Place[], segments: string[]): { place: Place; params: Record<string, string> } | undefined {
  let best: Place | undefined;
  for (const place of places) {
    if (place.segments.length !== segments.length) continue;
    let fits = true;
    for (let i = 0; i < segments.length && fits; i++) {
      const s = place.segments[i];
      const text = segments[i];
      fits = s.param ? text !== '' && !text.includes('%') : s.text === text.toLowerCase();
    }
    if (!fits) continue;
    if (!best || firstDifferenceIsFixed(place, best)) best = place;
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.segments.forEach((s, i) => {
    if (s.param) params[s.text] = segments[i];
  });
  return { place: best, params };
}

const firstDifferenceIsFixed = (a: Place, b: Place) => {
  for (let i = 0; i < a.segments.length; i++) {
    if (a.segments[i].param !== b.segments[i].param) return !a.segments[i].param;
  }
  return false;
};

/** The calls of a method, as `matchPlace` reads them: every call, so that the router's choice is made among all of them. */
export function placesOf(specs: RouteSpec[], method: 'GET' | 'POST'): Place[] {
  return specs
    .filter((spec) => spec.method === method)
    .map((spec) => ({
      spec,
      segments: spec.path.split('/').map((part) => (part.startsWith(':') ? { text: part.slice(1), param: true } : { text: part.toLowerCase(), param: false })),
      keeps: spec.publicCacheKey !== undefined && !spec.multipart && opensToVisitors(spec.access),
    }));
}

interface Options {
  ctx: AppContext;
  /** The headers every answer carries (`sharedSecurityHeaders`). */
  securityHeaders: [string, string][];
}

/**
 * Answers a visitor's API call from memory before Fastify sees it, when its answer is kept
 * (`publicCacheKey`, `ctx.publicCache`): a News/Query page, a news item, the latest jobs. Through
 * Fastify such an answer cost its routing, its request and reply objects, the content-type parser,
 * two hooks and its headers set one at a time: a list query reached 0.73-0.80 of the trivial JSON
 * route on a fast machine (decision 0067).
 *
 * Only a request Fastify would answer from the same kept answer is taken: a GET without a body, or
 * a POST with a small JSON body arrived whole, without credentials or a query string, with a Host,
 * to a call Fastify's router would choose that keeps public answers. Its key is built by the call's
 * own `publicCacheKey` from the request as Fastify would give it (the body parsed by the API's own
 * JSON parser). Everything else, a miss among it, goes to Fastify as it came: a body read here is put
 * back into the request first. The answer is the one Fastify's path gives (a test compares them
 * header by header), with what a kept answer still does (`whenKept`), logged as Fastify logs a request.
 */
export function answerKeptApiFirst(app: FastifyInstance, options: Options) {
  const specs = app.apiRoutes;
  const get = placesOf(specs, 'GET');
  const post = placesOf(specs, 'POST');
  const answer = new KeptApiAnswers(options, requestLogOf(app), app.log);
  answerBeforeFastify(app, (request, response, fastify) => {
    const { method, headers, url } = request;
    if (method !== 'GET' && method !== 'POST') return false;
    if (!url || !url.startsWith('/api/') || url.includes('?') || headers.authorization !== undefined || headers.host === undefined) return false;
    const found = matchPlace(method === 'GET' ? get : post, url.slice(5).split('/'));
    if (!found?.place.keeps) return false;
    const { spec } = found.place;
    const keyed: KeyedRequest = { headers, body: undefined, params: found.params, query: {} };
    if (method === 'GET') return !hasBody(request) && answer.fromMemory(spec, keyed, request, response);
    const length = headers['content-length'];
    if (headers['transfer-encoding'] !== undefined || length === undefined || !/^[1-9]\d{0,4}$/.test(length) || Number(length) > BODY_MAX) return false;
    if (!JSON_TYPE.test(headers['content-type'] ?? '')) return false;
    // Read when the loop has handled the packet that held the headers, as the slow-body guard does
    // (server-options.ts): a body sent with its headers, nearly every one, has arrived whole by then.
    setImmediate(() => answer.afterBody(spec, keyed, Number(length), request, response, fastify));
    return true;
  });
}

class KeptApiAnswers {
  constructor(
    private readonly options: Options,
    private readonly log: FastifyBaseLogger | undefined,
    private readonly errors: FastifyBaseLogger,
  ) {}

  /** Answers the kept answer of the request's key, if there is one; answers whether it did. */
  fromMemory(spec: RouteSpec, keyed: KeyedRequest, request: IncomingMessage, response: ServerResponse): boolean {
    const kept = this.options.ctx.publicCache.get(spec.publicCacheKey!(keyed));
    if (!(kept instanceof SerializedEnvelope)) return false;
    spec.whenKept?.(this.options.ctx, keyed);
    sendKept(request, response, { status: 200, headers: API_HEADERS, body: kept, vary: 'Accept-Encoding' }, this.options.securityHeaders, this.log);
    return true;
  }

  /** A POST's turn once its body could have arrived: answered from memory, or handed to Fastify with its body. */
  afterBody(spec: RouteSpec, keyed: KeyedRequest, length: number, request: IncomingMessage, response: ServerResponse, fastify: RequestListener) {
    if (request.destroyed) return;
    // Still arriving: Fastify's slow-body guard counts it.
    if (!request.complete) return fastify(request, response);
    const chunk = request.read() as Buffer | null;
    let answered = false;
    try {
      answered = chunk !== null && chunk.length === length && this.fromBody(spec, keyed, chunk, request, response);
    } catch (error) {
      // Off the listener's own guard (before-fastify.ts), as this runs on a later turn of the loop.
      if (!failedBeforeFastify(this.errors, error, response)) return;
    }
    if (answered) return;
    // Before its `end` is emitted, a stream takes back what was read (the end is only emitted on a
    // later tick, and not while something is in the buffer again).
    if (chunk) request.unshift(chunk);
    fastify(request, response);
  }

  /** Answers from memory the kept answer of a body arrived whole, if it parses and one is kept for it. */
  private fromBody(spec: RouteSpec, keyed: KeyedRequest, chunk: Buffer, request: IncomingMessage, response: ServerResponse): boolean {
    let parsed: { error: Error | null; value?: unknown } | undefined;
    parseJsonBody(undefined as never, chunk, (error, value) => (parsed = { error, value }));
    if (!parsed || parsed.error) return false;
    keyed.body = parsed.value;
    return this.fromMemory(spec, keyed, request, response);
  }
}
