import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, id, isoTimestamp, recordId } from '../fields.js';

/**
 * Revisions and edit conflicts (docs/decisions/0037). Every save of a news item, job, page or the
 * site settings keeps the version it replaced; staff list them, read one whole, and restore one.
 */

/**
 * The `updatedAt` an update was based on, as the record answered it: optional in every update body
 * (clients that never send it keep working); when sent and no longer the record's, the update is a
 * 409 with the reason `stale`. Null for a record never saved (site settings on a new database).
 */
export const BASED_ON_FIELD = 'updatedAt';
export const basedOn = z.string().max(40).nullable().optional();

/** `?page=&pageSize=` of `GET {E}/{id}/Revisions`, as a list body pages. */
export const revisionListQuery = z.strictObject({
  page: z.coerce.number({ error: 'Expected a page number' }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: 'Expected a page size' }).int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type RevisionListQuery = z.infer<typeof revisionListQuery>;

/** One version in a list: who made it and when, and a line naming it, not its body. */
export const revisionSummary = z.object({
  id: recordId,
  createdAt: isoTimestamp,
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  summary: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

/** One version whole: `record` is the record as the API answered it before that save. */
export const revisionRecord = revisionSummary.extend({
  entity: z.string(),
  recordKey: z.string(),
  record: z.record(z.string(), z.unknown()),
});
export type RevisionRecord = z.infer<typeof revisionRecord>;

/** `POST {E}/{id}/Restore`: the version to bring back; the current one is kept as a revision first. */
export const restoreSchema = z.strictObject({ revisionId: id });
export type RestoreInput = z.infer<typeof restoreSchema>;
