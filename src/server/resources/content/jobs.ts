import { z } from 'zod';
import { jobEntity, jobRecord, LATEST_JOBS_MAX } from '../../../shared/schemas/job.js';
import type { Job } from '../../../shared/schemas/job.js';
import type { Fields } from '../../crud/columns.js';
import { presenterOf } from '../../crud/columns.js';
import { officeNamed } from './office-names.js';
import { defineResource } from '../../crud/definition.js';
import type { Select, TimeOperand } from '../../crud/definition.js';
import type { KyselyDb } from '../../db/schema.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { contentChanged, findRecord, requireExisting, savedStamp } from '../../crud/operations.js';
import { idParams } from '../../crud/routes.js';
import { actorOf, recordAudit } from '../../audit/record.js';
import { saveRevision } from '../../revisions/repository.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { serializeOk } from '../../http/envelope.js';
import { route } from '../../http/route-spec.js';
import { sanitizeRichText } from '../../http/sanitize.js';
import { nowIso } from '../../time.js';
import { LOCALES, localeFromAcceptLanguage } from '../../../shared/locale.js';
import type { Locale } from '../../../shared/locale.js';
import { missingPatternOf } from '../../../shared/translations.js';
import { cachedSiteSettings } from '../../site/repository.js';

/** A job's public life starts the first time it opens. */
function publishedAtFor(input: Fields, existing?: Job): string | undefined {
  if (input.status === 'open' && !existing?.publishedAt) return nowIso();
  return undefined;
}

/**
 * The schema checks a range given whole; an update that sends one end is checked here against the
 * stored other end, so no update leaves salaryMin above salaryMax.
 */
function assertSalaryRangeKeepsOrder(input: Fields, existing?: Job) {
  if (!existing) return;
  const min = input.salaryMin !== undefined ? input.salaryMin : existing.salaryMin;
  const max = input.salaryMax !== undefined ? input.salaryMax : existing.salaryMax;
  if (min != null && max != null && Number(min) > Number(max)) {
    throw validationError([{ path: input.salaryMax !== undefined ? 'salaryMax' : 'salaryMin', code: 'salary_order', message: 'salaryMin must not be more than salaryMax' }]);
  }
}

const richText = (html: unknown) => (typeof html === 'string' ? sanitizeRichText(html) : undefined);

/** Open, not archived, and not past its closing date: every public view of jobs goes through this. */
export const openJobsScope = (query: Select, now: TimeOperand) =>
  query.where('jobs.status', '=', 'open').where('jobs.archived', '=', 0).where((eb) => eb.or([eb('jobs.closes_at', 'is', null), eb('jobs.closes_at', '>', now)]));

/** Jobs with their category's name and their office's texts and country, each with its translations. */
const jobsWithCategory = (db: KyselyDb) =>
  db
    .selectFrom('jobs')
    .leftJoin('job_categories', 'job_categories.id', 'jobs.category_id')
    .leftJoin('offices', 'offices.id', 'jobs.office_id')
    .selectAll('jobs')
    .select([
      'job_categories.name as category_name',
      'job_categories.translations as category_translations',
      'offices.name as office_name',
      'offices.address as office_address',
      'offices.city as office_city',
      'offices.country as office_country',
      'offices.translations as office_translations',
    ]);

/** A job's fields as read: its location is its office's name when it has an office (docs/decisions/0058). */
const presentJob = presenterOf<Job>(jobRecord, { add: (row) => (row.office_name == null ? {} : { location: row.office_name as string }) });

/**
 * A job's office from what a write gives: an `officeId` as given (checked to exist), else a
 * `location` alone takes the office of that name in any language, or none, so that clients that
 * only know locations keep working.
 */
async function officeOfLocation(db: KyselyDb, input: Fields): Promise<Fields> {
  if (input.officeId !== undefined || typeof input.location !== 'string') return input;
  // A location that names no office leaves the job without one: its free text is then answered.
  return { ...input, officeId: await officeNamed(db, input.location) };
}

