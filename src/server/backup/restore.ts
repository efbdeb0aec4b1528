import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { connect } from '../db/connect.js';
import type { Db } from '../db/connect.js';
import { migrationProvider } from '../db/migrate.js';
import type { FileStorage } from '../files/storage.js';
import { clearDatabase, restoreDatabase, tablesIn } from './database-copy.js';
import { BackupError, reasonOf } from './errors.js';
import { DATABASE_DIR, FILES_DIR, MANIFEST_NAME, digestFile, manifestSchema } from './manifest.js';
import type { Manifest } from './manifest.js';
import { ledgerOf, reapplyLedger } from '../erasure/ledger.js';
import type { LedgerEntry } from '../erasure/ledger.js';
import { LedgerFileError, mergeEntries, readLedgerFile } from '../erasure/ledger-file.js';

export interface RestoreOptions {
  /** Replace a database and files that are already there, instead of refusing. */
  force?: boolean;
  onProgress?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What `--force` replaced (zero when the target was empty). */
  replaced: { tables: number; files: number };
}

/**
 * Restores an archive written by `createBackup` into the configured database and file storage
 * (docs/decisions/0042-backups.md). Nothing is written before the manifest and every checksum are
 * verified. Portico must not be running on the target meanwhile. The schema is left as the backup
 * had it: the server migrates it at its next start, as after an upgrade.
 */
