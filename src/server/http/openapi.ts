import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteSpec } from './route-spec.js';

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  try {
    return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', cycles: 'ref' });
  } catch {
    return { type: 'object' };
  }
}

const envelope = (data: object = {}) => ({
  type: 'object',
  properties: {
    isSuccess: { type: 'boolean' },
    errorCode: { type: 'integer' },
    message: { type: 'string' },
    data,
  },
});

const who = (access: RouteSpec['access']) =>
  typeof access === 'object'
    ? `Staff with any of the modules ${access.anyOf.map((m) => `\`${m}\``).join(', ')}`
    : access === 'public'
    ? 'Anyone'
    : access === 'signed-in'
      ? 'Any signed-in user'
      : access.startsWith('public-or-')
        ? `Anyone (published or open records only); staff with the \`${access.slice(10)}\` module see all`
        : `Staff with the \`${access}\` module`;

/** The OpenAPI document, generated from the same zod schemas the handlers validate with. */
export function openApiDocument(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const url = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const data = route.response ? jsonSchemaOf(route.response, 'output') : undefined;
    const declared = (schema: z.ZodType | undefined) =>
      (schema ? (jsonSchemaOf(schema) as { properties?: Record<string, unknown>; required?: string[] }) : {});
    const path = declared(route.params);
    const query = declared(route.query);
    const params = [
      ...[...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: path.properties?.[name] ?? { type: 'string' } })),
      ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: !!query.required?.includes(name), schema })),
    ];
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: `Who: ${who(route.access)}.`,
      tags: [route.tag],
      parameters: params,
      responses: {
        200: route.raw
          ? { description: 'The file itself' }
          : { description: 'The envelope; `errorCode` 0 on success', content: { 'application/json': { schema: envelope(data) } } },
        default: { description: 'An error envelope; see errorCode', content: { 'application/json': { schema: envelope() } } },
      },
    };
    if (route.access !== 'public') operation.security = [{ bearer: [] }];
    if (route.body) {
      operation.requestBody = { content: { 'application/json': { schema: jsonSchemaOf(route.body) } } };
    } else if (route.multipart) {
      const fields = jsonSchemaOf(route.multipart.fields) as { properties?: Record<string, unknown> };
      const files = Object.fromEntries(
        Object.entries(route.multipart.files).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]),
      );
      operation.requestBody = {
        content: {
          'multipart/form-data': {
            schema: { ...fields, properties: { ...(fields.properties ?? {}), ...files } },
          },
        },
      };
    }
    paths[url] ??= {};
    paths[url][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Portico API',
      version: '1',
      description:
        'Every answer is the envelope `{ isSuccess, errorCode, message, data }`. Staff calls carry `Authorization: Bearer <token>` from `security/login`.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A browsable reference that needs no script from anywhere else. */
function referencePage(routes: RouteSpec[]) {
  const tags = [...new Set(routes.map((r) => r.tag))];
  const section = (tag: string) => {
    const items = routes
      .filter((r) => r.tag === tag)
      .map((r) => {
        const schema = r.body ? jsonSchemaOf(r.body) : r.multipart ? jsonSchemaOf(r.multipart.fields) : null;
        const answer = r.response ? `<p>Answers in <code>data</code>:</p><pre>${escapeHtml(JSON.stringify(jsonSchemaOf(r.response, 'output'), null, 2))}</pre>` : '';
        const files = r.multipart
          ? `<p>Files: ${Object.entries(r.multipart.files).map(([n, d]) => `<code>${escapeHtml(n)}</code> (${escapeHtml(d)})`).join(', ')}</p>`
          : '';
        return `<details id="${escapeHtml(`${r.method}-${r.path}`)}"><summary><span class="m ${r.method}">${r.method}</span> <code>/api/${escapeHtml(r.path)}</code> — ${escapeHtml(r.summary)}</summary>
<p>Who: ${escapeHtml(who(r.access))}.</p>${files}${schema ? `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>` : '<p>No body.</p>'}${answer}</details>`;
      })
      .join('\n');
    return `<section><h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${items}</section>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference · Portico</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#1f2937}
details{border:1px solid #e5e7eb;border-radius:6px;margin:.4rem 0;padding:.4rem .8rem}summary{cursor:pointer}
pre{background:#f8fafc;padding:.8rem;overflow:auto;font-size:13px}.m{display:inline-block;min-width:4.2em;font-weight:600}
.GET{color:#047857}.POST{color:#1d4ed8}.DELETE{color:#b91c1c}nav a{margin-right:.8rem}</style></head><body>
<h1>Portico API</h1><p>Every answer is the envelope <code>{ isSuccess, errorCode, message, data }</code>. Staff calls carry
<code>Authorization: Bearer &lt;token&gt;</code>. Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>.</p>
<nav>${tags.map((t) => `<a href="#${escapeHtml(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map(section).join('\n')}</body></html>`;
}

/** True when the client asks for JSON rather than a page (an API tool, not a browser). */
function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return /application\/(json|vnd\.oai\.openapi\+json)/.test(accept) && !/text\/html/.test(accept);
}

export function registerApiDocs(app: FastifyInstance) {
  let document: unknown;
  let page: string | undefined;
  const openApi = async () => (document ??= openApiDocument(app.apiRoutes));
  // The document under the name tools look for first, and under Swagger UI's usual name too.
  app.get('/api/docs/openapi.json', openApi);
  app.get('/api/docs/json', openApi);
  app.get('/api/docs', async (request, reply) =>
    wantsJson(request.headers.accept)
      ? openApi()
      : reply.type('text/html; charset=utf-8').send((page ??= referencePage(app.apiRoutes))),
  );
}
