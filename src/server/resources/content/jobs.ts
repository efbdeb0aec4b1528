import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Job } from '../../../shared/schemas/job.js';
import { LATEST_JOBS_MAX, jobCreateSchema, jobQuerySchema, jobUpdateSchema } from '../../../shared/schemas/job.js';
import { nowIso } from '../../context.js';
import { conflict, validationError } from '../../http/errors.js';
import { requireExisting } from '../../crud/resource.js';
import type { AnyDb, ResourceDef, Row } from '../../crud/resource.js';
import type { RouteSpec } from '../../http/routes.js';
import { sanitizeRichText } from '../../http/sanitize.js';
import { serializeOk } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';

export function presentJob(row: Row): Job {
  return {
    id: Number(row.id),
    title: row.title,
    categoryId: Number(row.category_id),
    categoryName: row.category_name ?? null,
    department: row.department,
    location: row.location,
    employmentType: row.employment_type,
    headcount: Number(row.headcount),
    salaryMin: row.salary_min === null ? null : Number(row.salary_min),
    salaryMax: row.salary_max === null ? null : Number(row.salary_max),
    description: row.description,
    requirements: row.requirements,
    status: row.status,
    publishedAt: row.published_at,
    closesAt: row.closes_at,
    locale: row.locale,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A job's public life starts the first time it opens. */
function publishedAtFor(input: Row, existing?: Row): string | undefined {
  if (input.status === 'open' && !existing?.published_at) return nowIso();
  return undefined;
}

/**
 * The schema checks a range given whole; an update that sends one end is checked here against the
 * stored other end, so no update leaves salaryMin above salaryMax.
 */
function assertSalaryRangeKeepsOrder(input: Row, existing?: Row) {
  if (!existing) return;
  const min = input.salaryMin !== undefined ? input.salaryMin : existing.salary_min;
  const max = input.salaryMax !== undefined ? input.salaryMax : existing.salary_max;
  if (min != null && max != null && Number(min) > Number(max)) {
    throw validationError([{ path: input.salaryMax !== undefined ? 'salaryMax' : 'salaryMin', message: 'salaryMin must not be more than salaryMax' }]);
  }
}

const richText = (html: unknown) => (typeof html === 'string' ? sanitizeRichText(html) : undefined);

/** Open, and not past its closing date. */
export const openJobsScope = (query: ReturnType<AnyDb['selectFrom']> | any, now: string) =>
  query
    .where('jobs.status', '=', 'open')
    .where((eb: any) => eb.or([eb('jobs.closes_at', 'is', null), eb('jobs.closes_at', '>', now)]));

export const jobResource: ResourceDef<Job> = {
  name: 'Job',
  label: 'Job',
  table: 'jobs',
  module: 'jobs',
  publicScope: openJobsScope,
  baseSelect: (db) =>
    db
      .selectFrom('jobs')
      .leftJoin('job_categories', 'job_categories.id', 'jobs.category_id')
      .selectAll('jobs')
      .select('job_categories.name as category_name'),
  present: presentJob,
  querySchema: jobQuerySchema,
  createSchema: jobCreateSchema,
  updateSchema: jobUpdateSchema,
  keywordColumns: ['jobs.title', 'jobs.department', 'jobs.location'],
  filters: {
    categoryId: { column: 'jobs.category_id' },
    status: { column: 'jobs.status' },
    location: { column: 'jobs.location' },
    department: { column: 'jobs.department' },
    employmentType: { column: 'jobs.employment_type' },
    locale: { column: 'jobs.locale' },
  },
  sortColumns: {
    publishedAt: 'jobs.published_at',
    createdAt: 'jobs.created_at',
    updatedAt: 'jobs.updated_at',
    title: 'jobs.title',
    closesAt: 'jobs.closes_at',
    id: 'jobs.id',
  },
  defaultSort: [['jobs.published_at', 'desc']],
  toRow: (input, existing) => {
    assertSalaryRangeKeepsOrder(input, existing);
    return {
      title: input.title,
      category_id: input.categoryId,
      department: input.department,
      location: input.location,
      employment_type: input.employmentType,
      headcount: input.headcount,
      salary_min: input.salaryMin,
      salary_max: input.salaryMax,
      description: richText(input.description),
      requirements: richText(input.requirements),
      status: input.status,
      published_at: publishedAtFor(input, existing),
      closes_at: input.closesAt,
      locale: input.locale,
    };
  },
  checkReferences: async (db, row) => {
    await requireExisting(db, 'job_categories', row.category_id, 'categoryId', 'job category');
  },
  beforeDelete: async (db, id) => {
    const used = await db.selectFrom('job_applications').select('id').where('job_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('in-use', 'Job has applications; close it instead of deleting it');
  },
};

// Job/Latest takes no parameters; like every other call it refuses fields it does not know.
const latestJobsBody = z.strictObject({}).optional();

/** `POST Job/Latest`: the newest open jobs for the home page. */
export const latestJobsRoute: RouteSpec = {
  method: 'POST',
  path: 'Job/Latest',
  summary: `The newest open jobs (at most ${LATEST_JOBS_MAX})`,
  tag: 'Job',
  access: 'public',
  body: latestJobsBody,
  handler: async (request: FastifyRequest) => {
    const ctx = request.server.ctx;
    parse(latestJobsBody, request.body ?? undefined);
    return ctx.publicCache.through('Job/Latest', async () => {
      // Serialized once: the home page asks for this on every visit.
      const rows = await openJobsScope(jobResource.baseSelect(ctx.db.kysely as AnyDb), nowIso())
        .orderBy('jobs.published_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(LATEST_JOBS_MAX)
        .execute();
      return serializeOk(rows.map(presentJob));
    });
  },
};
