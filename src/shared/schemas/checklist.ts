import { z } from 'zod';

/**
 * The first-run checklist: what a new site still needs before it is the company's own. The
 * back-office shows it to staff with the site module until every item is done.
 */
export const CHECKLIST_ITEMS = ['name', 'logo', 'contact', 'homePage', 'firstJob'] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const siteChecklistRecord = z.object({
  items: z.array(z.object({ key: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
  done: z.boolean(),
});
export type SiteChecklist = z.infer<typeof siteChecklistRecord>;
