import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { answerBeforeFastify, requestLogOf, sendKept } from '../http/before-fastify.js';
import { hasBody } from '../http/server-options.js';
import { localeOfPath, pageLocaleOf } from '../../shared/paths.js';
import type { CachedPage } from './page-cache.js';

/** The Vary of a page whose language is negotiated: a seed path's (`/Home`). */
export const NEGOTIATED_VARY = 'Accept-Encoding, Accept-Language, Cookie';

/**
 * Where a page request is kept, and how its answer varies: a seed path's page depends on the
 * visitor's cookie and Accept-Language; a page at a language's own address (`/en/…`) does not, so
 * shared caches may keep one copy of it (docs/decisions/0053).
 */
export function pagePlace(url: string, cookie: string | undefined, acceptLanguage: string | undefined) {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const locale = pageLocaleOf(pathname, cookie ?? null, acceptLanguage ?? null);
  const languageInPath = localeOfPath(pathname) !== null;
  return { pathname, key: `${locale} ${url}`, vary: languageInPath ? 'Accept-Encoding' : NEGOTIATED_VARY };
}

/** What a kept page's own path needs: the page under a key, if fresh, and the headers every answer carries. */
export interface KeptPages {
  fresh(key: string): CachedPage | undefined;
  securityHeaders: [string, string][];
}

/**
 * Answers a visitor's page from memory before Fastify sees the request (issue 22, decision 0063).
 * Through Fastify, a kept page cost its routing, its request and reply objects, two hooks and the
 * headers set one at a time: about a third of the time of the whole answer. Here only a request Fastify
 * would answer the same way is taken: a GET or HEAD without credentials or a body, with a Host, whose
 * page is kept, fresh and carries its own policy and frame rule (every HTML page does). Everything else (an expired page, which Fastify's path renders afresh, a
 * first visit, any API call) goes on to Fastify. The answer is the one Fastify's path gives: the
 * page's own headers, its encoding and Vary, a request id and the shared security headers (a test
 * compares them header by header), logged as Fastify logs a request where the level asks for it.
 * Put in front of Fastify after the API's kept answers (http/kept-answers.ts).
 */
export function answerKeptPagesFirst(app: FastifyInstance, kept: KeptPages) {
  const log = requestLogOf(app);
  answerBeforeFastify(app, (request, response) => answerKept(kept, request, response, log));
}

function answerKept(kept: KeptPages, request: IncomingMessage, response: ServerResponse, log: FastifyBaseLogger | undefined): boolean {
  const { method, headers } = request;
  if ((method !== 'GET' && method !== 'HEAD') || headers.authorization !== undefined || headers.host === undefined || hasBody(request)) return false;
  const url = request.url ?? '/';
  const place = pagePlace(url, headers.cookie, headers['accept-language']);
  const page = kept.fresh(place.key);
  if (!page) return false;
  let policy = false;
  let frames = false;
  for (const [name] of page.headers) {
    if (name === 'content-security-policy') policy = true;
    else if (name === 'x-frame-options') frames = true;
  }
  // Every HTML page is kept with its own policy and frame rule (`pageSecurityHeaders`). An answer
  // without them goes to Fastify, whose `onSend` hook is the one place that fills them in.
  if (!policy || !frames) return false;
  sendKept(request, response, { status: page.status, headers: page.headers, body: page, vary: place.vary }, kept.securityHeaders, log);
  return true;
}
