import type { FastifyRequest } from 'fastify';
import { NAME_MAX } from '../../shared/fields.js';
import type { AppContext } from '../context.js';
import { actorOf, recordAudit } from './record.js';

/**
 * A refused sign-in, as the audit log keeps it: the name tried (bounded; the user's id when such a
 * user exists, null otherwise), and a `lock` entry for each lock the failure set, naming what it
 * locks (`user:<name>` or `address:<ip>`). Nothing else is written, so it needs no transaction.
 */
export async function recordFailedSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  tried: { userName: string; userId: number | null },
  locks: { nameLocked: boolean; addressLocked: boolean },
): Promise<void> {
  const userName = tried.userName.trim().slice(0, NAME_MAX);
  const actor = { ...actorOf(request), userId: tried.userId, userName };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await recordAudit(trx, actor, { action: 'sign-in-failed', entity: 'User', entityId: tried.userId });
    if (locks.nameLocked) await recordAudit(trx, actor, { action: 'lock', entity: 'SignIn', entityId: `user:${userName.toLowerCase()}` });
    if (locks.addressLocked) await recordAudit(trx, actor, { action: 'lock', entity: 'SignIn', entityId: `address:${actor.clientAddress ?? ''}` });
  });
}
