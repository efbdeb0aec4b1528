import type { AppContext } from '../context.js';
import { changedValues, recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import { refuseStale, saveRevision } from '../revisions/repository.js';
import type { KyselyDb } from '../db/schema.js';
import { nowIso } from '../time.js';
import { publishPrivacyNotice } from '../privacy-notice/repository.js';
import { NEUTRAL_SITE_SETTINGS } from '../../shared/schemas/site.js';
import type { SiteSettings, SiteSettingsUpdate, SiteSettingsValues } from '../../shared/schemas/site.js';

/** The settings live in one row (migration 0010); its id never changes. */
const ROW_ID = 1;

/**
 * The stored document over the neutral settings: a field a later version adds, or one never
 * written, reads as its neutral value, so a new setting needs no migration.
 */
function valuesOf(stored: string | undefined): SiteSettingsValues {
  const written = stored ? (JSON.parse(stored) as Partial<SiteSettingsValues>) : {};
  const values = { ...NEUTRAL_SITE_SETTINGS };
  for (const key of Object.keys(NEUTRAL_SITE_SETTINGS) as (keyof SiteSettingsValues)[]) {
    if (written[key] !== undefined) (values as Record<string, unknown>)[key] = written[key];
  }
  return values;
}

/** The record as staff read it, from its row. */
function recordOf(row: { settings: string; updated_at: string | null; updated_by: string | null } | undefined): SiteSettings {
  return { id: ROW_ID, ...valuesOf(row?.settings), updatedAt: row?.updated_at ?? null, updatedBy: row?.updated_by ?? null };
}

export async function readSiteSettings(db: KyselyDb): Promise<SiteSettings> {
  return recordOf(await db.selectFrom('site_settings').select(['settings', 'updated_at', 'updated_by']).where('id', '=', ROW_ID).executeTakeFirst());
}

/**
 * Changes the given fields and keeps the others. The row is read and written in one transaction,
 * locked on PostgreSQL, so two staff saving different fields at once both keep their change.
 * The version replaced is kept as a revision; with `updatedAt` (the version the form read), a save
 * over a newer one is refused as `stale` (docs/decisions/0037). A restore is a save recorded as such.
 */
export async function updateSiteSettings(
  ctx: AppContext,
  update: SiteSettingsUpdate,
  actor: AuditActor,
  action: 'update' | 'restore' = 'update',
): Promise<SiteSettings> {
  const { db } = ctx;
  const { updatedAt: basedOn, ...changes } = update;
  await db.kysely.transaction().execute(async (trx) => {
    let read = trx.selectFrom('site_settings').select(['settings', 'updated_at', 'updated_by']).where('id', '=', ROW_ID);
    if (db.engine === 'postgres') read = read.forUpdate();
    const row = await read.executeTakeFirst();
    refuseStale('Site settings', basedOn, row?.updated_at ?? null);
    await saveRevision(trx, 'Site', ROW_ID, recordOf(row));
    if (action === 'restore') await recordAudit(trx, actor, { action, entity: 'Site', entityId: ROW_ID });
    const settings = JSON.stringify({ ...valuesOf(row?.settings), ...changes });
    // A changed privacy notice is a new version of it, kept for good (docs/decisions/0045); the one
    // it replaces is what visitors were shown, the built-in text included when none was written (0048).
    const inForce = valuesOf(row?.settings).privacyNotice;
    if (changes.privacyNotice && JSON.stringify(changes.privacyNotice) !== JSON.stringify(inForce)) {
      await publishPrivacyNotice(trx, changes.privacyNotice, actor.userName, inForce);
    }
    if (action === 'update') {
      await recordAudit(trx, actor, { action: 'settings-change', entity: 'Site', entityId: ROW_ID, changes: changedValues(valuesOf(row?.settings), changes) });
    }
    const saved = { settings, updated_at: nowIso(), updated_by: actor.userName };
    await trx
      .insertInto('site_settings')
      .values({ id: ROW_ID, ...saved })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(saved))
      .execute();
  });
  // The public answers, the pages (their footer, titles and policy) and the feeds change at once.
  for (const listener of ctx.onContentChange) listener('Site');
  return readSiteSettings(db.kysely);
}

/** Writes a whole set of settings, as the demo seed does for a new database: saved by no one. */
export async function replaceSiteSettings(db: KyselyDb, values: SiteSettingsValues): Promise<void> {
  const saved = { settings: JSON.stringify(values), updated_at: nowIso(), updated_by: null };
  await db
    .insertInto('site_settings')
    .values({ id: ROW_ID, ...saved })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(saved))
    .execute();
}

/** The settings as read by anyone: kept in memory with the other public answers until they change. */
export function cachedSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return ctx.publicCache.through('Site/settings', () => readSiteSettings(ctx.db.kysely));
}
