import { z } from 'zod';
import { isoTimestamp, recordId } from '../fields.js';

/**
 * The back-office at a glance (issue 21, docs/decisions/0051): how many applications, contact
 * messages and join-us entries are new (still in their first status), as badges on the menu, and an
 * overview screen. Each figure is answered only to staff holding its module; null otherwise.
 */

/** The kinds counted, by the module that reads them. */
export const GLANCE_KINDS = [
  { kind: 'JobApplication', module: 'applications' },
  { kind: 'ContactInfo', module: 'contact' },
  { kind: 'JoinUs', module: 'joinus' },
] as const;
export type GlanceKind = (typeof GLANCE_KINDS)[number]['kind'];

/** How many items of each kind are new; null for a kind whose module the user lacks. */
export const glanceCounts = z.object({
  JobApplication: z.number().int().nullable(),
  ContactInfo: z.number().int().nullable(),
  JoinUs: z.number().int().nullable(),
});
export type GlanceCounts = z.infer<typeof glanceCounts>;

/** How many items the overview lists as the oldest untouched, per kind. */
export const OLDEST_MAX = 10;

/** An item still new: what it is, since when, and (for applications) the job. */
export const untouchedItem = z.object({
  id: recordId,
  name: z.string(),
  createdAt: isoTimestamp,
  jobTitle: z.string().nullable(),
});

/** Applications made in the last seven days, per job and status. */
export const weekRow = z.object({
  jobId: recordId,
  jobTitle: z.string(),
  statusId: z.number().int(),
  count: z.number().int(),
});

export const overviewAnswer = z.object({
  counts: glanceCounts,
  /** The start of the seven days counted (now less seven days). */
  weekFrom: isoTimestamp,
  /** Null without the applications module. */
  week: z.array(weekRow).nullable(),
  /** The oldest items still new, oldest first, per kind; null for a kind whose module the user lacks. */
  oldest: z.object({
    JobApplication: z.array(untouchedItem).nullable(),
    ContactInfo: z.array(untouchedItem).nullable(),
    JoinUs: z.array(untouchedItem).nullable(),
  }),
});
export type OverviewAnswer = z.infer<typeof overviewAnswer>;
