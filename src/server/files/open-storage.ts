import type { Config } from '../config.js';
import { DiskStorage } from './storage.js';
import type { FileStorage } from './storage.js';

/** The file storage the configuration names (`STORAGE`, docs/decisions/0041-object-storage.md). */
export async function openStorage(config: Config): Promise<FileStorage> {
  const { storage } = config;
  if (storage.kind === 'local') return new DiskStorage(storage.dir);
  // Loaded only when chosen: the SDK is large, and most installs keep their files on disk.
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(storage);
}
