import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openStorage } from '../files/open-storage.js';
import { createBackup, formatBytes } from './backup.js';
import { BackupError } from './errors.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (docs/decisions/0042-backups.md).
 * They read the server's configuration (DATA_DIR, DATABASE_URL, the storage settings) from the
 * environment, as the server does. Expected failures print one line and exit with 1.
 */
const USAGE = {
  backup: 'Usage: npm run backup -- <file.tar.gz>   (writes a backup of the database and every stored file)',
  restore: 'Usage: npm run restore -- <file.tar.gz> [--force]   (restores into an empty DATA_DIR / database; --force replaces what is there)',
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new BackupError(`${USAGE.backup}\n${USAGE.restore}`);
  const force = rest.includes('--force');
  const unknown = rest.filter((arg) => arg.startsWith('-') && arg !== '--force');
  const files = rest.filter((arg) => !arg.startsWith('-'));
  if (unknown.length || files.length !== 1 || (command === 'backup' && force)) {
    throw new BackupError(`${unknown.length ? `Unknown option ${unknown[0]}. ` : files.length ? '' : 'The backup file is missing. '}${USAGE[command]}`);
  }
  // npm runs scripts in the package's folder; a relative file name means the operator's folder.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]);
  const config = loadConfig();
  const storage = await openStorage(config);
  const log = (line: string) => console.log(line);
  const started = Date.now();
  try {
    if (command === 'backup') {
      const result = await createBackup(config, storage, file, { onProgress: log });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`Backup written: ${result.file} (${formatBytes(result.size)}; ${result.engine} database at ${result.migration}; ${result.files} files) in ${seconds} s`);
    } else {
      const result = await restoreBackup(config, storage, file, { force, onProgress: log });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Restore complete: the ${result.manifest.engine} database and ${result.manifest.files.length} files of ${result.manifest.createdAt} in ${seconds} s. ` +
          'Start Portico to bring the schema up to date.',
      );
    }
  } finally {
    storage.close?.();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      // Not expected: still one line, and the cause for whoever reports it.
      console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