export const jobResource = defineResource<Job>({
  entity: jobEntity,
  label: 'Job',
  table: 'jobs',
  module: 'jobs',
  revisions: true,
  publicScope: openJobsScope,
  isPublished: (job) => job.status === 'open',
  untranslatedListed: async (ctx) => (await cachedSiteSettings(ctx)).listUntranslated,
  joinedTranslations: {
    categoryName: { column: 'category_translations', text: 'name' },
    location: { column: 'office_translations', text: 'name' },
    officeAddress: { column: 'office_translations', text: 'address' },
    officeCity: { column: 'office_translations', text: 'city' },
  },
  baseSelect: jobsWithCategory,
  present: presentJob,
  defaultSort: [['publishedAt', 'desc']],
  prepare: (input, existing) => {
    assertSalaryRangeKeepsOrder(input, existing);
    return {
      ...input,
      description: richText(input.description),
      requirements: richText(input.requirements),
      publishedAt: publishedAtFor(input, existing),
    };
  },
  resolveFields: officeOfLocation,
  checkReferences: async (db, input) => {
    await requireExisting(db, 'job_categories', input.categoryId, 'categoryId', 'job category');
    if (input.officeId !== null) await requireExisting(db, 'offices', input.officeId, 'officeId', 'office');
  },
  beforeDelete: async (db, id) => {
    const used = await db.selectFrom('job_applications').select('id').where('job_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('has-applications', 'Job has applications: archive it (hidden from the public, applications kept), or erase its applications, then delete it');
  },
});

/**
 * The newest open jobs, newest first, as visitors are answered them, in `locale` when given; without
 * the ones not translated into it when `listUntranslated` is off (docs/decisions/0054).
 */
export async function latestOpenJobs(db: KyselyDb, limit: number, locale?: Locale, listUntranslated = true): Promise<Job[]> {
  let query = openJobsScope(jobsWithCategory(db), nowIso());
  if (locale && !listUntranslated) query = query.where('jobs.missing_translations', 'not like', missingPatternOf(locale));
  const rows = await query.orderBy('jobs.published_at', 'desc').orderBy('jobs.id', 'desc').limit(limit).execute();
  return rows.map((row) => jobResource.presentPublic(row, locale));
}

/**
 * `POST Job/Latest`: the newest open jobs for the home page, in the reader's language (`locale`, else
 * Accept-Language). It takes no other parameter, and refuses unknown ones.
 */
export const latestJobsRoute = route<{ locale?: Locale } | undefined>({
  method: 'POST',
  path: 'Job/Latest',
  summary: `The newest open jobs (at most ${LATEST_JOBS_MAX}), in the reader's language (\`locale\`, else Accept-Language)`,
  tag: 'Job',
  access: 'public',
  body: z.strictObject({ locale: z.enum(LOCALES).optional() }).optional(),
  response: z.array(jobEntity.publicRecord),
  // Serialized once per language and answered from memory: the home page asks for this on every visit.
  publicCacheKey: (request) => `Job/Latest ${localeFromAcceptLanguage(request.headers['accept-language']) ?? '-'} ${JSON.stringify(request.body ?? null)}`,
  handler: async function ({ request, body }) {
    const ctx = request.server.ctx;
    const locale = body?.locale ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? undefined;
    return ctx.publicCache.through(this.publicCacheKey!(request), async () =>
      serializeOk(await latestOpenJobs(ctx.db.kysely, LATEST_JOBS_MAX, locale, locale ? (await cachedSiteSettings(ctx)).listUntranslated : true)),
    );
  },
});

/**
 * `POST Job/{id}/Archive` and `POST Job/{id}/Unarchive` (empty body): an archived job is hidden
 * everywhere public (it fails `openJobsScope`) and kept for its applications (docs/decisions/0043).
 */
export const jobArchiveRoutes: RouteSpec[] = ([['Archive', true], ['Unarchive', false]] as const).map(([verb, archived]) =>
  route<undefined, { id: number }>({
    method: 'POST',
    path: `Job/:id/${verb}`,
    summary: archived ? 'Archive a job (empty body): hidden everywhere public, kept with its applications' : 'Bring an archived job back (empty body)',
    tag: 'Job',
    access: 'jobs',
    emptyBody: true,
    params: idParams,
    response: jobRecord,
    handler: async ({ request, params, user }) => {
      const ctx = request.server.ctx;
      const actor = actorOf(request, user);
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('jobs').select('archived').where('id', '=', params.id).executeTakeFirst();
        if (!before) throw notFound('Job');
        if (Boolean(Number(before.archived)) === archived) return;
        // Archiving makes a version as a save does, so the one it replaces is kept as one too.
        await saveRevision(trx, 'Job', params.id, await findRecord(ctx, jobResource, params.id, false, trx));
        await trx.updateTable('jobs').set({ archived: archived ? 1 : 0, ...savedStamp(jobResource, actor) } as never).where('id', '=', params.id).execute();
        await recordAudit(trx, actor, { action: 'update', entity: 'Job', entityId: params.id, changes: { archived: [!archived, archived] } });
      });
      contentChanged(ctx, 'Job');
      return findRecord(ctx, jobResource, params.id);
    },
  }),
);
