import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded files live. A disk folder here; an S3-compatible store can take its place. */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Whether something is stored under `key` (a made image variant, say). */
  exists(key: string): Promise<boolean>;
}

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string) {
    // Keys are generated here, never taken from a request; this is a second guard.
    if (!/^[a-z0-9/-]+$/.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key);
  }

  async put(key: string, content: Buffer) {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, content, { flag: 'wx' });
  }

  read(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  async remove(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string) {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}

/** Reads what is stored under `key` whole. */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A fresh key, spread over folders by month: `2026-11/3f9c…`. */
export function newStorageKey(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
}
