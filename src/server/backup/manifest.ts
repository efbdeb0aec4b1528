import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** What a backup archive holds, besides the manifest itself (docs/decisions/0042-backups.md). */
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_DIR = 'database';
export const FILES_DIR = 'files';
export const BACKUP_FORMAT = 'portico-backup';
export const BACKUP_FORMAT_VERSION = 1;

const checksum = z.string().regex(/^[0-9a-f]{64}$/);
/** A storage key as `FileStorage` makes them: never absolute, never `..`. */
const storageKey = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  porticoVersion: z.string(),
  /** The last migration the database had when it was copied: a restore refuses one it does not know. */
  migration: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  createdAt: z.string(),
  database: z.object({
    /** Inside `database/`: `portico.db` (SQLite) or `portico.dump` (pg_dump's custom format). */
    name: z.enum(['portico.db', 'portico.dump']),
    size: z.number().int().nonnegative(),
    sha256: checksum,
  }),
  /** Every stored file, under `files/<key>`. */
  files: z.array(z.object({ key: storageKey, size: z.number().int().nonnegative(), sha256: checksum })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** The SHA-256 and size of a file on disk, read as a stream. */
export async function digestFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
