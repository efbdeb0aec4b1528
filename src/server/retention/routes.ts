import { retentionPreviewAnswer, retentionPreviewSchema, retentionRecord, retentionUpdateSchema } from '../../shared/schemas/retention.js';
import type { RetentionPreviewBody, RetentionUpdate } from '../../shared/schemas/retention.js';
import { actorOf } from '../audit/record.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { countDue, duePage, readRetention, updateRetention } from './repository.js';

/** Retention periods (docs/decisions/0045), for staff of the `privacy` module. */
const TAG = 'Retention';

const readRoute = route({
  method: 'GET',
  path: 'Retention',
  summary: 'The retention periods per kind of record (days, and delete or anonymise) and the day the daily job last ran',
  tag: TAG,
  access: 'privacy',
  response: retentionRecord,
  handler: ({ request }) => readRetention(request.server.ctx.db.kysely),
});

const updateRoute = route<RetentionUpdate>({
  method: 'POST',
  path: 'Retention/Update',
  summary: 'Change the retention period of some kinds ({ "JobApplication": { "days": 180, "action": "delete" } }); the others keep theirs',
  tag: TAG,
  access: 'privacy',
  body: retentionUpdateSchema,
  response: retentionRecord,
  handler: ({ request, body, user }) => updateRetention(request.server.ctx.db, body, actorOf(request, user)),
});

const previewRoute = route<RetentionPreviewBody>({
  method: 'POST',
  path: 'Retention/Preview',
  // Only reads: staff with read on the module may make it (docs/decisions/0059).
  reads: true,
  summary:
    'What the next daily run would remove: counts per kind and, paginated, each record\'s kind, id and the time its period runs from, oldest first; under the saved periods, or under `settings` when given (nothing is saved)',
  tag: TAG,
  access: 'privacy',
  body: retentionPreviewSchema,
  response: retentionPreviewAnswer,
  handler: async ({ request, body }) => {
    const db = request.server.ctx.db.kysely;
    const now = new Date();
    const saved = await readRetention(db);
    const values = { JobApplication: saved.JobApplication, ContactInfo: saved.ContactInfo, JoinUs: saved.JoinUs, ...body.settings };
    const counts = await countDue(db, values, now);
    const items = await duePage(db, values, counts, now, body.page, body.pageSize);
    const total = counts.JobApplication + counts.ContactInfo + counts.JoinUs;
    return { counts, items, meta: { page: body.page, pageSize: body.pageSize, total } };
  },
});

export const retentionRoutes: RouteSpec[] = [readRoute, updateRoute, previewRoute];
