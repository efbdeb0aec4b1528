import { z } from 'zod';
import { privacyVersionText } from './privacy-notice.js';
import {
  MESSAGE_MAX,
  NAME_MAX,
  blankToUndefined,
  email,
  id,
  idText,
  isoDateTime,
  isoTimestamp,
  optionalText,
  phone,
  recordId,
  requiredText,
} from '../fields.js';
import { defineEntity, filter } from '../entity.js';
import { statusHistoryEntry } from '../status.js';

import { EDUCATION_LEVELS } from '../choices.js';
import { LOCALES } from '../locale.js';

export { EDUCATION_LEVELS, RESUME_MAX_BYTES, RESUME_MIME_TYPES } from '../choices.js';

/**
 * The apply-now form's fields (the résumé travels beside them as a file part). Multipart sends
 * strings, so numbers and the consent box are read from their text form too.
 */
export const jobApplicationCreateSchema = z.strictObject({
  // Read like a path segment: multipart sends text, and `01` or ` 1` is not an id.
  jobId: idText,
  name: requiredText(NAME_MAX),
  phone,
  email,
  consent: z.preprocess(
    (v) => (v === 'true' || v === 'on' || v === '1' ? true : v),
    z.literal(true, { message: 'Consent to the privacy notice is required' }),
  ),
  education: z.preprocess(blankToUndefined, z.enum(EDUCATION_LEVELS).optional()),
  yearsOfExperience: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(70).optional()),
  coverLetter: z.preprocess(blankToUndefined, optionalText(MESSAGE_MAX).optional()),
  /** The privacy notice's version the form showed (docs/decisions/0045). */
  privacyVersion: z.preprocess(blankToUndefined, privacyVersionText),
  /**
   * The language of the page the form was sent from, in which the applicant is later written to
   * (docs/decisions/0056); without it, the request's language.
   */
  locale: z.preprocess(blankToUndefined, z.enum(LOCALES).optional()),
  /** A hidden field people never fill in; a value marks the sender as a robot. */
  website: z.string().max(NAME_MAX).optional(),
});

export const jobApplicationRecord = z.object({
  id: recordId,
  jobId: recordId,
  /** The job's title, read with the record. */
  jobTitle: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  education: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  coverLetter: z.string(),
  /** Where staff download the résumé: `/api/File/Download/{id}`. */
  resumeUrl: z.string(),
  resumeName: z.string(),
  statusId: z.number().int(),
  consentAt: isoTimestamp,
  note: z.string(),
  /** When its personal fields and résumé were removed (statistics kept); null while they are kept. */
  anonymisedAt: isoTimestamp.nullable(),
  /** The privacy notice's version the applicant was given; null before versions were kept. */
  privacyVersion: z.number().int().nullable(),
  /** The language the applicant used (zh-CN for applications older than it was kept). */
  locale: z.enum(LOCALES),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  /** Every status move, answered when one record is read. */
  history: z.array(statusHistoryEntry).optional(),
});

export const jobApplicationEntity = defineEntity({
  name: 'JobApplication',
  record: jobApplicationRecord,
  filters: {
    jobId: filter(id),
    statusId: filter(z.number().int().min(1).max(6)),
    createdFrom: filter(isoDateTime, { field: 'createdAt', op: '>=' }),
    createdTo: filter(isoDateTime, { field: 'createdAt', op: '<=' }),
  },
  sort: ['createdAt', 'updatedAt', 'name', 'statusId', 'id'] as const,
  search: ['name', 'email', 'phone'],
});
export const jobApplicationQuerySchema = jobApplicationEntity.query;

/**
 * What the back-office's list of applications asks for (`fields`): its columns and what its row
 * actions read (the résumé's link, whether the application was anonymised). A record's details are
 * read on its own page. The bench's staff query asks for the same.
 */
export const JOB_APPLICATION_LIST_FIELDS = ['name', 'jobTitle', 'phone', 'email', 'statusId', 'createdAt', 'anonymisedAt', 'resumeUrl', 'resumeName'] as const satisfies readonly (keyof JobApplication)[];

export type JobApplicationCreate = z.infer<typeof jobApplicationCreateSchema>;
export type JobApplication = z.infer<typeof jobApplicationRecord>;
