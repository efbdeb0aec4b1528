import type { KyselyDb } from '../db/schema.js';

/** The SQL of stored files' records (images are written by the media library, media/repository.ts). */

/**
 * The key of a file row whose stored file was removed on purpose (an anonymised application's résumé,
 * erasure/erase.ts): the row stays, since the application names it, but holds no key of storage.
 * Keys are unique, so each such row gets its own, made with a character no stored key begins with.
 * Rows anonymised before this carry the empty key, which means the same.
 */
export const removedFileKey = (fileId: number) => `:removed:${fileId}`;

/** Whether a file row's key names a stored file, rather than one removed on purpose. */
export const isStoredKey = (key: string | null | undefined): key is string => !!key && !key.startsWith(':');

export function findFile(db: KyselyDb, id: number) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The application a résumé belongs to, for the audit entry of its download. */
export async function applicationIdOfResume(db: KyselyDb, fileId: number): Promise<number | undefined> {
  const row = await db.selectFrom('job_applications').select('id').where('resume_file_id', '=', fileId).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
