import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../shared/api.js';
import type { Locale } from '../../shared/locale.js';

/**
 * How server-rendered pages read data: the same API the browser calls, answered in-process without
 * a network hop, so a page sees exactly what the contract promises. A `FormData` body is sent as
 * multipart, as the browser would send it.
 */
export type PageApi = <T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: PageApiOptions) => Promise<ApiEnvelope<T>>;

export interface PageApiOptions {
  /**
   * The visitor's own request this call is made for (a form posted without JavaScript): the API then
   * sees the visitor's address, so its throttle counts them and their record keeps it. Only a request
   * that `form-posts.ts` let in names a visitor; any other is refused rather than counted as the server.
   */
  onBehalfOf?: Request;
  /**
   * The language of the page the call is made for, sent as the call's `Accept-Language`: a page at
   * `/en/…` reads its records in English whatever the visitor's browser asks (docs/decisions/0053).
   */
  locale?: Locale;
}

/**
 * The pass a form post carries through React Router to its action: a random name, known only to
 * this process, for the client address Fastify worked out (TRUST_PROXY included). The address itself
 * never travels in a header, so nothing a client sends can choose whose allowance a post uses.
 */
const VISITOR_HEADER = 'x-portico-visitor';
const visitors = new Map<string, string>();

/** Lets a form post's request speak for its client address until `leave` is called. */
export function admitVisitor(headers: Headers, clientAddress: string): { leave(): void } {
  const pass = randomUUID();
  visitors.set(pass, clientAddress);
  headers.set(VISITOR_HEADER, pass);
  return { leave: () => visitors.delete(pass) };
}

function visitorAddressOf(request: Request): string {
  const address = visitors.get(request.headers.get(VISITOR_HEADER) ?? '');
  if (address === undefined) throw new Error('this request was not let in as a visitor\'s form post (src/server/web/form-posts.ts)');
  return address;
}

async function payloadOf(body: unknown): Promise<{ payload?: string | object | Buffer; headers: Record<string, string> }> {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) {
    // The platform writes the multipart body, files byte for byte, as a browser's form post.
    const encoded = new Response(body);
    return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
  }
  return { payload: body as object, headers: {} };
}

export function createPageApi(app: FastifyInstance): PageApi {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown, options: PageApiOptions = {}) => {
    const { payload, headers } = await payloadOf(body);
    if (options.locale) headers['accept-language'] = options.locale;
    const res = await app.inject({
      method,
      url: path.startsWith('/') ? path : `/api/${path}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
      // The in-process call sends no X-Forwarded-For, so under any TRUST_PROXY setting the API's
      // `request.ip` is exactly this address.
      ...(options.onBehalfOf ? { remoteAddress: visitorAddressOf(options.onBehalfOf) } : {}),
    });
    return res.json() as ApiEnvelope<T>;
  };
}

/** The page API for one page: every call carries the page's language unless it names another. */
export function pageApiIn(api: PageApi, locale: Locale): PageApi {
  return (method, path, body, options) => api(method, path, body, { locale, ...options });
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The in-process API, its calls made in the page's language (`pageApiIn`, `pageLocaleOf`). */
    api: PageApi;
    /** `islandsScripts`: the module scripts public pages load, in order (none when unbuilt). */
    config: { publicUrl: string; islandsScripts: string[] };
  }
}
