import { LOCALES } from '../../shared/locale.js';
import {
  formatOfMime,
  imageDownloadUrl,
  imageReference,
  mediaEntity,
  variantFormatsOf,
  variantUrl,
  variantWidthsOf,
} from '../../shared/schemas/media.js';
import type { Media } from '../../shared/schemas/media.js';
import type { LocalizedText } from '../../shared/fields.js';
import type { RowValues } from '../crud/columns.js';
import { defineResource } from '../crud/definition.js';

/** The alt text as stored (JSON text), in both languages whatever the stored document lacks. */
export function altOf(stored: unknown): LocalizedText {
  let parsed: Partial<Record<string, unknown>> = {};
  try {
    parsed = typeof stored === 'string' ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  return Object.fromEntries(LOCALES.map((locale) => [locale, typeof parsed[locale] === 'string' ? parsed[locale] : ''])) as LocalizedText;
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A library image as answered: its address, the reference an image field stores, its variants. */
export function presentMedia(row: RowValues): Media {
  const id = Number(row.id);
  const mimeType = String(row.mime_type);
  const width = nullableNumber(row.width);
  const height = nullableNumber(row.height);
  const formats = variantFormatsOf(formatOfMime(mimeType));
  return {
    id,
    name: String(row.name),
    mimeType,
    size: Number(row.size),
    width,
    height,
    alt: altOf(row.alt),
    url: imageDownloadUrl(id),
    reference: imageReference({ id, width, height, mimeType }),
    variants: formats.length ? variantWidthsOf(width).flatMap((w) => formats.map((format) => ({ width: w, format, url: variantUrl(id, w, format) }))) : [],
    createdAt: String(row.created_at),
  };
}

/**
 * The library as the generic list reads it: the `media` table (one row per image, under its file's
 * id) with the file's type and size. Staff only; who may do what is in routes.ts.
 */
export const mediaResource = defineResource<Media>({
  entity: mediaEntity,
  label: 'Image',
  table: 'media',
  module: 'site',
  baseSelect: (db) => db.selectFrom('media').innerJoin('files', 'files.id', 'media.id').selectAll('media').select(['files.mime_type', 'files.size']),
  present: presentMedia,
  defaultSort: [['createdAt', 'desc']],
});