export async function restoreBackup(config: Config, storage: FileStorage, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const progress = options.onProgress ?? (() => {});
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) throw new BackupError(`${archive}: no such file`);
  const unpacked = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portico-restore-'));
  try {
    progress('Reading the archive…');
    const manifest = await unpackAndVerify(archive, unpacked, config);
    progress(`Archive verified: ${manifest.engine} database at migration ${manifest.migration}, ${manifest.files.length} files, made ${manifest.createdAt} by Portico ${manifest.porticoVersion}`);

    // The erasures made since the backup: in the ledger of what the restore replaces, and in the
    // ledger file beside the backups (this archive's folder, and BACKUP_DIR), which a new machine has.
    const carried = mergeEntries(
      (await tablesIn(config.database)).includes('erasure_ledger') ? await readLedger(config) : [],
      ...(await ledgerFilesFor(archive, config)),
    );
    const replaced = await checkTargetIsEmpty(config, storage, options.force ?? false, progress);

    progress('Restoring the database…');
    await restoreDatabase(config.database, path.join(unpacked, DATABASE_DIR, manifest.database.name));
    progress('Restoring the stored files…');
    let done = 0;
    for (const entry of manifest.files) {
      await storage.put(entry.key, await fs.promises.readFile(path.join(unpacked, FILES_DIR, entry.key)));
      if (++done % 100 === 0) progress(`  ${done} of ${manifest.files.length} files restored`);
    }
    progress(`Files restored: ${done}`);

    const db = connect(config.database);
    try {
      const erased = await reapplyErasures(db, { storage, carried });
      if (erased) progress(`Erasure ledger applied again: ${erased} record${erased === 1 ? '' : 's'} erased or anonymised`);
    } finally {
      await db.close();
    }
    return { manifest, replaced };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The restore failed: ${reasonOf(error)}`, { cause: error });
  } finally {
    await fs.promises.rm(unpacked, { recursive: true, force: true });
  }
}

/**
 * Re-applies the erasure ledger to a restored database, so that an old backup never brings back a
 * person whose data was erased after it was made: the restored ledger's entries and those `carried`
 * from the database the restore replaced (erasure/ledger.ts, docs/decisions/0043). Runs after every
 * restore, before the server next starts; answers how many records it erased or anonymised again.
 */
export function reapplyErasures(db: Db, options: { storage?: FileStorage; carried?: readonly LedgerEntry[] } = {}): Promise<number> {
  return reapplyLedger(db, options);
}

/** The ledger files of the archive's folder and of BACKUP_DIR, each read once. */
async function ledgerFilesFor(archive: string, config: Config): Promise<LedgerEntry[][]> {
  const folders = [...new Set([path.dirname(archive), ...(config.backup.dir ? [config.backup.dir] : [])])];
  try {
    return await Promise.all(folders.map((folder) => readLedgerFile(folder)));
  } catch (error) {
    if (error instanceof LedgerFileError) throw new BackupError(`Nothing was restored: ${error.message}`);
    throw error;
  }
}

/** The ledger of the configured database, read before a restore replaces it. */
async function readLedger(config: Config): Promise<LedgerEntry[]> {
  const db = connect(config.database);
  try {
    return await ledgerOf(db);
  } finally {
    await db.close();
  }
}

/** Unpacks into `folder`, then checks the manifest and every entry's size and SHA-256. */
async function unpackAndVerify(archive: string, folder: string, config: Config): Promise<Manifest> {
  try {
    const tar = await import('tar');
    await tar.extract({
      file: archive,
      cwd: folder,
      strict: true,
      // Plain files and folders only: a link in an archive could point a later write anywhere.
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable Portico backup: ${reasonOf(error)}`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fs.promises.readFile(path.join(folder, MANIFEST_NAME), 'utf8')));
  } catch {
    throw new BackupError(`${archive} is not a Portico backup: its ${MANIFEST_NAME} is missing or not one Portico wrote`);
  }
  if (manifest.engine !== config.database.kind) {
    const named = { sqlite: 'SQLite (DATA_DIR, or DATABASE_URL=sqlite:…)', postgres: 'PostgreSQL (DATABASE_URL=postgres://…)' };
    throw new BackupError(`This backup holds a ${named[manifest.engine]} database, but the configuration names ${named[config.database.kind]}`);
  }
  const known = Object.keys(await migrationProvider.getMigrations());
  if (!known.includes(manifest.migration)) {
    throw new BackupError(
      `This backup was made by a newer Portico (${manifest.porticoVersion}, schema at migration ${manifest.migration}): restore it with that version or newer`,
    );
  }

  const damaged: string[] = [];
  const check = async (relative: string, expected: { size: number; sha256: string }) => {
    const actual = await digestFile(path.join(folder, relative)).catch(() => null);
    if (!actual || actual.size !== expected.size || actual.sha256 !== expected.sha256) damaged.push(relative);
  };
  await check(path.join(DATABASE_DIR, manifest.database.name), manifest.database);
  for (const entry of manifest.files) await check(path.join(FILES_DIR, entry.key), entry);
  if (damaged.length) {
    const shown = damaged.slice(0, 5).join(', ') + (damaged.length > 5 ? ` and ${damaged.length - 5} more` : '');
    throw new BackupError(`The backup is damaged: ${damaged.length} entr${damaged.length === 1 ? 'y does' : 'ies do'} not match the manifest's checksum (${shown}). Nothing was restored.`);
  }
  return manifest;
}

/** Refuses a target that holds anything, unless `force`; with it, says what goes and clears it. */
async function checkTargetIsEmpty(config: Config, storage: FileStorage, force: boolean, progress: (line: string) => void) {
  const tables = await tablesIn(config.database);
  let files = 0;
  for await (const _key of storage.list()) files++;
  if (!tables.length && !files) return { tables: 0, files: 0 };
  const where = config.database.kind === 'sqlite' ? `the database ${config.database.file}` : 'the PostgreSQL database of DATABASE_URL';
  const what = `${where} (${tables.length} tables) and the file storage (${files} files)`;
  if (!force) {
    throw new BackupError(`The target is not empty: ${what} hold data. Restore into an empty DATA_DIR / database, or run again with --force to replace all of it.`);
  }
  progress(`--force: replacing ${what}`);
  await clearDatabase(config.database);
  // Listed whole first: a listing that pages (S3) is not walked while it shrinks.
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  for (const key of keys) await storage.remove(key);
  return { tables: tables.length, files };
}
