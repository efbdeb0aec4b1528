import type { Translations } from '../../../shared/translations.js';
import type { KyselyDb } from '../../db/schema.js';

/** How a written location is compared with office names: case and surrounding spaces aside. */
const placeKey = (text: string | undefined | null) => (text ?? '').trim().toLowerCase();

/**
 * The office named `location` in any language (case and surrounding spaces aside), or null: its own
 * (Chinese) name first, then a translation; among several, the first in the offices' order.
 */
export async function officeNamed(db: KyselyDb, location: string): Promise<number | null> {
  const key = placeKey(location);
  if (!key) return null;
  const offices = await db.selectFrom('offices').select(['id', 'name', 'translations']).orderBy('sort_order').orderBy('id').execute();
  const own = offices.find((office) => placeKey(office.name) === key);
  if (own) return Number(own.id);
  const translated = offices.find((office) => {
    const translations = (typeof office.translations === 'string' ? JSON.parse(office.translations) : office.translations) as Translations;
    return Object.values(translations).some((texts) => placeKey(texts?.name) === key);
  });
  return translated ? Number(translated.id) : null;
}
