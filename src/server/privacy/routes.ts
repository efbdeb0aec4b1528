import { ErrorCode } from '../../shared/api.js';
import {
  DATA_SUBJECT_KINDS,
  dataSubjectEraseAnswer,
  dataSubjectEraseSchema,
  dataSubjectFindAnswer,
  dataSubjectFindSchema,
  dataSubjectSchema,
} from '../../shared/schemas/data-subject.js';
import type { DataSubject, DataSubjectCounts, DataSubjectErase, DataSubjectFind, DataSubjectKind } from '../../shared/schemas/data-subject.js';
import { actorOf, recordAudit } from '../audit/record.js';
import type { ResourceDef } from '../crud/definition.js';
import { eraseApplication, eraseInquiry } from '../erasure/erase.js';
import { AppError, validationError } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { jobApplicationResource } from '../resources/applications/routes.js';
import { contactInfoResource, joinUsResource } from '../resources/inquiries/routes.js';
import { nowIso } from '../time.js';
import { buildSubjectArchive } from './archive.js';
import { countMatches, matchPage, matchingIds } from './repository.js';

/**
 * Data subject requests (docs/decisions/0044), for staff of the `privacy` module: find everything
 * held about one person by e-mail or phone, export it as one archive, erase it in one step. The
 * erasure itself is the erasure module's (src/server/erasure/erase.ts), one audit entry per record.
 */

const DEFS: Record<DataSubjectKind, ResourceDef<unknown>> = {
  JobApplication: jobApplicationResource as ResourceDef<unknown>,
  ContactInfo: contactInfoResource as ResourceDef<unknown>,
  JoinUs: joinUsResource as ResourceDef<unknown>,
};

/** More records than this for one person is not one person: the request is refused, not guessed at. */
export const SUBJECT_EXPORT_MAX = 1000;

const total = (counts: DataSubjectCounts) => DATA_SUBJECT_KINDS.reduce((sum, kind) => sum + counts[kind], 0);

function refuseTooMany(counts: DataSubjectCounts) {
  if (total(counts) > SUBJECT_EXPORT_MAX) {
    throw validationError([
      { path: 'email', code: 'too_many_matches', params: { total: total(counts), maximum: SUBJECT_EXPORT_MAX }, message: `${total(counts)} records match, more than one person has (at most ${SUBJECT_EXPORT_MAX}); check the address or number` },
    ]);
  }
}

const SUBJECT_TAG = 'DataSubject';

const findRoute = route<DataSubjectFind>({
  method: 'POST',
  path: 'DataSubject/Find',
  // Only reads: staff with read on the module may make it (docs/decisions/0059).
  reads: true,
  summary:
    'Find every job application, contact message and join-us entry holding one person\'s e-mail address (compared case-insensitively) or phone number (compared by its digits); grouped by kind, newest first, paginated',
  tag: SUBJECT_TAG,
  access: 'privacy',
  body: dataSubjectFindSchema,
  response: dataSubjectFindAnswer,
  handler: async ({ request, body }) => {
    const db = request.server.ctx.db.kysely;
    const { page, pageSize, ...subject } = body;
    const counts = await countMatches(db, subject);
    const items = await matchPage(db, subject, counts, page, pageSize);
    return { items, meta: { page, pageSize, total: total(counts) }, counts };
  },
});

const exportRoute = route<DataSubject>({
  method: 'POST',
  path: 'DataSubject/Export',
  // Only reads: staff with read on the module may make it (docs/decisions/0059).
  reads: true,
  summary: `Export everything held about one person as one .tar.gz: records.json (every matching record in full, with its status history) and resumes/ (each résumé as uploaded); at most ${SUBJECT_EXPORT_MAX} records; recorded in the audit log`,
  tag: SUBJECT_TAG,
  access: 'privacy',
  body: dataSubjectSchema,
  raw: true,
  handler: async ({ request, reply, body: subject, user }) => {
    const ctx = request.server.ctx;
    const counts = await countMatches(ctx.db.kysely, subject);
    refuseTooMany(counts);
    const exportedAt = nowIso();
    const archive = await buildSubjectArchive(ctx, DEFS, subject, counts, exportedAt);
    try {
      // Recorded before the archive leaves; the entry holds how many records, never who they are about.
      await recordAudit(ctx.db.kysely, actorOf(request, user), {
        action: 'subject-export',
        entity: SUBJECT_TAG,
        changes: Object.fromEntries(DATA_SUBJECT_KINDS.map((kind) => [kind, [null, counts[kind]] as const])),
      });
    } catch (error) {
      await archive.cleanup();
      throw error;
    }
    const name = `data-subject-${exportedAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(archive.stream);
  },
});

const eraseRoute = route<DataSubjectErase>({
  method: 'POST',
  path: 'DataSubject/Erase',
  summary:
    'Erase everything held about one person (body: the e-mail and/or phone, and confirm: true): every matching application with its résumé and history, contact message and join-us entry; answers how many of each were erased; one audit entry per record, naming none of its content',
  tag: SUBJECT_TAG,
  access: 'privacy',
  body: dataSubjectEraseSchema,
  response: dataSubjectEraseAnswer,
  handler: async ({ request, body, user }) => {
    const ctx = request.server.ctx;
    const { confirm: _confirmed, ...subject } = body;
    const actor = actorOf(request, user);
    const erased = Object.fromEntries(DATA_SUBJECT_KINDS.map((kind) => [kind, 0])) as DataSubjectCounts;
    for (const kind of DATA_SUBJECT_KINDS) {
      for (const id of await matchingIds(ctx.db.kysely, kind, subject)) {
        try {
          if (kind === 'JobApplication') await eraseApplication(ctx, id, actor);
          else await eraseInquiry(ctx, kind, id, actor);
          erased[kind] += 1;
        } catch (error) {
          // Erased by someone else between the search and now: gone, as asked.
          if (error instanceof AppError && error.errorCode === ErrorCode.notFound) continue;
          throw error;
        }
      }
    }
    return { erased };
  },
});

export const dataSubjectRoutes: RouteSpec[] = [findRoute, exportRoute, eraseRoute];
