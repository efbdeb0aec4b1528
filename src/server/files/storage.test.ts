import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server } from '../testing/s3-server.js';
import { S3Storage } from './s3-storage.js';
import { DiskStorage, newStorageKey, readAll } from './storage.js';
import type { FileStorage } from './storage.js';

/** Every key under `prefix`, sorted (neither store promises an order). */
async function keysOf(storage: FileStorage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

/** The error a stream fails with, or undefined when it ends cleanly. */
async function failureOf(storage: FileStorage, key: string): Promise<(Error & { code?: string }) | undefined> {
  try {
    await readAll(storage, key);
    return undefined;
  } catch (error) {
    return error as Error & { code?: string };
  }
}

interface Store {
  storage: FileStorage;
  close(): Promise<void>;
}

const stores: [string, () => Promise<Store>][] = [
  [
    'a local folder',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-storage-'));
      return { storage: new DiskStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const server = await startTestS3Server();
      const storage = new S3Storage({
        endpoint: server.url,
        bucket: server.bucket,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: server.env.S3_ACCESS_KEY_ID, secretAccessKey: server.env.S3_SECRET_ACCESS_KEY },
        // Small pages, so that listing goes through several of them.
        listPageSize: 2,
      });
      return {
        storage,
        close: async () => {
          storage.close();
          await server.close();
        },
      };
    },
  ],
];

describe.each(stores)('the file storage contract, kept by %s', (_name, open) => {
  let store: Store;
  let storage: FileStorage;
  beforeAll(async () => {
    store = await open();
    storage = store.storage;
  });
  afterAll(() => store.close());

  it('stores bytes under a key and reads them back, whole and unchanged', async () => {
    const key = newStorageKey();
    const content = Buffer.concat([Buffer.from('résumé '), Buffer.alloc(300_000, 7)]);
    await storage.put(key, content);
    expect((await readAll(storage, key)).equals(content)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
  });

  it('refuses to overwrite a key with an EEXIST error, and keeps what was there', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect((await readAll(storage, key)).toString()).toBe('first');
  });

  it('fails the read stream of a missing key with ENOENT, and says it does not exist', async () => {
    const key = newStorageKey();
    expect(await storage.exists(key)).toBe(false);
    expect((await failureOf(storage, key))?.code).toBe('ENOENT');
  });

  it('removes a key, and removing it again is no error', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('gone soon'));
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect((await failureOf(storage, key))?.code).toBe('ENOENT');
    await expect(storage.remove(key)).resolves.toBeUndefined();
    // The key is free again.
    await storage.put(key, Buffer.from('back'));
    expect((await readAll(storage, key)).toString()).toBe('back');
  });

  it('lists every key, or those under a prefix, across pages', async () => {
    const keys = ['variants/41/320-webp', 'variants/41/640-webp', 'variants/41/640-avif', 'variants/42/320-webp', 'variants/4/320-webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await keysOf(storage, 'variants/41/')).toEqual(keys.filter((k) => k.startsWith('variants/41/')).sort());
    expect(await keysOf(storage, 'variants/4')).toEqual([...keys].sort());
    const all = await keysOf(storage);
    expect(all).toEqual(expect.arrayContaining(keys));
    expect(new Set(all).size).toBe(all.length);
    expect(await keysOf(storage, 'nothing-here/')).toEqual([]);
  });

  it('refuses keys and prefixes Portico could not have made', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'UPPER', 'a/b/', '', 'a.b']) {
      expect(() => storage.read(key), key).toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(keysOf(storage, '../')).rejects.toThrow(/Invalid storage key prefix/);
  });

  it('answers that it is reachable', async () => {
    expect(await storage.ping()).toBe(true);
  });
});

describe('a local folder, to a reader or writer that opens files itself', () => {
  let dir: string;
  let storage: DiskStorage;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-storage-'));
    storage = new DiskStorage(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names the file that holds a key', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('on disk'));
    expect(fs.readFileSync(storage.fileOf(key), 'utf8')).toBe('on disk');
    expect(() => storage.fileOf('../etc/passwd')).toThrow(/Invalid storage key/);
  });

  it('stores what a writer writes to its file, whole, leaving nothing else behind', async () => {
    const key = 'variants/7/640-webp';
    let seen = '';
    await storage.putWritten(key, async (file) => {
      seen = file;
      await fs.promises.writeFile(file, 'half ');
      // Until the writer is done, the key holds nothing: a reader never sees half a file.
      expect(await storage.exists(key)).toBe(false);
      await fs.promises.appendFile(file, 'and whole');
    });
    expect((await readAll(storage, key)).toString()).toBe('half and whole');
    expect(fs.existsSync(seen)).toBe(false);
    expect(await keysOf(storage, 'variants/7/')).toEqual([key]);
  });

  it('keeps what a key holds, with an EEXIST error, and stores nothing when the writer fails', async () => {
    const key = 'variants/8/640-webp';
    await storage.put(key, Buffer.from('first'));
    await expect(storage.putWritten(key, (file) => fs.promises.writeFile(file, 'second'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect((await readAll(storage, key)).toString()).toBe('first');

    const other = 'variants/8/320-webp';
    await expect(
      storage.putWritten(other, async (file) => {
        await fs.promises.writeFile(file, 'cut short');
        throw new Error('the encoder failed');
      }),
    ).rejects.toThrow('the encoder failed');
    expect(await storage.exists(other)).toBe(false);
    // Neither attempt left a file beside the key.
    expect(fs.readdirSync(path.join(dir, 'variants/8'))).toEqual(['640-webp']);
  });
});

describe('an S3-compatible bucket that does not answer', () => {
  it('is reported unreachable, quickly, and its reads fail without ENOENT', async () => {
    const server = await startTestS3Server();
    const options = { endpoint: server.url, bucket: server.bucket, region: 'us-east-1', forcePathStyle: true };
    const credentials = { accessKeyId: server.env.S3_ACCESS_KEY_ID, secretAccessKey: server.env.S3_SECRET_ACCESS_KEY };
    const wrongBucket = new S3Storage({ ...options, bucket: 'no-such-bucket', credentials });
    expect(await wrongBucket.ping()).toBe(false);
    await server.close();
    const down = new S3Storage({ ...options, credentials });
    const started = Date.now();
    expect(await down.ping()).toBe(false);
    expect(Date.now() - started).toBeLessThan(4_000);
    const failure = await failureOf(down, newStorageKey());
    expect(failure).toBeDefined();
    expect(failure?.code).not.toBe('ENOENT');
    for (const storage of [wrongBucket, down]) storage.close();
  });
});
