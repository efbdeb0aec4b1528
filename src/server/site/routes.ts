import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { publicSiteOf, publicSiteRecord, siteSettingsEntity, siteSettingsRecord } from '../../shared/schemas/site.js';
import type { SiteSettingsUpdate } from '../../shared/schemas/site.js';
import { actorOf } from '../audit/record.js';
import { serializeOk } from '../http/envelope.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { siteChecklistRecord } from '../../shared/schemas/checklist.js';
import { siteChecklist } from './checklist.js';
import { cachedSiteSettings, readSiteSettings, updateSiteSettings } from './repository.js';
// The settings' images count as uses of the media library's images.
import './image-uses.js';

const TAG = siteSettingsEntity.name;

/** `GET Site?locale=`: the language the texts are answered in, zh-CN unless asked. */
const publicQuery = z.strictObject({ locale: z.enum(LOCALES).default(DEFAULT_LOCALE) });

/** `GET Site`: anyone; every public page asks, so the answer is kept per language until settings change. */
const publicSiteRoute = route<undefined, undefined, { locale: Locale }>({
  method: 'GET',
  path: 'Site',
  summary: 'The site settings as the public pages need them, texts in the asked language',
  tag: TAG,
  access: 'public',
  query: publicQuery,
  response: publicSiteRecord,
  publicCacheKey: (request) => `Site ${JSON.stringify(request.query ?? null)}`,
  handler: async function ({ request, query }) {
    const ctx = request.server.ctx;
    return ctx.publicCache.through(this.publicCacheKey!(request), async () => serializeOk(publicSiteOf(await cachedSiteSettings(ctx), query.locale)));
  },
});

/** `GET Site/Edit`: the whole record, every text in both languages, for staff who change it. */
const editSiteRoute = route({
  method: 'GET',
  path: 'Site/Edit',
  summary: 'The site settings with every text in both languages (staff with the site module)',
  tag: TAG,
  access: 'site',
  response: siteSettingsRecord,
  handler: ({ request }) => readSiteSettings(request.server.ctx.db.kysely),
});

/** `POST Site/Update`: only the fields given change; the public site shows them at once. */
const updateSiteRoute = route<SiteSettingsUpdate>({
  method: 'POST',
  path: 'Site/Update',
  summary: 'Change some site settings; the others keep their values. Texts as { "zh-CN": "…", "en-US": "…" }',
  tag: TAG,
  access: 'site',
  body: siteSettingsEntity.update as z.ZodType<SiteSettingsUpdate>,
  response: siteSettingsRecord,
  handler: ({ request, body, user }) => updateSiteSettings(request.server.ctx, body, actorOf(request, user)),
});

/** `GET Site/Checklist`: what a new site still needs; the back-office shows it until all is done. */
const checklistRoute = route({
  method: 'GET',
  path: 'Site/Checklist',
  summary: 'The first-run checklist: name, logo, contact, home page and first job, each done or not (staff with the site module)',
  tag: TAG,
  access: 'site',
  response: siteChecklistRecord,
  handler: ({ request }) => siteChecklist(request.server.ctx.db.kysely),
});

export const siteRoutes: RouteSpec[] = [publicSiteRoute, editSiteRoute, updateSiteRoute, checklistRoute];
