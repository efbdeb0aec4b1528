import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '../../../shared/api.js';
import type { JobApplication } from '../../../shared/schemas/job-application.js';
import {
  RESUME_MAX_BYTES,
  RESUME_MIME_TYPES,
  jobApplicationCreateSchema,
  jobApplicationQuerySchema,
} from '../../../shared/schemas/job-application.js';
import type { JobApplicationCreate } from '../../../shared/schemas/job-application.js';
import { applicationStatusMoveSchema } from '../../../shared/status.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../context.js';
import { withFormAllowance } from '../../auth/throttle.js';
import { readRoutes } from '../../crud/resource.js';
import type { AnyDb, ResourceDef, Row } from '../../crud/resource.js';
import { cleanFileName, detectMimeType } from '../../files/detect.js';
import { downloadUrlOf } from '../../files/routes.js';
import { newStorageKey } from '../../files/storage.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { RouteSpec } from '../../http/routes.js';
import { NUL_MESSAGE, parse } from '../../http/validate.js';
import { openJobsScope } from '../content/jobs.js';
import { readWithHistoryRoute, statusMoveRoute } from '../inquiries/status-history.js';
import { applicationKeywordIndex, indexApplication, moveApplicationTerms } from './search.js';

export function presentApplication(row: Row): JobApplication {
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    jobTitle: row.job_title ?? null,
    name: row.name,
    phone: row.phone,
    email: row.email,
    education: row.education ?? null,
    yearsOfExperience: row.years_of_experience === null ? null : Number(row.years_of_experience),
    coverLetter: row.cover_letter,
    resumeUrl: downloadUrlOf(Number(row.resume_file_id)),
    resumeName: row.resume_name ?? '',
    statusId: Number(row.status_id),
    consentAt: row.consent_at,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const jobApplicationResource: ResourceDef<JobApplication> = {
  name: 'JobApplication',
  label: 'Job application',
  table: 'job_applications',
  module: 'applications',
  baseSelect: (db) =>
    db
      .selectFrom('job_applications')
      .leftJoin('jobs', 'jobs.id', 'job_applications.job_id')
      .leftJoin('files', 'files.id', 'job_applications.resume_file_id')
      .selectAll('job_applications')
      .select(['jobs.title as job_title', 'files.name as resume_name']),
  present: presentApplication,
  querySchema: jobApplicationQuerySchema,
  keywordColumns: ['job_applications.name', 'job_applications.email', 'job_applications.phone'],
  keywordIndex: applicationKeywordIndex,
  onStatusMove: moveApplicationTerms,
  filters: {
    jobId: { column: 'job_applications.job_id' },
    statusId: { column: 'job_applications.status_id' },
    createdFrom: { column: 'job_applications.created_at', op: '>=' },
    createdTo: { column: 'job_applications.created_at', op: '<=' },
  },
  sortColumns: {
    createdAt: 'job_applications.created_at',
    updatedAt: 'job_applications.updated_at',
    name: 'job_applications.name',
    statusId: 'job_applications.status_id',
    id: 'job_applications.id',
  },
  defaultSort: [['job_applications.created_at', 'desc']],
};

interface Intake {
  fields: Record<string, string>;
  resume?: { name: string; content: Buffer };
}

/** Reads the multipart form: text fields, and one résumé of at most 10 MB. */
async function readIntake(request: FastifyRequest): Promise<Intake> {
  const intake: Intake = { fields: {} };
  const parts = request.parts({ limits: { fileSize: RESUME_MAX_BYTES, files: 2, fields: 30, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (file.fieldname !== 'resume' || intake.resume) {
        file.file.resume();
        throw validationError([{ path: file.fieldname, message: 'Only one file, named "resume", is accepted' }]);
      }
      intake.resume = { name: file.filename, content: await file.toBuffer() };
    } else if (!(part.fieldname in intake.fields)) {
      const value = String(part.value);
      if (value.includes('\u0000')) throw validationError([{ path: part.fieldname, message: NUL_MESSAGE }]);
      intake.fields[part.fieldname] = value;
    }
  }
  return intake;
}

async function notify(ctx: AppContext, application: JobApplication, input: JobApplicationCreate) {
  const link = `${ctx.config.publicUrl}/ApplyInfoManagement/ContactDetails?id=${application.id}`;
  const toHr = ctx.mailer.send({
    to: ctx.config.hrEmail,
    subject: `新的职位申请 New application: ${application.jobTitle} — ${input.name}`,
    text: [
      `${input.name} applied for "${application.jobTitle}".`,
      `Email: ${input.email}`,
      `Phone: ${input.phone}`,
      `Review it in the back-office: ${link}`,
    ].join('\n'),
  });
  const toApplicant = ctx.mailer.send({
    to: input.email,
    subject: `我们已收到您的申请 We have received your application: ${application.jobTitle}`,
    text: [
      `${input.name}，您好：`,
      `感谢您申请「${application.jobTitle}」职位。我们已收到您的简历，会尽快与您联系。`,
      '',
      `Dear ${input.name},`,
      `Thank you for applying for "${application.jobTitle}". We have received your résumé and will be in touch soon.`,
    ].join('\n'),
  });
  await Promise.all([toHr, toApplicant]);
}

const createRoute: RouteSpec = {
  method: 'POST',
  path: 'JobApplication',
  summary:
    'Public form: apply for an open job. multipart/form-data with the fields and a `resume` file (PDF, DOC or DOCX by content, at most 10 MB); the record and the file are saved together or not at all',
  tag: 'JobApplication',
  access: 'public',
  multipart: { fields: jobApplicationCreateSchema, files: { resume: 'PDF, DOC or DOCX, at most 10 MB' } },
  bodyLimit: RESUME_MAX_BYTES + 1024 * 1024,
  handler: (request) => withFormAllowance(request, 'application', () => acceptApplication(request)),
};

/** Reads, checks and saves one application with its résumé; any refusal throws. */
async function acceptApplication(request: FastifyRequest) {
  const ctx = request.server.ctx;
  const intake = await readIntake(request);
  const input = parse(jobApplicationCreateSchema, intake.fields);
  if (!intake.resume || intake.resume.content.length === 0) {
    throw validationError([{ path: 'resume', message: 'Required' }]);
  }
  if (input.website) return { id: 0 };
  const mimeType = await detectMimeType(intake.resume.content);
  if (!mimeType || !(RESUME_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw new AppError(ErrorCode.unsupportedType, 'The résumé must be a PDF, DOC or DOCX file');
  }
  const db = ctx.db.kysely as AnyDb;
  const job = await openJobsScope(db.selectFrom('jobs').select(['jobs.id', 'jobs.title']), nowIso())
    .where('jobs.id', '=', input.jobId)
    .executeTakeFirst();
  if (!job) throw notFound('Job');

  const key = newStorageKey();
  const now = nowIso();
  let id: number;
  try {
    id = await ctx.db.kysely.transaction().execute(async (trx) => {
      const file = await trx
        .insertInto('files')
        .values({
          name: cleanFileName(intake.resume!.name, mimeType),
          size: intake.resume!.content.length,
          mime_type: mimeType,
          kind: 'resume',
          storage_key: key,
          created_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = {
        job_id: input.jobId,
        name: input.name,
        phone: input.phone,
        email: input.email,
        education: input.education ?? null,
        years_of_experience: input.yearsOfExperience ?? null,
        cover_letter: input.coverLetter ?? '',
        resume_file_id: file.id,
        status_id: 1,
        consent_at: now,
        note: '',
        client_address: request.ip,
        created_at: now,
        updated_at: now,
      };
      const application = await trx.insertInto('job_applications').values(row).returning('id').executeTakeFirstOrThrow();
      // The keyword index is written with the record: a committed application is always findable.
      await indexApplication(trx as AnyDb, { ...row, id: application.id });
      await ctx.storage.put(key, intake.resume!.content);
      return application.id;
    });
  } catch (error) {
    // Whatever failed (an insert, the write itself, the commit), no file outlives its record.
    await ctx.storage.remove(key);
    throw error;
  }
  const application = presentApplication(
    (await jobApplicationResource.baseSelect(db).where('job_applications.id', '=', id).executeTakeFirst())!,
  );
  await notify(ctx, application, input);
  return { id, jobId: application.jobId, jobTitle: application.jobTitle, statusId: application.statusId };
}

export const applicationRoutes: RouteSpec[] = [
  createRoute,
  readRoutes(jobApplicationResource)[0],
  readWithHistoryRoute(jobApplicationResource),
  statusMoveRoute(jobApplicationResource, applicationStatusMoveSchema),
];
