import { textIn } from '../../../shared/fields.js';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locale.js';
import type { Locale } from '../../../shared/locale.js';
import type { CandidateEmailPreview, CandidateEmailTemplate, CandidateEmailTemplateUpdate } from '../../../shared/schemas/candidate-email.js';
import {
  candidateEmailPreview,
  candidateEmailPreviewQuery,
  candidateEmailTemplateEntity,
  candidateEmailTemplateUpdateSchema,
  renderCandidateEmail,
} from '../../../shared/schemas/candidate-email.js';
import type { ApplicationStatusMove } from '../../../shared/status.js';
import { applicationStatusMoveSchema } from '../../../shared/status.js';
import { actorOf } from '../../audit/record.js';
import type { AppContext } from '../../context.js';
import type { Fields } from '../../crud/columns.js';
import { defineResource } from '../../crud/definition.js';
import type { ResourceDef } from '../../crud/definition.js';
import { updateRecord } from '../../crud/operations.js';
import { idParams, queryRoute, readRoute } from '../../crud/routes.js';
import { moveStatus, withHistory } from '../../crud/status-history.js';
import type { KyselyDb } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route-spec.js';
import type { RouteSpec } from '../../http/route-spec.js';
import { readSiteSettings } from '../../site/repository.js';
import { applicantOf, templateOfStatus } from './repository.js';
import type { Applicant } from './repository.js';

/**
 * Candidate e-mails (docs/decisions/0056): the templates, one per application status, read and
 * changed by staff with the applications module; the preview of what a move would send; and the
 * move that sends it when asked, recording the address and subject in the move's history entry.
 */

export const candidateEmailTemplateResource = defineResource<CandidateEmailTemplate>({
  entity: candidateEmailTemplateEntity,
  label: 'Candidate e-mail template',
  table: 'candidate_email_templates',
  module: 'applications',
  baseSelect: (db) => db.selectFrom('candidate_email_templates').selectAll('candidate_email_templates'),
  defaultSort: [['statusId', 'asc']],
  // The texts in both languages are kept as JSON text, as the site settings keep theirs.
  prepare: (input: Fields) => {
    const fields: Record<string, unknown> = { ...input };
    for (const key of ['subject', 'body']) if (fields[key] !== undefined) fields[key] = JSON.stringify(fields[key]);
    return fields;
  },
});

/** `POST CandidateEmailTemplate/Update`: the whole template; each status has one, none is added or removed. */
const updateTemplateRoute = route<CandidateEmailTemplateUpdate>({
  method: 'POST',
  path: 'CandidateEmailTemplate/Update',
  summary: 'Change a candidate e-mail template: its switch, subject and body in both languages; placeholders {name}, {job} and {company}',
  tag: 'CandidateEmailTemplate',
  access: 'applications',
  body: candidateEmailTemplateUpdateSchema,
  response: candidateEmailTemplateEntity.record,
  handler: ({ request, body, user }) => updateRecord(request.server.ctx, candidateEmailTemplateResource, body as Fields & { id: number }, actorOf(request, user)),
});

/**
 * What moving `application` to `statusId` would send it: refused with 409 `no-email-template` when
 * the status has no template switched on, and `no-recipient` when the application has no address.
 */
async function render(db: KyselyDb, application: Applicant, statusId: number): Promise<Omit<CandidateEmailPreview, 'statusId'>> {
  const row = await templateOfStatus(db, statusId);
  if (!row || !Number(row.enabled)) throw conflict('no-email-template', 'This status has no candidate e-mail switched on');
  if (application.anonymised_at || !application.email) throw conflict('no-recipient', 'This application has no e-mail address to write to');
  const locale: Locale = isLocale(application.locale) ? application.locale : DEFAULT_LOCALE;
  const settings = await readSiteSettings(db);
  const template = { subject: JSON.parse(row.subject), body: JSON.parse(row.body) };
  const values = { name: application.name, job: application.job_title ?? '', company: textIn(settings.companyName, locale) };
  return { locale, to: application.email, ...renderCandidateEmail(template, locale, values) };
}

/** `GET JobApplication/{id}/EmailPreview?statusId=`: exactly what moving to that status with `sendEmail` sends. */
const previewRoute = route<undefined, { id: number }, { statusId: number }>({
  method: 'GET',
  path: 'JobApplication/:id/EmailPreview',
  summary: 'The candidate e-mail a move of this application to `statusId` would send: recipient, subject and body in the applicant\'s language',
  tag: 'JobApplication',
  access: 'applications',
  params: idParams,
  query: candidateEmailPreviewQuery,
  response: candidateEmailPreview,
  handler: async ({ request, params, query }) => {
    const db = request.server.ctx.db.kysely;
    const application = await applicantOf(db, params.id);
    if (!application) throw notFound('Job application');
    return { statusId: query.statusId, ...(await render(db, application, query.statusId)) };
  },
});

/**
 * `POST JobApplication/{id}` with `{ statusId, note?, sendEmail? }`: the status move, which with
 * `sendEmail: true` also sends the applicant the new status' e-mail. The e-mail is rendered in the
 * move's transaction (a refusal leaves the status as it was) and handed to the mailer after the commit.
 */
export function applicationMoveRoute(def: ResourceDef<unknown>): RouteSpec {
  return route<ApplicationStatusMove, { id: number }>({
    method: 'POST',
    path: `${def.name}/:id`,
    summary: 'Move a job application to another status, with an optional note; with `sendEmail: true` the applicant is sent that status\' e-mail. Kept as history',
    tag: def.name,
    access: def.module,
    body: applicationStatusMoveSchema,
    params: idParams,
    response: def.entity.record,
    handler: async ({ request, body, params, user }) => {
      const ctx: AppContext = request.server.ctx;
      let email: { to: string; subject: string; body: string } | undefined;
      const prepareEmail = async (trx: KyselyDb) => {
        if (!body.sendEmail) return undefined;
        const application = await applicantOf(trx, params.id);
        if (!application) return undefined;
        const rendered = await render(trx, application, body.statusId);
        email = { to: rendered.to, subject: rendered.subject, body: rendered.body };
        return { to: rendered.to, subject: rendered.subject };
      };
      const move = { statusId: body.statusId, note: body.note };
      if (!(await moveStatus(ctx.db, def, params.id, move, user!, actorOf(request, user), prepareEmail))) throw notFound(def.label);
      if (email) await ctx.mailer.send({ to: email.to, subject: email.subject, text: email.body });
      return withHistory(ctx, def, params.id);
    },
  });
}

export const candidateEmailRoutes: RouteSpec[] = [
  queryRoute(candidateEmailTemplateResource),
  readRoute(candidateEmailTemplateResource),
  updateTemplateRoute,
  previewRoute,
];
