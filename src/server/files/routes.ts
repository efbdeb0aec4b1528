import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '../../shared/api.js';
import { nowIso } from '../context.js';
import { currentUser, requireUser } from '../auth/guard.js';
import { parseId } from '../crud/resource.js';
import { AppError, forbidden, notFound, validationError } from '../http/errors.js';
import type { RouteSpec } from '../http/routes.js';
import { idParam } from '../http/routes.js';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, cleanFileName, detectMimeType } from './detect.js';
import { newStorageKey } from './storage.js';
import type { Row } from '../crud/resource.js';

export const downloadUrlOf = (id: number) => `/api/File/Download/${id}`;

export function presentFile(row: Row) {
  return {
    id: Number(row.id),
    name: row.name,
    size: Number(row.size),
    mimeType: row.mime_type,
    url: downloadUrlOf(Number(row.id)),
  };
}

/** Staff who edit public content (news or jobs) may upload images for it. */
async function requireImageUploader(request: FastifyRequest) {
  const user = await requireUser(request);
  if (!user.moduleKeys.has('news') && !user.moduleKeys.has('jobs')) throw forbidden();
  return user;
}

export const fileRoutes: RouteSpec[] = [
  {
    method: 'POST',
    path: 'File',
    summary: 'Upload an image (JPEG, PNG, WebP or GIF, checked by content; at most 5 MB) for news or jobs',
    tag: 'File',
    access: 'signed-in',
    multipart: { fields: z.strictObject({}), files: { file: 'JPEG, PNG, WebP or GIF, at most 5 MB' } },
    response: 'File',
    handler: async (request) => {
      const user = await requireImageUploader(request);
      const ctx = request.server.ctx;
      let file: { name: string; content: Buffer } | undefined;
      for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw validationError([{ path: part.fieldname, message: 'Unknown file field; send the image as "file"' }]);
        }
        file = { name: part.filename, content: await part.toBuffer() };
      }
      if (!file || file.content.length === 0) throw validationError([{ path: 'file', message: 'Required' }]);
      const mimeType = await detectMimeType(file.content);
      if (!mimeType || !(IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
        throw new AppError(ErrorCode.unsupportedType, 'Only JPEG, PNG, WebP and GIF images are allowed');
      }
      const key = newStorageKey();
      await ctx.storage.put(key, file.content);
      try {
        const row = await ctx.db.kysely
          .insertInto('files')
          .values({
            name: cleanFileName(file.name, mimeType),
            size: file.content.length,
            mime_type: mimeType,
            kind: 'image',
            storage_key: key,
            created_by: user.id,
            created_at: nowIso(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return presentFile(row);
      } catch (error) {
        await ctx.storage.remove(key);
        throw error;
      }
    },
  },
  {
    method: 'GET',
    path: 'File/Download/:id',
    summary: 'Download a file: images for anyone, résumés for staff with the applications module',
    tag: 'File',
    access: 'public',
    raw: true,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = request.server.ctx;
      const row = await ctx.db.kysely
        .selectFrom('files')
        .selectAll()
        .where('id', '=', parseId(idParam(request)))
        .executeTakeFirst();
      if (!row) throw notFound('File');
      if (row.kind !== 'image') {
        const user = await currentUser(request);
        if (!user) throw new AppError(ErrorCode.unauthenticated, 'Please sign in');
        if (!user.moduleKeys.has('applications')) throw forbidden();
      }
      const disposition = row.kind === 'image' ? 'inline' : 'attachment';
      const asciiName = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      reply
        .header('content-type', row.mime_type)
        .header('content-length', row.size)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .header(
          'cache-control',
          row.kind === 'image' ? 'public, max-age=31536000, immutable' : 'private, no-store',
        );
      return reply.send(ctx.storage.read(row.storage_key));
    },
  },
];
