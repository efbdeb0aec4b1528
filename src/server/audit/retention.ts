import type { AppContext } from '../context.js';

const DAY_MS = 86_400_000;

/**
 * Entries older than `AUDIT_RETENTION_DAYS` are deleted: at start and once a day (app.ts). `now` is
 * given by the tests; the number of entries deleted is answered for the log.
 */
export async function purgeAuditEvents(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.audit.retentionDays * DAY_MS).toISOString();
  const result = await ctx.db.kysely.deleteFrom('audit_events').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
