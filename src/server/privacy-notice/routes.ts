import { PRIVACY_NOTICE_READERS, PRIVACY_NOTICE_VERSION_READERS } from '../../shared/modules.js';
import {
  currentPrivacyNoticeRecord,
  privacyNoticeListAnswer,
  privacyNoticeQuerySchema,
  privacyNoticeVersionParams,
  privacyNoticeVersionRecord,
} from '../../shared/schemas/privacy-notice.js';
import type { PrivacyNoticeQuery, PrivacyNoticeVersionParams } from '../../shared/schemas/privacy-notice.js';
import { serializeOk } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { currentPrivacyNotice } from './repository.js';
import { privacyNoticeVersion, privacyNoticeVersions } from './versions.js';

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
  // Only reads: staff with read on the module may make it (docs/decisions/0059).
  reads: true,
  summary:
    'Every version of the privacy notice, newest first, each text in both languages; version 0 (no publishing time) is the notice in force before the first was published (staff with the site or privacy module)',
  tag: TAG,
  access: { anyOf: PRIVACY_NOTICE_READERS },
  body: privacyNoticeQuerySchema,
  response: privacyNoticeListAnswer,
  handler: async ({ request, body }) => {
    const { items, total } = await privacyNoticeVersions(request.server.ctx.db.kysely, body.page, body.pageSize);
    return { items, meta: { page: body.page, pageSize: body.pageSize, total } };
  },
});

const versionRoute = route<undefined, PrivacyNoticeVersionParams>({
  method: 'GET',
  path: 'PrivacyNotice/:version',
  summary: 'One version of the privacy notice, both texts: the one an application, a message or a join-us entry names (staff reading those, or the site or privacy module)',
  tag: TAG,
  access: { anyOf: PRIVACY_NOTICE_VERSION_READERS },
  params: privacyNoticeVersionParams,
  response: privacyNoticeVersionRecord,
  handler: async ({ request, params }) => {
    const version = await privacyNoticeVersion(request.server.ctx.db.kysely, params.version);
    if (!version) throw notFound('Privacy notice version');
    return version;
  },
});

export const privacyNoticeRoutes: RouteSpec[] = [currentRoute, queryRoute, versionRoute];
