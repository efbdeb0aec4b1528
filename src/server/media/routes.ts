import { z } from 'zod';
import { ErrorCode } from '../../shared/api.js';
import { queryAnswerOf } from '../../shared/query.js';
import type { QueryInput } from '../../shared/query.js';
import { idText } from '../../shared/fields.js';
import {
  MEDIA_WIDTHS,
  VARIANT_FORMATS,
  formatOfMime,
  imageDownloadUrl,
  imageUse,
  mediaEntity,
  mediaRecord,
  variantFormatsOf,
  variantMimeType,
  variantWidthsOf,
} from '../../shared/schemas/media.js';
import type { MediaUpdate, VariantFormat } from '../../shared/schemas/media.js';
import { actorOf } from '../audit/record.js';
import { idParams } from '../crud/routes.js';
import { queryPage } from '../crud/list-query.js';
import { findRecord } from '../crud/operations.js';
import { AppError, notFound } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { MEDIA_DELETE_MODULE, MEDIA_UPLOAD_MODULES } from './access.js';
import { deleteImage, findStoredImage, updateAlt } from './repository.js';
import { mediaResource } from './resource.js';
import { findImageUses } from './uses.js';
import { mediaVariants } from './variants.js';
// News registers its image fields with the registry when the library's routes are loaded.
import './content-uses.js';

const access = { anyOf: MEDIA_UPLOAD_MODULES };

/** A variant's name in its address: `640.webp`. */
const variantParams = z.strictObject({
  id: idText,
  variant: z
    .string()
    .regex(new RegExp(`^[1-9][0-9]{0,4}\\.(${VARIANT_FORMATS.join('|')})$`), 'Expected a width and a format, like 640.webp')
    .transform((name) => {
      const [width, format] = name.split('.');
      return { width: Number(width), format: format as VariantFormat };
    }),
});

/** The library's calls: list, read, describe, delete, and its images' variants for anyone. */
export const mediaRoutes: RouteSpec[] = [
  route<QueryInput>({
    method: 'POST',
    path: 'Media/Query',
    // Only reads: staff with read on the module may make it (docs/decisions/0059).
    reads: true,
    summary: 'List the images of the media library, newest first, with paging and a keyword on name and alt text',
    tag: 'Media',
    access,
    body: mediaEntity.query,
    response: queryAnswerOf(mediaRecord),
    handler: ({ request, body }) => queryPage(request.server.ctx, mediaResource, body, false),
  }),
  route<undefined, { id: number }>({
    method: 'GET',
    path: 'Media/:id',
    summary: 'Read one image of the media library, with its variants',
    tag: 'Media',
    access,
    params: idParams,
    response: mediaRecord,
    handler: ({ request, params }) => findRecord(request.server.ctx, mediaResource, params.id),
  }),
  route<MediaUpdate>({
    method: 'POST',
    path: 'Media/Update',
    summary: "Change an image's alt text (both languages)",
    tag: 'Media',
    access,
    body: mediaEntity.update as z.ZodType<MediaUpdate>,
    response: mediaRecord,
    handler: async ({ request, body, user }) => {
      const ctx = request.server.ctx;
      const before = await findRecord(ctx, mediaResource, body.id);
      await updateAlt(ctx.db.kysely, body.id, body.alt, before.alt, actorOf(request, user));
      return findRecord(ctx, mediaResource, body.id);
    },
  }),
  route<undefined, { id: number }>({
    method: 'DELETE',
    path: 'Media/:id',
    summary: 'Delete an image and its variants; refused with 409 and the list of its uses while anything shows it',
    tag: 'Media',
    access: MEDIA_DELETE_MODULE,
    params: idParams,
    response: z.object({ id: z.number().int() }),
    handler: async ({ request, params, user }) => {
      const ctx = request.server.ctx;
      const image = await findStoredImage(ctx.db.kysely, params.id);
      if (!image) throw notFound('Image');
      const uses = await findImageUses(ctx, imageDownloadUrl(params.id));
      if (uses.length) {
        const where = uses.map((use) => `${use.entity} ${use.id} "${use.label}"`).join(', ');
        throw new AppError(ErrorCode.conflict, `The image is in use: ${where}`, { reason: 'in-use', uses: z.array(imageUse).parse(uses) });
      }
      await deleteImage(ctx.db.kysely, params.id, actorOf(request, user));
      const stored = { id: params.id, storageKey: image.storage_key, width: image.width === null ? null : Number(image.width) };
      await ctx.storage.remove(image.storage_key);
      await mediaVariants(ctx).removeAll(stored);
      return { id: params.id };
    },
  }),
  route<undefined, { id: number; variant: { width: number; format: VariantFormat } }>({
    method: 'GET',
    path: 'Media/:id/:variant',
    summary: `An image resized to a width (${MEDIA_WIDTHS.join(', ')} or its own, never wider) in AVIF, WebP or its own format: \`Media/12/640.webp\`; made the first time and kept`,
    tag: 'Media',
    access: 'public',
    params: variantParams,
    raw: true,
    handler: async ({ request, reply, params }) => {
      const ctx = request.server.ctx;
      const image = await findStoredImage(ctx.db.kysely, params.id);
      const { width, format } = params.variant;
      const width0 = image?.width === null || image?.width === undefined ? null : Number(image.width);
      if (
        !image ||
        !variantWidthsOf(width0).includes(width) ||
        !variantFormatsOf(formatOfMime(image.mime_type)).includes(format)
      ) {
        throw notFound('Image variant');
      }
      const key = await mediaVariants(ctx).ensure({ id: image.id, storageKey: image.storage_key, width: width0 }, width, format);
      reply
        .header('content-type', variantMimeType(format))
        .header('x-content-type-options', 'nosniff')
        // A variant's bytes never change under its address: a new image is a new id.
        .header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(ctx.storage.read(key));
    },
  }),
];
