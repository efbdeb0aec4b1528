import { z } from 'zod';
import type { ModuleKey } from '../../shared/modules.js';
import { actorOf } from '../audit/record.js';
import { idParams } from '../crud/routes.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { anonymiseApplication, anonymiseInquiry, eraseApplication, eraseInquiry } from './erase.js';
import type { ErasableKind } from './erase.js';

/**
 * `DELETE {E}/{id}` erases a record and `POST {E}/{id}/Anonymise` (empty body) anonymises it, for
 * applications, contact messages and join-us entries, each behind its module. (`POST {E}/{id}` is
 * taken by the status move on these records, so DELETE is the only spelling of their delete.)
 */

const done = z.object({ id: z.number().int() });

const KINDS: readonly { kind: ErasableKind; module: ModuleKey; label: string }[] = [
  { kind: 'JobApplication', module: 'applications', label: 'job application' },
  { kind: 'ContactInfo', module: 'contact', label: 'contact message' },
  { kind: 'JoinUs', module: 'joinus', label: 'join-us entry' },
];

export const erasureRoutes: RouteSpec[] = KINDS.flatMap(({ kind, module, label }) => [
  route<undefined, { id: number }>({
    method: 'DELETE',
    path: `${kind}/:id`,
    summary: `Erase a ${label}: the record, its status history${kind === 'JobApplication' ? ', its résumé and its search index' : ''}; kept in the erasure ledger by id`,
    tag: kind,
    access: module,
    params: idParams,
    response: done,
    handler: async ({ request, params, user }) => {
      const ctx = request.server.ctx;
      const actor = actorOf(request, user);
      await (kind === 'JobApplication' ? eraseApplication(ctx, params.id, actor) : eraseInquiry(ctx, kind, params.id, actor));
      return { id: params.id };
    },
  }),
  route<undefined, { id: number }>({
    method: 'POST',
    path: `${kind}/:id/Anonymise`,
    summary: `Anonymise a ${label} (empty body): its personal fields${kind === 'JobApplication' ? ' and résumé' : ''} are replaced, its status and dates kept`,
    tag: kind,
    access: module,
    emptyBody: true,
    params: idParams,
    response: done,
    handler: async ({ request, params, user }) => {
      const ctx = request.server.ctx;
      const actor = actorOf(request, user);
      await (kind === 'JobApplication' ? anonymiseApplication(ctx, params.id, actor) : anonymiseInquiry(ctx, kind, params.id, actor));
      return { id: params.id };
    },
  }),
]);
