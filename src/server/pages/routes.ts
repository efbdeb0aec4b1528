import { z } from 'zod';
import { queryAnswerOf } from '../../shared/query.js';
import type { QueryInput } from '../../shared/query.js';
import { isPageKey, pageEntity, pagePublishSchema, pageRecord, pageSummaryRecord, pageUpdateSchema, publishedPageRecord } from '../../shared/schemas/page.js';
import type { PageKey, PageUpdate } from '../../shared/schemas/page.js';
import { actorOf } from '../audit/record.js';
import { requireModule } from '../auth/guard.js';
import { serializeOk } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { listPages, publishPage, readPage, readPublishedPage, updateDraft } from './repository.js';
// The pages' images count as uses of the media library's images.
import './image-uses.js';

const TAG = pageEntity.name;

/**
 * A key is written as one (letters, digits, `-`, `_`), else the path is malformed: a 400 naming
 * `key`, as a malformed id is. A well-formed key that names no page is a 404, as an unknown id is.
 */
const keyParams = z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a page key') });
const readQuery = z.strictObject({ draft: z.enum(['0', '1'], { error: 'Expected draft=1 or draft=0' }).optional() });

const isDraftAsked = (query: unknown) => (query as { draft?: unknown } | undefined)?.draft === '1';

/**
 * `GET Page/{key}`: anyone reads the published page, kept in memory until a page is published;
 * `?draft=1` answers the draft, to staff with the site module only.
 */
const readPageRoute = route<undefined, { key: string }, { draft?: '0' | '1' }>({
  method: 'GET',
  path: 'Page/:key',
  summary: 'A page: its published version, or with ?draft=1 its draft (staff with the site module)',
  tag: TAG,
  access: 'public',
  params: keyParams,
  query: readQuery,
  response: z.union([pageRecord, publishedPageRecord]),
  // A draft is never kept, so its key is never found.
  publicCacheKey: (request) => (isDraftAsked(request.query) ? 'Page draft' : `Page/${(request.params as { key?: string }).key}`),
  handler: async function ({ request, params, query }) {
    const ctx = request.server.ctx;
    if (query.draft === '1') {
      await requireModule(request, 'site', 'read');
      if (!isPageKey(params.key)) throw notFound('Page');
      return readPage(ctx.db.kysely, params.key);
    }
    if (!isPageKey(params.key)) throw notFound('Page');
    const key: PageKey = params.key;
    return ctx.publicCache.through(this.publicCacheKey!(request), async () => serializeOk(await readPublishedPage(ctx.db.kysely, key)));
  },
});

/** `POST Page/Query`: the pages and how each stands, for the back-office list. */
const queryPagesRoute = route<QueryInput>({
  method: 'POST',
  path: 'Page/Query',
  // Only reads: staff with read on the module may make it (docs/decisions/0059).
  reads: true,
  summary: 'List the pages with their draft and publication state',
  tag: TAG,
  access: 'site',
  body: pageEntity.query,
  response: queryAnswerOf(pageSummaryRecord, 'key'),
  handler: ({ request, body }) => listPages(request.server.ctx.db.kysely, body),
});

/** `POST Page/Update`: changes the draft only; visitors see nothing until it is published. */
const updatePageRoute = route<PageUpdate>({
  method: 'POST',
  path: 'Page/Update',
  summary: 'Change a page\'s draft: key, and any of title, description and blocks (texts as { "zh-CN": "…", "en-US": "…" })',
  tag: TAG,
  access: 'site',
  body: pageUpdateSchema,
  response: pageRecord,
  // A page of blocks in two languages, rich text included, is larger than a record.
  bodyLimit: 2 * 1024 * 1024,
  handler: ({ request, body, user }) => updateDraft(request.server.ctx, body, actorOf(request, user)),
});

/** `POST Page/Publish`: the draft becomes the public page at once; the one before it is kept. */
const publishPageRoute = route<{ key: PageKey }>({
  method: 'POST',
  path: 'Page/Publish',
  summary: 'Publish a page\'s draft; the version published before is kept',
  tag: TAG,
  access: 'site',
  body: pagePublishSchema,
  response: pageRecord,
  handler: ({ request, body, user }) => publishPage(request.server.ctx, body.key, actorOf(request, user)),
});

export const pageRoutes: RouteSpec[] = [queryPagesRoute, updatePageRoute, publishPageRoute, readPageRoute];
