import { z } from 'zod';
import {
  MESSAGE_MAX,
  NAME_MAX,
  blankToUndefined,
  email,
  id,
  isoDateTime,
  optionalText,
  phone,
  requiredText,
} from '../fields.js';
import { querySchema } from '../query.js';
import type { StatusHistoryEntry } from '../status.js';

import { EDUCATION_LEVELS } from '../choices.js';

export { EDUCATION_LEVELS, RESUME_MAX_BYTES, RESUME_MIME_TYPES } from '../choices.js';

/**
 * The apply-now form's fields (the résumé travels beside them as a file part). Multipart sends
 * strings, so numbers and the consent box are read from their text form too.
 */
export const jobApplicationCreateSchema = z.strictObject({
  jobId: z.preprocess(blankToUndefined, id),
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
  /** A hidden field people never fill in; a value marks the sender as a robot. */
  website: z.string().max(NAME_MAX).optional(),
});

export const jobApplicationQuerySchema = querySchema(
  {
    jobId: id,
    statusId: z.number().int().min(1).max(6),
    createdFrom: isoDateTime,
    createdTo: isoDateTime,
  },
  ['createdAt', 'updatedAt', 'name', 'statusId', 'id'] as const,
);

export type JobApplicationCreate = z.infer<typeof jobApplicationCreateSchema>;

export interface JobApplication {
  id: number;
  jobId: number;
  jobTitle: string | null;
  name: string;
  phone: string;
  email: string;
  education: string | null;
  yearsOfExperience: number | null;
  coverLetter: string;
  resumeUrl: string;
  resumeName: string;
  statusId: number;
  consentAt: string;
  note: string;
  createdAt: string;
  updatedAt: string;
  history?: StatusHistoryEntry[];
}
