import { z } from 'zod';
import { id, isoTimestamp, localizedText, recordId } from '../fields.js';
import { defineEntity } from '../entity.js';

/**
 * The media library: every image staff upload, stored once, with its size, its alt text in both
 * languages and the resized copies (variants) the public pages ask for (docs/decisions/0032).
 */

export const ALT_MAX = 300;
/** At most this many bytes per image. */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many pixels (width × height): larger ones are decompression bombs, refused unread. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The widths variants are made in, never wider than the original. */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;

export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

/** A variant's format, as its address spells it (`640.webp`). */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The original's format as a short name (`jpeg`), as an image reference carries it. */
export const formatOfMime = (mimeType: string) => mimeType.replace(/^image\//, '');

export const variantMimeType = (format: VariantFormat) => `image/${format}`;

/**
 * The formats an original is made available in: AVIF and WebP, and its own format when that is
 * neither. GIFs keep their original only: resizing would lose their animation or their palette, and
 * AVIF has no animation in the tools we use.
 */
export function variantFormatsOf(format: string): VariantFormat[] {
  if (format === 'gif') return [];
  const own = (VARIANT_FORMATS as readonly string[]).includes(format) ? [format as VariantFormat] : [];
  return [...new Set<VariantFormat>(['avif', 'webp', ...own])];
}

/**
 * The widths of an original's variants: the standard ones narrower than it, and its own width when
 * that is within the largest (so a small image is also offered in AVIF and WebP at full size).
 * Unknown dimensions (an image from before the library) allow every standard width.
 */
export function variantWidthsOf(width: number | null): number[] {
  if (!width) return [...MEDIA_WIDTHS];
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w < width);
  if (width <= MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]) widths.push(width);
  return widths;
}

export const imageDownloadUrl = (fileId: number) => `/api/File/Download/${fileId}`;
export const variantUrl = (fileId: number, width: number, format: VariantFormat) => `/api/Media/${fileId}/${width}.${format}`;

/**
 * What an image field holds when it names an image of the library: its download address, followed
 * by a fragment with its size and format (`/api/File/Download/12#w=1600&h=900&t=jpeg`). The field
 * stays a plain URL string that any browser loads (a fragment never reaches the server), and a public
 * page can draw the image at its size, with its variants, without asking the API about it.
 */
export function imageReference(image: { id: number; width: number | null; height: number | null; mimeType: string }): string {
  const base = imageDownloadUrl(image.id);
  if (!image.width || !image.height) return base;
  return `${base}#w=${image.width}&h=${image.height}&t=${formatOfMime(image.mimeType)}`;
}

export interface ParsedImageReference {
  id: number;
  /** The original's address, without the fragment. */
  url: string;
  width: number | null;
  height: number | null;
  /** The original's format (`jpeg`), when the reference says. */
  format: string | null;
}

const REFERENCE = /^\/api\/File\/Download\/([1-9][0-9]{0,9})(?:#(.*))?$/;

/** The library image a URL names, or null for any other address (a static file, another site). */
export function parseImageReference(url: string | null | undefined): ParsedImageReference | null {
  const match = REFERENCE.exec(url ?? '');
  if (!match) return null;
  const params = new URLSearchParams(match[2] ?? '');
  const dimension = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 && value <= 100_000 ? value : null;
  };
  const format = params.get('t');
  return {
    id: Number(match[1]),
    url: imageDownloadUrl(Number(match[1])),
    width: dimension('w'),
    height: dimension('h'),
    format: format && /^[a-z]{3,5}$/.test(format) ? format : null,
  };
}

/** The address to give outside readers (Open Graph, JSON-LD): a reference without its fragment. */
export const plainImageAddress = (url: string) => parseImageReference(url)?.url ?? url;

export const mediaVariant = z.object({ width: z.number().int(), format: z.enum(VARIANT_FORMATS), url: z.string() });

export const mediaRecord = z.object({
  id: recordId,
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Null for images stored before the library kept sizes. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: localizedText(ALT_MAX),
  /** The original's address, as `POST File` answers it. */
  url: z.string(),
  /** What an image field stores to name this image: `url` with its size and format (`imageReference`). */
  reference: z.string(),
  variants: z.array(mediaVariant),
  createdAt: isoTimestamp,
});

export const mediaUpdateSchema = z.strictObject({ id, alt: localizedText(ALT_MAX) });

export const mediaEntity = defineEntity({
  name: 'Media',
  record: mediaRecord,
  update: mediaUpdateSchema,
  filters: {},
  sort: ['createdAt', 'name', 'id'] as const,
  search: ['name', 'alt'],
});

/** Where an image is used, as a refused delete answers it. */
export const imageUse = z.object({ entity: z.string(), id: z.union([z.number(), z.string()]), label: z.string() });

export type Media = z.infer<typeof mediaRecord>;
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;
export type ImageUse = z.infer<typeof imageUse>;
