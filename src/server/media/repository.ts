import type { LocalizedText } from '../../shared/fields.js';
import { recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import type { KyselyDb } from '../db/schema.js';
import { mediaResource } from './resource.js';

/** The SQL of the media library's own calls (the list and reads go through the generic layer). */

export interface NewImage {
  name: string;
  size: number;
  mimeType: string;
  width: number;
  height: number;
  contentHash: string;
  storageKey: string;
  createdBy: number | null;
  createdAt: string;
}

/** The image already stored with these bytes, if any. */
export function findImageByHash(db: KyselyDb, contentHash: string) {
  return mediaResource.baseSelect(db).where('media.content_hash', '=', contentHash).executeTakeFirst();
}

/** The file record and the library record of a new image, with its audit entry, together or not at all. */
export function insertImage(db: KyselyDb, image: NewImage, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const file = await trx
      .insertInto('files')
      .values({
        name: image.name,
        size: image.size,
        mime_type: image.mimeType,
        kind: 'image',
        storage_key: image.storageKey,
        created_by: image.createdBy,
        created_at: image.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('media')
      .values({
        id: file.id,
        name: image.name,
        width: image.width,
        height: image.height,
        content_hash: image.contentHash,
        created_at: image.createdAt,
      })
      .execute();
    await recordAudit(trx, actor, { action: 'create', entity: 'Media', entityId: Number(file.id) });
    return Number(file.id);
  });
}

/** An image with what serving and removing it needs. */
export function findStoredImage(db: KyselyDb, id: number) {
  return db
    .selectFrom('media')
    .innerJoin('files', 'files.id', 'media.id')
    .select(['media.id', 'media.width', 'files.mime_type', 'files.storage_key'])
    .where('media.id', '=', id)
    .executeTakeFirst();
}

export function updateAlt(db: KyselyDb, id: number, alt: LocalizedText, before: LocalizedText, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('media').set({ alt: JSON.stringify(alt) }).where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'update', entity: 'Media', entityId: id, changes: { alt: [before, alt] } });
  });
}

/** Removes an image's records (the library's and the file's), with its audit entry. */
export function deleteImage(db: KyselyDb, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('media').where('id', '=', id).execute();
    await trx.deleteFrom('files').where('id', '=', id).where('kind', '=', 'image').execute();
    await recordAudit(trx, actor, { action: 'delete', entity: 'Media', entityId: id });
  });
}
