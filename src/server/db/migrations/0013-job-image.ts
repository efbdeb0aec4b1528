import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A job may show an image, picked from the media library like a news cover (docs/decisions/0032):
 * its reference (`/api/File/Download/12#w=…&h=…&t=…`) or an image address, `null` when it has none,
 * as every job stored before this has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('image_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('image_url').execute();
}
