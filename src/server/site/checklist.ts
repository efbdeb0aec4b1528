import { sql } from 'kysely';
import { CHECKLIST_ITEMS } from '../../shared/schemas/checklist.js';
import type { ChecklistItem, SiteChecklist } from '../../shared/schemas/checklist.js';
import { NEUTRAL_SITE_NAME } from '../../shared/schemas/site.js';
import type { KyselyDb } from '../db/schema.js';
import { readSiteSettings } from './repository.js';

/**
 * What a new site still lacks (docs/decisions/0033): a name of its own (not the neutral "Portico"),
 * a logo, a way to be contacted, a home page staff have saved (the starter blocks are nobody's), and
 * a first job. Each is read from the records themselves, so it is done the moment the thing is.
 */
export async function siteChecklist(db: KyselyDb): Promise<SiteChecklist> {
  const [settings, home, job] = await Promise.all([
    readSiteSettings(db),
    db.selectFrom('pages').select('updated_by').where('key', '=', 'home').executeTakeFirst(),
    db.selectFrom('jobs').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst(),
  ]);
  const named = Object.values(settings.companyName).some((name) => name.trim() !== '' && name.trim() !== NEUTRAL_SITE_NAME);
  const done: Record<ChecklistItem, boolean> = {
    name: named,
    logo: settings.logo !== '',
    contact: [settings.phone, settings.email, ...Object.values(settings.address)].some((value) => value.trim() !== ''),
    homePage: !!home?.updated_by,
    firstJob: !!job,
  };
  const items = CHECKLIST_ITEMS.map((key) => ({ key, done: done[key] }));
  return { items, done: items.every((item) => item.done) };
}
