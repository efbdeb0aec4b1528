import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Config } from '../config.js';
import type { FileStorage } from '../files/storage.js';
import { snapshotDatabase } from './database-copy.js';
import { BackupError, reasonOf } from './errors.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_DIR, FILES_DIR, MANIFEST_NAME, digestFile } from './manifest.js';
import type { Manifest, ManifestFile } from './manifest.js';
import { PORTICO_VERSION } from './version.js';
import { connect } from '../db/connect.js';
import { isStoredKey } from '../files/repository.js';
import { ledgerOf } from '../erasure/ledger.js';
import { LEDGER_FILE, LedgerFileError, mergeIntoLedgerFile } from '../erasure/ledger-file.js';

export interface BackupResult {
  file: string;
  /** Bytes of the archive. */
  size: number;
  files: number;
  engine: Manifest['engine'];
  migration: string;
  createdAt: string;
  /**
   * Files a record of the copied database refers to that were deleted before they could be copied
   * (their records were deleted after the copy was made); the backup names them rather than fail.
   */
  missing: string[];
}

export interface BackupOptions {
  /** One line per step, for the command's output. */
  onProgress?: (line: string) => void;
}

/**
 * Writes one archive (tar + gzip) with the database, every stored file and a manifest, while Portico
 * goes on serving and writing (docs/decisions/0042-backups.md).
 *
 * The database is copied first, as of one moment; the files are listed and copied after it. A file is
 * stored before the record that names it commits, so every file a copied record names exists by
 * then. Files stored later (for records the copy does not hold) come along too, and do no harm.
 */
export async function createBackup(config: Config, storage: FileStorage, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  const progress = options.onProgress ?? (() => {});
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: choose another file name`);
  const folder = path.dirname(target);
  let staging: string;
  try {
    // Staged beside the archive: the operator chose that disk for backups, and a failure to write
    // there shows at once, before the database is copied.
    staging = await fs.promises.mkdtemp(path.join(folder, '.portico-backup-'));
  } catch (error) {
    throw new BackupError(`Cannot write to ${folder}: ${reasonOf(error)}`);
  }
  const partial = `${target}.partial`;
  try {
    const createdAt = new Date().toISOString();
    const engine = config.database.kind;
    const databaseName = engine === 'sqlite' ? 'portico.db' : 'portico.dump';
    await fs.promises.mkdir(path.join(staging, DATABASE_DIR));
    const databaseCopy = path.join(staging, DATABASE_DIR, databaseName);
    progress(`Copying the database (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL, pg_dump'})…`);
    const snapshot = await snapshotDatabase(config.database, databaseCopy);
    const database = { name: databaseName, ...(await digestFile(databaseCopy)) } as Manifest['database'];
    progress(`Database copied: ${formatBytes(database.size)}, schema at migration ${snapshot.migration}`);

    progress('Copying the stored files…');
    const files = await copyStoredFiles(storage, path.join(staging, FILES_DIR), progress);
    const copied = new Set(files.map((f) => f.key));
    // An anonymised application's résumé row names no stored file (files/repository.ts).
    const missing = snapshot.storageKeys.filter((key) => isStoredKey(key) && !copied.has(key));
    if (missing.length) progress(`Warning: ${missing.length} file(s) named by the database were deleted during the backup and are not in it`);

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      porticoVersion: PORTICO_VERSION,
      migration: snapshot.migration,
      engine,
      createdAt,
      database,
      files,
    };
    await fs.promises.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    progress('Writing the archive…');
    const tar = await import('tar');
    // The manifest first, so a restore reads it before anything else.
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST_NAME, DATABASE_DIR, ...(files.length ? [FILES_DIR] : [])]);
    await fs.promises.rename(partial, target);
    await copyLedger(config, folder, progress);
    const { size } = await fs.promises.stat(target);
    return { file: target, size, files: files.length, engine, migration: snapshot.migration, createdAt, missing };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup failed: ${reasonOf(error)}`, { cause: error });
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The database's erasure ledger, merged into the ledger file beside the archive (erasure/ledger-file.ts),
 * so that a restore of any older backup from this folder, on any machine, applies it.
 */
async function copyLedger(config: Config, folder: string, progress: (line: string) => void) {
  const db = connect(config.database);
  try {
    const added = await mergeIntoLedgerFile(folder, await ledgerOf(db));
    if (added) progress(`Erasure ledger copied beside the backups: ${added} new entr${added === 1 ? 'y' : 'ies'} in ${LEDGER_FILE}`);
  } catch (error) {
    if (error instanceof LedgerFileError) throw new BackupError(`The backup was written, but ${error.message}`);
    throw error;
  } finally {
    await db.close();
  }
}

/** Copies every stored file into `folder/<key>`, hashing it on the way. */
async function copyStoredFiles(storage: FileStorage, folder: string, progress: (line: string) => void): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  let skipped = 0;
  for await (const key of storage.list()) {
    const destination = path.join(folder, key);
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(storage.read(key), measure, fs.createWriteStream(destination));
    } catch (error) {
      // Deleted between the listing and the copy: its record was deleted after the database copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.promises.rm(destination, { force: true });
      skipped++;
      continue;
    }
    files.push({ key, size, sha256: hash.digest('hex') });
    if (files.length % 100 === 0) progress(`  ${files.length} files copied`);
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  progress(`Files copied: ${files.length} (${formatBytes(total)})${skipped ? `, ${skipped} deleted meanwhile` : ''}`);
  return files;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
