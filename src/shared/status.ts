import { z } from 'zod';
import { MESSAGE_MAX } from './fields.js';

/** Hiring pipeline of a job application. */
export const APPLICATION_STATUSES = [
  { id: 1, key: 'new' },
  { id: 2, key: 'screening' },
  { id: 3, key: 'interview' },
  { id: 4, key: 'offer' },
  { id: 5, key: 'hired' },
  { id: 6, key: 'rejected' },
] as const;

/** Handling of contact messages and join-us entries. */
export const INQUIRY_STATUSES = [
  { id: 1, key: 'new' },
  { id: 2, key: 'inProgress' },
  { id: 3, key: 'done' },
] as const;

export const statusMoveSchema = (maxStatusId: number) =>
  z.strictObject({
    statusId: z.number().int().min(1).max(maxStatusId),
    note: z.string().trim().max(MESSAGE_MAX).optional(),
  });

/**
 * An application's move may also send the applicant the e-mail of its new status' template
 * (docs/decisions/0056): only when asked, so a move without `sendEmail` sends nothing.
 */
export const applicationStatusMoveSchema = statusMoveSchema(APPLICATION_STATUSES.length).extend({ sendEmail: z.boolean().optional() });
export type ApplicationStatusMove = z.infer<typeof applicationStatusMoveSchema>;

/**
 * The body of `POST {E}/{id}/Note`: the record's own internal note, written by staff. A status move's
 * note is part of that move's history entry and never replaces it.
 */
export const internalNoteSchema = z.strictObject({ note: z.string().trim().max(MESSAGE_MAX) });
export type InternalNote = z.infer<typeof internalNoteSchema>;
export const inquiryStatusMoveSchema = statusMoveSchema(INQUIRY_STATUSES.length);

/** One status move of a record, as `GET {E}/{id}` answers it in `history`. */
export const statusHistoryEntry = z.object({
  statusId: z.number().int(),
  note: z.string(),
  byUserName: z.string().nullable(),
  at: z.string(),
  /**
   * The e-mail this move sent the applicant (docs/decisions/0056): its address and subject; both
   * empty once the application is anonymised. Absent when the move sent none.
   */
  email: z.object({ to: z.string(), subject: z.string() }).optional(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntry>;
