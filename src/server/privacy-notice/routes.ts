import { currentPrivacyNoticeRecord, privacyNoticeListAnswer, privacyNoticeQuerySchema } from '../../shared/schemas/privacy-notice.js';
import type { PrivacyNoticeQuery } from '../../shared/schemas/privacy-notice.js';
import { serializeOk } from '../http/envelope.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { currentPrivacyNotice, listPrivacyNotices } from './repository.js';

/** The privacy notice's versions (docs/decisions/0045). A new one is published by saving the notice in the site settings. */
const TAG = 'PrivacyNotice';

const currentRoute = route({
  method: 'GET',
  path: 'PrivacyNotice',
  summary: 'The current version of the privacy notice (0 before any was published): the public forms send it with a submission',
  tag: TAG,
  access: 'public',
  response: currentPrivacyNoticeRecord,
  // Every public page asks (the forms send it): kept with the public answers, emptied when the
  // site settings (and so the notice) change.
  publicCacheKey: () => 'PrivacyNotice',
  handler: async function ({ request }) {
    const ctx = request.server.ctx;
    return ctx.publicCache.through(this.publicCacheKey!(request), async () => serializeOk(await currentPrivacyNotice(ctx.db.kysely)));
  },
});

const queryRoute = route<PrivacyNoticeQuery>({
  method: 'POST',
  path: 'PrivacyNotice/Query',
  summary: 'Every published version of the privacy notice, newest first, each text in both languages (staff with the site module)',
  tag: TAG,
  access: 'site',
  body: privacyNoticeQuerySchema,
  response: privacyNoticeListAnswer,
  handler: async ({ request, body }) => {
    const { items, total } = await listPrivacyNotices(request.server.ctx.db.kysely, body.page, body.pageSize);
    return { items, meta: { page: body.page, pageSize: body.pageSize, total } };
  },
});

export const privacyNoticeRoutes: RouteSpec[] = [currentRoute, queryRoute];
