import { glanceCounts, overviewAnswer } from '../../shared/schemas/overview.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { glanceCountsFor, overviewFor } from './repository.js';

/** The back-office at a glance (docs/decisions/0051): each figure only for staff of its module. */
const TAG = 'Overview';

const countsRoute = route({
  method: 'GET',
  path: 'Overview/Counts',
  summary: 'How many applications, contact messages and join-us entries are new (first status), for the menu badges; null for a kind whose module the caller lacks',
  tag: TAG,
  access: { anyOf: ['applications', 'contact', 'joinus'] },
  response: glanceCounts,
  handler: ({ request, user }) => glanceCountsFor(request.server.ctx.db.kysely, user!.moduleKeys),
});

const overviewRoute = route({
  method: 'GET',
  path: 'Overview',
  summary: 'The overview screen: the counts, applications of the last seven days per job and status, and the oldest items still new, per kind the caller reads',
  tag: TAG,
  access: { anyOf: ['applications', 'contact', 'joinus'] },
  response: overviewAnswer,
  handler: ({ request, user }) => overviewFor(request.server.ctx.db.kysely, user!.moduleKeys),
});

export const overviewRoutes: RouteSpec[] = [countsRoute, overviewRoute];
