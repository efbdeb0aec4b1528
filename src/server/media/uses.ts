import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import type { ImageUse } from '../../shared/schemas/media.js';
import type { AppContext } from '../context.js';

/**
 * Where the images of the library are used. Every feature with an image field registers how to find
 * the records naming an image (news covers here; the site settings' logo and share image beside
 * them), and a delete of an image in use is refused with that list (docs/decisions/0032).
 */

export interface ImageUseFinder {
  /** What the records are, as the API names them: `News`, `SiteSettings`. */
  entity: string;
  /**
   * The records that use the image whose address is `url` (`/api/File/Download/12`); an image field
   * may hold it followed by a fragment (`imageReference`), so match with `refersToImage`.
   */
  find(ctx: AppContext, url: string): Promise<{ id: number | string; label: string }[]>;
  // A use's `label` is the record's own name (a news item's title, a field's name): clients show it
  // after the entity's name in their language (`News: The harbour opens`), so it does not repeat it.
}

const finders = new Map<string, ImageUseFinder>();

/** Registers (or replaces) how to find one entity's uses of an image. */
export function registerImageUse(finder: ImageUseFinder): void {
  finders.set(finder.entity, finder);
}

export async function findImageUses(ctx: AppContext, url: string): Promise<ImageUse[]> {
  const found = await Promise.all(
    [...finders.values()].map(async (finder) => (await finder.find(ctx, url)).map((use) => ({ entity: finder.entity, ...use }))),
  );
  return found.flat();
}

/** Whether a text holds an image reference, given as `url` alone or with its fragment. */
export function holdsImageReference(text: string | null | undefined, url: string): boolean {
  return !!text && (text === url || text.startsWith(`${url}#`));
}

/** SQL: an image field names the image at `url`, alone or with its fragment (`url#w=…`). */
export function refersToImage(column: string, url: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} = ${url} or ${sql.ref(column)} like ${`${url}#%`})`;
}

/**
 * SQL: an HTML column shows the image at `url` (an `<img src="url">` the rich-text editor wrote, or
 * its reference with a fragment). The address holds no LIKE wildcard (`/api/File/Download/12`).
 */
export function showsImage(column: string, url: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} like ${`%"${url}"%`} or ${sql.ref(column)} like ${`%"${url}#%`})`;
}
