import type { KyselyDb } from '../db/schema.js';

/** The SQL of stored files' records (images are written by the media library, media/repository.ts). */

export function findFile(db: KyselyDb, id: number) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}
