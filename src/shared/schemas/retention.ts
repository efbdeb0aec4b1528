import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, isoTimestamp, recordId } from '../fields.js';

/**
 * How long applicants' and visitors' records are kept (docs/decisions/0045): per kind, a number of
 * days and what happens after it. Applications are measured from their last status change (their
 * creation when they never moved), contact messages and join-us entries from their creation.
 */
export const RETENTION_KINDS = ['JobApplication', 'ContactInfo', 'JoinUs'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_ACTIONS = ['delete', 'anonymise'] as const;
export type RetentionAction = (typeof RETENTION_ACTIONS)[number];

export const RETENTION_DAYS_MIN = 1;
/** Ten years: longer is keeping forever, which is what the periods are there to prevent. */
export const RETENTION_DAYS_MAX = 3650;

const days = z
  .number({ error: `Expected a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}` })
  .int(`Expected a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}`)
  .min(RETENTION_DAYS_MIN, `At least ${RETENTION_DAYS_MIN} day`)
  .max(RETENTION_DAYS_MAX, `At most ${RETENTION_DAYS_MAX} days`);

export const retentionRule = z.strictObject({ days, action: z.enum(RETENTION_ACTIONS) });
export type RetentionRule = z.infer<typeof retentionRule>;

export const retentionValues = z.strictObject({
  JobApplication: retentionRule,
  ContactInfo: retentionRule,
  JoinUs: retentionRule,
});
export type RetentionValues = z.infer<typeof retentionValues>;

/** The defaults of issue 20: applications 180 days, the inquiry forms 365; erased, not anonymised. */
export const DEFAULT_RETENTION: RetentionValues = {
  JobApplication: { days: 180, action: 'delete' },
  ContactInfo: { days: 365, action: 'delete' },
  JoinUs: { days: 365, action: 'delete' },
};

/** `GET Retention`: the periods, when they were last saved and when the daily job last ran. */
export const retentionRecord = retentionValues.extend({
  updatedAt: isoTimestamp.nullable(),
  lastRunOn: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionRecord>;

/** `POST Retention/Update`: only the kinds given change; a kind's rule is given whole. */
export const retentionUpdateSchema = retentionValues.partial();
export type RetentionUpdate = z.infer<typeof retentionUpdateSchema>;

/**
 * `POST Retention/Preview`: what the next run would remove, under the saved periods or under the
 * ones given (a form shows the effect of its values before they are saved).
 */
export const retentionPreviewSchema = z.strictObject({
  settings: retentionUpdateSchema.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type RetentionPreviewBody = z.infer<typeof retentionPreviewSchema>;

const kindCounts = z.strictObject({ JobApplication: z.number().int(), ContactInfo: z.number().int(), JoinUs: z.number().int() });
export type RetentionCounts = z.infer<typeof kindCounts>;

/** A record past its period: its kind, id, and the time its period is measured from. */
export const retentionDue = z.object({ entity: z.enum(RETENTION_KINDS), id: recordId, since: isoTimestamp, action: z.enum(RETENTION_ACTIONS) });
export type RetentionDue = z.infer<typeof retentionDue>;

export const retentionPreviewAnswer = z.object({
  counts: kindCounts,
  items: z.array(retentionDue),
  meta: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
});
export type RetentionPreview = z.infer<typeof retentionPreviewAnswer>;
