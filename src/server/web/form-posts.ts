import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES } from '../../shared/locale.js';
import { PUBLIC_PATHS, pathInLocale } from '../../shared/paths.js';
import { admitVisitor } from './page-api.js';

const FORM_PAGES = [PUBLIC_PATHS.contact, PUBLIC_PATHS.joinUs, PUBLIC_PATHS.applyNow, PUBLIC_PATHS.jobsApplyNow];

/**
 * The pages whose forms a browser without JavaScript posts to the page itself
 * (docs/decisions/0028-forms-without-javascript.md), at the seed's paths and at each language's own.
 */
export const FORM_PAGE_PATHS: readonly string[] = [...FORM_PAGES, ...LOCALES.flatMap((locale) => FORM_PAGES.map((path) => pathInLocale(path, locale)))];

/**
 * How much of a body the page refused unread (too large) is read and thrown away so the browser,
 * which shows no answer before it has sent its upload, gets to see the page; beyond this the
 * connection is cut instead.
 */
export const DISCARD_LIMIT = 32 * 1024 * 1024;

type Render = (request: Request) => Promise<Response>;
/** Sends a rendered page as the web app sends every page (its security headers included). */
type SendPage = (request: FastifyRequest, reply: FastifyReply, response: Response) => Promise<unknown>;

/**
 * The request body for React Router, read only when the page's action reads it: the action knows the
 * form's type and size limit, and refuses anything else with a page of its own.
 */
function lazyBody(raw: IncomingMessage): ReadableStream<Uint8Array> {
  // Not destroyed when the action stops reading: the connection must live to carry the answer.
  const chunks = raw.iterator({ destroyOnReturn: false });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = (await chunks.next()) as IteratorResult<Buffer>;
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Reads and drops what the action left of the body, up to DISCARD_LIMIT, keeping the connection usable. */
function discardUnread(raw: IncomingMessage) {
  if (raw.complete || raw.destroyed) return;
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) raw.destroy();
  });
  raw.resume();
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): { request: Request; leave(): void } {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // The client address as Fastify worked it out (TRUST_PROXY included), for the API call the action
  // makes on the visitor's behalf; `admitVisitor` replaces any such header the client sent.
  const visitor = admitVisitor(headers, request.ip);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const init = { method: 'POST', headers, body: lazyBody(request.raw), duplex: 'half', signal: controller.signal };
  return { request: new Request(new URL(request.url, `${request.protocol}://${request.host}`), init as RequestInit), leave: visitor.leave };
}

/** A bare page for a post that could not be answered at all; the visitor's language is not known here. */
const FAILED_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Portico</title></head><body><main><h1>提交未能完成 · Not sent</h1>' +
  '<p>请稍后再试。 Please try again later.</p></main></body></html>';

/**
 * `POST` on the form pages, answered by React Router: the page module's `action` reads the form and
 * the page is rendered with its answer, never kept in the page cache (it holds what the visitor
 * typed). Registered by `mount.ts`, with its renderer and its way of sending a page.
 */
export function registerFormPosts(app: FastifyInstance, render: Render, send: SendPage) {
  return app.register(async (forms) => {
    // Here the body is the action's to read (see `lazyBody`): no parser reads it or refuses it with
    // the API's JSON.
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser('*', (_request, _payload, done) => done(null));
    forms.setErrorHandler(async (error, request, reply) => {
      request.log.error({ err: error }, 'a form post could not be answered');
      return reply.status(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(FAILED_PAGE);
    });
    for (const url of FORM_PAGE_PATHS) {
      forms.post(url, async (request, reply) => {
        const fetchRequest = toFetchRequest(request, reply);
        let response: Response;
        try {
          response = await render(fetchRequest.request);
        } finally {
          fetchRequest.leave();
          // Before the answer: a browser reads it only once its upload is through.
          discardUnread(request.raw);
        }
        reply.header('cache-control', 'no-store');
        return send(request, reply, response);
      });
    }
  });
}
