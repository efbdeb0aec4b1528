import { z } from 'zod';
import { ErrorCode } from '../../shared/api.js';
import { currentUser } from '../auth/guard.js';
import { idParams } from '../crud/routes.js';
import { MEDIA_MAX_BYTES } from '../../shared/schemas/media.js';
import { AppError, forbidden, notFound, passwordChangeRequired, validationError } from '../http/errors.js';
import { route } from '../http/route-spec.js';
import type { RouteSpec } from '../http/route-spec.js';
import { MEDIA_UPLOAD_MODULES } from '../media/access.js';
import { storeImage } from '../media/upload.js';
import { applicationIdOfResume, findFile, isStoredKey } from './repository.js';
import { actorOf, recordAudit } from '../audit/record.js';

export const downloadUrlOf = (id: number) => `/api/File/Download/${id}`;

/**
 * A stored image as the API answers it: the contract's fields, and its size in pixels with the
 * reference an image field stores to name it (docs/decisions/0032).
 */
export const fileRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  reference: z.string(),
});

const IMAGE_DESCRIPTION = 'JPEG, PNG, WebP, AVIF or GIF, at most 20 MB and 50 megapixels';

export const fileRoutes: RouteSpec[] = [
  route<Record<string, never>>({
    method: 'POST',
    path: 'File',
    summary:
      'Upload an image into the media library (JPEG, PNG, WebP, AVIF or GIF, checked by content; at most 20 MB and 50 megapixels); the same bytes uploaded again answer the image already stored',
    tag: 'File',
    // Staff who edit public content (news, jobs, the site's pages and settings) may upload images for it.
    access: { anyOf: MEDIA_UPLOAD_MODULES },
    // Text parts are read and left aside: only the file counts.
    multipart: {
      fields: z.object({}),
      files: { file: IMAGE_DESCRIPTION },
      unexpectedFileMessage: 'Unknown file field; send the image as "file"',
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1 },
    },
    response: fileRecord,
    handler: async ({ request, files, user }) => {
      const file = files.file;
      if (!file) throw validationError([{ path: 'file', code: 'required', message: 'Required' }]);
      const image = await storeImage(request.server.ctx, file, actorOf(request, user));
      return { id: image.id, name: image.name, size: image.size, mimeType: image.mimeType, url: image.url, width: image.width, height: image.height, reference: image.reference };
    },
  }),
  route<undefined, { id: number }>({
    method: 'GET',
    path: 'File/Download/:id',
    summary: 'Download a file: images for anyone, résumés for staff with the applications module',
    tag: 'File',
    access: 'public',
    params: idParams,
    raw: true,
    handler: async ({ request, reply, params }) => {
      const ctx = request.server.ctx;
      const row = await findFile(ctx.db.kysely, params.id);
      // The résumé of an anonymised application: its file is gone (erasure/erase.ts).
      if (!row || !isStoredKey(row.storage_key)) throw notFound('File');
      if (row.kind !== 'image') {
        const user = await currentUser(request);
        if (!user) throw new AppError(ErrorCode.unauthenticated, 'Please sign in');
        if (user.mustChangePassword) throw passwordChangeRequired();
        if (!user.moduleKeys.has('applications')) throw forbidden();
        // Recorded before the file leaves: the application and the file, nothing of the applicant.
        const applicationId = await applicationIdOfResume(ctx.db.kysely, row.id);
        await recordAudit(ctx.db.kysely, actorOf(request, user), {
          action: 'resume-download',
          entity: 'JobApplication',
          entityId: applicationId ?? null,
          changes: { resumeFileId: [null, row.id] },
        });
      }
      const disposition = row.kind === 'image' ? 'inline' : 'attachment';
      const asciiName = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      reply
        .header('content-type', row.mime_type)
        .header('content-length', row.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('cache-control', row.kind === 'image' ? 'public, max-age=31536000, immutable' : 'private, no-store');
      return reply.send(ctx.storage.read(row.storage_key));
    },
  }),
];
