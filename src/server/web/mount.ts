import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler } from 'react-router';
import type { ServerBuild } from 'react-router';
import type { Config } from '../config.js';
import { createPageApi, pageApiIn } from './page-api.js';
import type { PageApi } from './page-api.js';
import { registerFormPosts } from './form-posts.js';
import { registerSeoRoutes } from './seo.js';
import { serveBuiltFiles } from './assets.js';
import { encodedBody } from '../http/encoding.js';
import { PageCache } from './page-cache.js';
import type { CachedPage } from './page-cache.js';
import type { Locale } from '../../shared/locale.js';
import { pageLocaleOf } from '../../shared/paths.js';
import { ErrorCode } from '../../shared/api.js';
import { failure } from '../http/envelope.js';
import { pageSecurityHeaders, sharedSecurityHeaders } from '../http/security-headers.js';
import { NEGOTIATED_VARY, answerKeptPagesFirst, pagePlace } from './kept-pages.js';
import { cachedSiteSettings } from '../site/repository.js';

/** The built web app: `build/client` (assets) and `build/server/index.js` (the request handler). */
export const WEB_BUILD_DIR = fileURLToPath(new URL('../../../build', import.meta.url));

type Render = (request: Request) => Promise<Response>;

/** The language a request's page is rendered in, by the rule the web app's loaders follow too. */
const localeOfRequest = (request: Request): Locale => pageLocaleOf(new URL(request.url).pathname, request.headers.get('cookie'), request.headers.get('accept-language'));

/** What a page's loaders get: the API speaking the page's language, and the site's configuration. */
function loadContext(request: Request, api: PageApi, config: { publicUrl: string; islandsScripts: string[] }) {
  return { api: pageApiIn(api, localeOfRequest(request)), config };
}

const ISLANDS_SOURCE = 'src/web/islands/entry.ts';

/** The public pages' scripts in the built app: the islands entry (`vite.islands.config.ts`). */
function builtIslandsScripts(): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_BUILD_DIR, 'client', '.vite', 'islands-manifest.json'), 'utf8')) as Record<string, { file: string }>;
    return [`/${manifest[ISLANDS_SOURCE].file}`];
  } catch {
    return [];
  }
}

/**
 * In development Vite serves the islands entry from source; its React components carry React
 * Router's hot-reload hooks, which need the router's refresh preamble to run first.
 */
const DEV_ISLANDS_SCRIPTS = ['/@id/__x00__virtual:react-router/inject-hmr-runtime', `/${ISLANDS_SOURCE}`];

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  // A HEAD is rendered as the GET it stands for: the answer's headers must be the GET's, and a page
  // kept in the cache must have its body (HTTP leaves the body out of the HEAD's answer by itself).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return new Request(new URL(request.url, origin), { method, headers, signal: controller.signal });
}

/**
 * A rendered answer as it is kept and sent. An HTML page gets its security headers here, from its
 * own bytes: its policy allows exactly its inline scripts (React Router's hydration data differs
 * from page to page), and travels with the page into the cache.
 */
async function pageOf(response: Response, development: boolean, analyticsScriptUrl: () => Promise<string>): Promise<CachedPage> {
  const headers: [string, string][] = [];
  for (const [key, value] of response.headers) if (key !== 'set-cookie') headers.push([key, value]);
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
    // The analytics script the settings name is allowed only on pages that load it (site settings).
    headers.push(...pageSecurityHeaders(body.toString('utf8'), { development, analyticsScriptUrl: await analyticsScriptUrl() }));
  }
  return { status: response.status, headers, body };
}

/** Sends a page, with the Vary of its place (`pagePlace`). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, vary: string) {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [key, value] of page.headers) {
    if (key === 'set-cookie') cookies.push(value);
    else reply.header(key, value);
  }
  if (cookies.length) reply.header('set-cookie', cookies);
  const { body, encoding } = encodedBody(page, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('vary', vary);
  return reply.send(body);
}

/**
 * Serves the web app from the same process as the API: hashed assets with long cache lifetimes, and
 * every other GET rendered by React Router on the server. In development Vite serves and reloads.
 */
export async function mountWebApp(app: FastifyInstance, config: Config) {
  const pageApi = createPageApi(app);
  registerSeoRoutes(app, pageApi);
  let render: Render;

  if (config.env === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    render = async (request) => {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler(build, 'development')(request, loadContext(request, pageApi, { publicUrl: config.publicUrl, islandsScripts: DEV_ISLANDS_SCRIPTS }));
    };
  } else {
    const serverEntry = path.join(WEB_BUILD_DIR, 'server', 'index.js');
    if (!fs.existsSync(serverEntry)) {
      app.log.warn('the web app is not built (run `npm run build`); only the API is served');
      return;
    }
    const build = (await import(serverEntry)) as ServerBuild;
    const handler = createRequestHandler(build, 'production');
    const islandsScripts = builtIslandsScripts();
    if (!islandsScripts.length) app.log.warn('the public pages\' script is not built (run `npm run build`); public pages are served without it');
    render = (request) => handler(request, loadContext(request, pageApi, { publicUrl: config.publicUrl, islandsScripts }));
    await serveBuiltFiles(app, path.join(WEB_BUILD_DIR, 'client'));
  }

  const analyticsScriptUrl = async () => (await cachedSiteSettings(app.ctx)).analyticsScriptUrl;
  // Anonymous page views are answered from memory until staff change public content.
  const pages = new PageCache();
  app.ctx.onContentChange.add(() => pages.clear());

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const place = pagePlace(request.url, request.headers.cookie, request.headers['accept-language']);
      // Paths match in any case (the router is case-insensitive), so `/API/x` is an API path too.
      const lower = place.pathname.toLowerCase();
      if (lower.startsWith('/api/') || lower === '/api') {
        return reply.status(404).send(failure(ErrorCode.notFound, `No such call: ${request.method} ${place.pathname}`, { reason: 'no-such-call' }));
      }
      const cacheable = config.env !== 'development' && !request.headers.authorization;
      // Kept per language: a page at a language's own address (`/en/…`) is that language's for every
      // visitor; a seed path's page is the negotiated language's (docs/decisions/0053).
      const renderPage = () => render(toFetchRequest(request, reply)).then((response) => pageOf(response, config.env === 'development', analyticsScriptUrl));
      const page = cacheable ? await pages.through(place.key, renderPage) : await renderPage();
      return sendPage(request, reply, page, place.vary);
    },
  });
  // A kept page is answered before Fastify sees its request (kept-pages.ts).
  if (config.env !== 'development') answerKeptPagesFirst(app, { fresh: (key) => pages.fresh(key), securityHeaders: sharedSecurityHeaders(config) });
  await registerFormPosts(app, render, async (request, reply, response) => sendPage(request, reply, await pageOf(response, config.env === 'development', analyticsScriptUrl), NEGOTIATED_VARY));
}
