import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { ErrorCode } from '../../shared/api.js';
import { MEDIA_MAX_PIXELS, MEDIA_MIME_TYPES, formatOfMime, variantFormatsOf } from '../../shared/schemas/media.js';
import type { Media } from '../../shared/schemas/media.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/constraint-errors.js';
import { cleanFileName, detectMimeType } from '../files/detect.js';
import { newStorageKey } from '../files/storage.js';
import { AppError, validationError } from '../http/errors.js';
import { nowIso } from '../time.js';
import { findImageByHash, insertImage } from './repository.js';
import type { AuditActor } from '../audit/record.js';
import { presentMedia } from './resource.js';
import { mediaVariants } from './variants.js';

export const IMAGE_TYPES_MESSAGE = 'Only JPEG, PNG, WebP, AVIF and GIF images are allowed';
export const IMAGE_PIXELS_MESSAGE = `The image is larger than ${MEDIA_MAX_PIXELS / 1_000_000} megapixels`;

/**
 * An image's size in pixels, read from its header only: a decompression bomb (a small file that
 * decodes to gigabytes) is refused before anything decodes it. The size is the one the image is
 * shown at, after its EXIF orientation.
 */
async function dimensionsOf(content: Buffer): Promise<{ width: number; height: number }> {
  // Loaded with the first image: a server no image is sent to does not hold sharp (docs/decisions/0066).
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(content).metadata();
  } catch {
    throw new AppError(ErrorCode.unsupportedType, 'The image cannot be read', { reason: 'image-unreadable' });
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new AppError(ErrorCode.unsupportedType, 'The image cannot be read', { reason: 'image-unreadable' });
  // Every frame of an animation is decoded when it is shown.
  if (width * height * (metadata.pages ?? 1) > MEDIA_MAX_PIXELS) throw new AppError(ErrorCode.tooLarge, IMAGE_PIXELS_MESSAGE, { reason: 'image-pixels', maximum: MEDIA_MAX_PIXELS });
  return { width, height };
}

/**
 * Stores an uploaded image in the library, once per content: the same bytes uploaded again answer
 * the image already stored. Its variants are then made in the background.
 */
export async function storeImage(ctx: AppContext, file: { name: string; content: Buffer }, actor: AuditActor): Promise<Media> {
  const { content } = file;
  if (content.length === 0) throw validationError([{ path: 'file', code: 'required', message: 'Required' }]);
  const mimeType = await detectMimeType(content);
  if (!mimeType || !(MEDIA_MIME_TYPES as readonly string[]).includes(mimeType)) throw new AppError(ErrorCode.unsupportedType, IMAGE_TYPES_MESSAGE, { reason: 'image-type' });
  const { width, height } = await dimensionsOf(content);
  const contentHash = createHash('sha256').update(content).digest('hex');
  const db = ctx.db.kysely;
  const stored = await findImageByHash(db, contentHash);
  if (stored) return presentMedia(stored);

  const storageKey = newStorageKey();
  await ctx.storage.put(storageKey, content);
  let id: number;
  try {
    id = await insertImage(db, {
      name: cleanFileName(file.name, mimeType),
      size: content.length,
      mimeType,
      width,
      height,
      contentHash,
      storageKey,
      createdBy: actor.userId,
      createdAt: nowIso(),
    }, actor);
  } catch (error) {
    await ctx.storage.remove(storageKey);
    // The same bytes, uploaded at the same moment by someone else: theirs is the one stored.
    const other = isUniqueViolation(error) ? await findImageByHash(db, contentHash) : undefined;
    if (other) return presentMedia(other);
    throw error;
  }
  mediaVariants(ctx).prepareAll({ id, storageKey, width }, variantFormatsOf(formatOfMime(mimeType)));
  const row = await findImageByHash(db, contentHash);
  return presentMedia(row!);
}
