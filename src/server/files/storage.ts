import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded files live. A disk folder here; an S3-compatible store can take its place. */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
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
}

/** A fresh key, spread over folders by month: `2026-11/3f9c…`. */
export function newStorageKey(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
}
