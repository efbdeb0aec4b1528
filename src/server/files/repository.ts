import type { KyselyDb } from '../db/schema.js';

/** The SQL of stored files' records (images are written by the media library, media/repository.ts). */

export function findFile(db: KyselyDb, id: number) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The application a résumé belongs to, for the audit entry of its download. */
export async function applicationIdOfResume(db: KyselyDb, fileId: number): Promise<number | undefined> {
  const row = await db.selectFrom('job_applications').select('id').where('resume_file_id', '=', fileId).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
