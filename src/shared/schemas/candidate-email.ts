import { z } from 'zod';
import { MESSAGE_MAX, TITLE_MAX, id, isoTimestamp, optionalText, recordId } from '../fields.js';
import type { LocalizedText } from '../fields.js';
import { defineEntity, editorField } from '../entity.js';
import { LOCALES } from '../locale.js';
import type { Locale } from '../locale.js';
import { APPLICATION_STATUSES } from '../status.js';
import { basedOn } from './revision.js';

/**
 * The e-mail an applicant may be sent when their application moves to a status
 * (docs/decisions/0056-candidate-emails.md): one template per status of the hiring pipeline, its
 * subject and body in both languages, plain text, with placeholders filled when it is sent.
 */

/**
 * What a template may name, each written in braces: `{name}` the applicant's name as they typed it,
 * `{job}` the job's title, `{company}` the company's name from the site settings in the applicant's
 * language. Nothing else in braces is accepted.
 */
export const CANDIDATE_EMAIL_PLACEHOLDERS = ['name', 'job', 'company'] as const;
export type CandidateEmailPlaceholder = (typeof CANDIDATE_EMAIL_PLACEHOLDERS)[number];
export type CandidateEmailValues = Record<CandidateEmailPlaceholder, string>;

/** Anything written in braces; the ones not in the list above are refused. */
const BRACED = /\{([^{}\n]*)\}/g;

export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(BRACED)].map((m) => m[1]);
  return [...new Set(found.filter((name) => !(CANDIDATE_EMAIL_PLACEHOLDERS as readonly string[]).includes(name)))];
}

const placeholderRule = (text: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      params: { code: 'unknown_placeholder', placeholders: unknown.map((p) => `{${p}}`).join(', ') },
      message: `Unknown placeholder ${unknown.map((p) => `{${p}}`).join(', ')}: use {name}, {job} or {company}`,
    });
  }
};

const templateText = (max: number) => optionalText(max).superRefine(placeholderRule);
const localizedTemplateText = (max: number) =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, templateText(max)])) as Record<Locale, ReturnType<typeof templateText>>).strict();

export const CANDIDATE_EMAIL_SUBJECT_MAX = TITLE_MAX;
export const CANDIDATE_EMAIL_BODY_MAX = MESSAGE_MAX;

/**
 * `POST CandidateEmailTemplate/Update`: the whole template at once (its switch, subject and body),
 * so that the rule "a template that is on is written in both languages" is checked here, by the
 * schema the screen's form uses too.
 */
export const candidateEmailTemplateUpdateSchema = z
  .strictObject({
    id,
    enabled: z.boolean(),
    subject: localizedTemplateText(CANDIDATE_EMAIL_SUBJECT_MAX),
    body: localizedTemplateText(CANDIDATE_EMAIL_BODY_MAX),
    updatedAt: basedOn,
  })
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    for (const field of ['subject', 'body'] as const) {
      for (const locale of LOCALES) {
        if (!value[field][locale]) ctx.addIssue({ code: 'custom', path: [field, locale], params: { code: 'required' }, message: 'Required while the e-mail is on' });
      }
    }
  });
export type CandidateEmailTemplateUpdate = z.infer<typeof candidateEmailTemplateUpdateSchema>;

const localizedRecord = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

export const candidateEmailTemplateRecord = z.object({
  id: recordId,
  /** The application status (`APPLICATION_STATUSES`) this template is sent for; one template each. */
  statusId: z.number().int(),
  /** Off: moving to this status offers no e-mail. */
  enabled: z.boolean(),
  subject: localizedRecord,
  body: localizedRecord,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  updatedBy: editorField,
});
export type CandidateEmailTemplate = z.infer<typeof candidateEmailTemplateRecord>;

export const candidateEmailTemplateEntity = defineEntity({
  name: 'CandidateEmailTemplate',
  record: candidateEmailTemplateRecord,
  update: candidateEmailTemplateUpdateSchema,
  filters: {
    statusId: { schema: z.number().int().min(1).max(APPLICATION_STATUSES.length), op: '=' },
    enabled: { schema: z.boolean(), op: '=' },
  },
  sort: ['statusId', 'id'] as const,
  search: [],
  staffOnly: ['updatedBy'],
});

/**
 * Fills the placeholders, each once and in one pass: a value that itself reads `{job}` (a name
 * typed so) stays as typed. Line breaks in the values become spaces: a subject is one line.
 */
export function fillPlaceholders(text: string, values: CandidateEmailValues): string {
  return text.replace(BRACED, (whole, name: string) =>
    (CANDIDATE_EMAIL_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as CandidateEmailPlaceholder].replace(/[\r\n]+/g, ' ') : whole,
  );
}

export interface RenderedCandidateEmail {
  subject: string;
  body: string;
}

export function renderCandidateEmail(template: { subject: LocalizedText; body: LocalizedText }, locale: Locale, values: CandidateEmailValues): RenderedCandidateEmail {
  return { subject: fillPlaceholders(template.subject[locale], values).replace(/[\r\n]+/g, ' ').trim(), body: fillPlaceholders(template.body[locale], values) };
}

/** `GET JobApplication/{id}/EmailPreview?statusId=`: exactly what moving to that status would send. */
export const candidateEmailPreviewQuery = z.strictObject({
  statusId: z.coerce.number({ error: 'Expected a status' }).int().min(1).max(APPLICATION_STATUSES.length),
});

export const candidateEmailPreview = z.object({
  statusId: z.number().int(),
  /** The applicant's language, in which the e-mail is written. */
  locale: z.enum(LOCALES),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type CandidateEmailPreview = z.infer<typeof candidateEmailPreview>;
