import { z } from 'zod';
import { ErrorCode } from '../../../shared/api.js';
import { applicationDetailsPath } from '../../../shared/paths.js';
import type { JobApplication, JobApplicationCreate } from '../../../shared/schemas/job-application.js';
import {
  RESUME_MAX_BYTES,
  RESUME_MIME_TYPES,
  jobApplicationCreateSchema,
  jobApplicationEntity,
} from '../../../shared/schemas/job-application.js';
import { APPLICATION_STATUSES } from '../../../shared/status.js';
import { bulkExportRoute, bulkStatusRoute } from '../../crud/bulk.js';
import { chooseServerLocale } from '../../../shared/locale.js';
import type { AppContext } from '../../context.js';
import { withFormAllowance } from '../../auth/throttle.js';
import { presenterOf } from '../../crud/columns.js';
import { defineResource } from '../../crud/definition.js';
import type { ResourceDef } from '../../crud/definition.js';
import { findRecord } from '../../crud/operations.js';
import { queryRoute } from '../../crud/routes.js';
import { exportRoute } from '../../crud/export.js';
import { APPLICATION_CSV } from '../../../shared/csv-columns.js';
import { internalNoteRoute, readWithHistoryRoute } from '../../crud/status-history.js';
import { applicationMoveRoute, candidateEmailRoutes } from './candidate-email.js';
import { cleanFileName, detectMimeType } from '../../files/detect.js';
import { downloadUrlOf } from '../../files/routes.js';
import { newStorageKey } from '../../files/storage.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { findOpenJob, insertApplication } from './repository.js';
import { applicationKeywordIndex, indexedApplicationOf, moveApplicationTerms } from './search.js';
import { acceptedPrivacyVersion } from '../../privacy-notice/repository.js';

export const jobApplicationResource = defineResource<JobApplication>({
  entity: jobApplicationEntity,
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
  // The résumé is answered as a link to its download, never as the stored file's id or key.
  present: presenterOf<JobApplication>(jobApplicationEntity.record, {
    omit: ['resumeUrl', 'resumeName'],
    // An anonymised application's résumé is gone (erasure/erase.ts): no link to it.
    add: (row) => ({
      resumeUrl: row.anonymised_at ? '' : downloadUrlOf(Number(row.resume_file_id)),
      resumeName: typeof row.resume_name === 'string' ? row.resume_name : '',
    }),
  }),
  keywordIndex: applicationKeywordIndex,
  onStatusMove: (db, before, statusId) => moveApplicationTerms(db, indexedApplicationOf(before), statusId),
  defaultSort: [['createdAt', 'desc']],
  personalData: true,
});

async function notify(ctx: AppContext, application: JobApplication, input: JobApplicationCreate) {
  const link = `${ctx.config.publicUrl}${applicationDetailsPath(application.id)}`;
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
  // Nothing the visitor typed goes back out: anyone can type a stranger's address into the form, and
  // the mail must not carry words of their choosing to that stranger (the same rule as the contact
  // and join-us acknowledgements, docs/decisions/0045). The job's title is the company's own text.
  const toApplicant = ctx.mailer.send({
    to: input.email,
    subject: `我们已收到您的申请 We have received your application: ${application.jobTitle}`,
    text: [
      '您好：',
      `感谢您申请「${application.jobTitle}」职位。我们已收到您的简历，会尽快与您联系。`,
      '如果您没有提交过申请，请忽略此邮件。',
      '',
      'Hello,',
      `Thank you for applying for "${application.jobTitle}". We have received your résumé and will be in touch soon.`,
      'If you did not apply, please ignore this message.',
    ].join('\n'),
  });
  await Promise.all([toHr, toApplicant]);
}

const RESUME_DESCRIPTION = 'PDF, DOC or DOCX, at most 10 MB';

/** `POST JobApplication`: the apply-now form, its fields and résumé saved together or not at all. */
const createRoute = route<JobApplicationCreate>({
  method: 'POST',
  path: 'JobApplication',
  summary:
    'Public form: apply for an open job. multipart/form-data with the fields and a `resume` file (PDF, DOC or DOCX by content, at most 10 MB); the record and the file are saved together or not at all',
  tag: 'JobApplication',
  access: 'public',
  multipart: {
    fields: jobApplicationCreateSchema,
    files: { resume: RESUME_DESCRIPTION },
    unexpectedFileMessage: 'Only one file, named "resume", is accepted',
    limits: { fileSize: RESUME_MAX_BYTES, files: 2, fields: 30, fieldSize: 64 * 1024 },
  },
  bodyLimit: RESUME_MAX_BYTES + 1024 * 1024,
  response: z.object({ id: z.number().int(), jobId: z.number().int().optional(), jobTitle: z.string().nullable().optional(), statusId: z.number().int().optional() }),
  around: (request, run) => withFormAllowance(request, 'application', run),
  handler: async ({ request, body: input, files }) => {
    const ctx = request.server.ctx;
    const resume = files.resume;
    if (!resume || resume.content.length === 0) throw validationError([{ path: 'resume', code: 'required', message: 'Required' }]);
    if (input.website) return { id: 0 };
    const mimeType = await detectMimeType(resume.content);
    if (!mimeType || !(RESUME_MIME_TYPES as readonly string[]).includes(mimeType)) {
      throw new AppError(ErrorCode.unsupportedType, 'The résumé must be a PDF, DOC or DOCX file', { reason: 'resume-type' });
    }
    if (!(await findOpenJob(ctx.db.kysely, input.jobId))) throw notFound('Job');
    input.privacyVersion = await acceptedPrivacyVersion(ctx.db.kysely, input.privacyVersion);
    // The page's language the form was sent from; a client that sends none is taken at its word.
    input.locale ??= chooseServerLocale(request.headers.cookie ?? null, request.headers['accept-language'] ?? null);
    let id;
    try {
      id = await insertApplication(
        ctx.db,
        ctx.storage,
        input,
        { name: cleanFileName(resume.name, mimeType), content: resume.content, mimeType, storageKey: newStorageKey() },
        request.ip,
      );
    } catch (error) {
      // The job was deleted after it was found open: as if it had been gone already.
      if (isForeignKeyViolation(error)) throw notFound('Job');
      throw error;
    }
    const application = await findRecord(ctx, jobApplicationResource, id);
    await notify(ctx, application, input);
    return { id, jobId: application.jobId, jobTitle: application.jobTitle, statusId: application.statusId };
  },
});

export const applicationRoutes: RouteSpec[] = [
  createRoute,
  queryRoute(jobApplicationResource),
  readWithHistoryRoute(jobApplicationResource),
  applicationMoveRoute(jobApplicationResource as ResourceDef<unknown>),
  bulkStatusRoute(jobApplicationResource, APPLICATION_STATUSES.length),
  internalNoteRoute(jobApplicationResource),
  exportRoute(jobApplicationResource, APPLICATION_CSV, 'applications'),
  bulkExportRoute(jobApplicationResource, APPLICATION_CSV, 'applications'),
  ...candidateEmailRoutes,
];
