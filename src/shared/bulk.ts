import { z } from 'zod';
import { id, recordId } from './fields.js';
import { coded } from './validation-codes.js';

/**
 * Bulk actions on a list (issue 21, docs/decisions/0057): the rows a member of staff ticked, or every
 * row the list's filters and keyword match, at most `BULK_MAX` of them in one call.
 */
export const BULK_MAX = 500;

/**
 * Which records a bulk call acts on: `ids`, the ticked rows, or `matching`, the body of the list's
 * `Query` as the screen shows it (its page, page size, sort and fields are ignored). Exactly one.
 */
export function bulkSelectionShape(query: z.ZodType) {
  // A list query defaults to its first page when absent; a selection must say it matched nothing instead.
  const matching = query instanceof z.ZodDefault ? (query.unwrap() as z.ZodType) : query;
  return {
    ids: z.array(id).min(1).max(BULK_MAX).optional(),
    matching: matching.optional(),
  };
}

export const exactlyOneSelection = (body: { ids?: unknown; matching?: unknown }) => (body.ids === undefined) !== (body.matching === undefined);
export const selectionIssue = coded('one_selection', 'Give either ids or matching', ['ids']);

/** What a bulk call did: the records it acted on, and each it refused with why (as one call would have). */
export const bulkAnswer = z.object({
  done: z.array(recordId),
  refused: z.array(
    z.object({
      id: recordId,
      errorCode: z.number().int(),
      /** The refusal's reason where it has one (a conflict's `in-use`, say), else null. */
      reason: z.string().nullable(),
    }),
  ),
});
export type BulkAnswer = z.infer<typeof bulkAnswer>;
