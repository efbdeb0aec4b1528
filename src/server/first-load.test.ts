import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesReached } from '../testing/static-imports.js';

/**
 * What the server loads at start (docs/decisions/0066): a client or encoder only some servers use is
 * loaded by the first one that needs it, not by every server at start. Each holds 1-4 MB of heap, and
 * the server's memory targets (200 MB over the loads, 250 MB while images upload) leave no room for
 * code that never runs.
 */

const SERVER = fileURLToPath(new URL('.', import.meta.url));
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The packages, and who loads them when they are needed. */
const LOADED_WHEN_NEEDED: Record<string, string> = {
  ioredis: 'auth/redis-counters.ts, with REDIS_URL',
  nodemailer: 'mail/mailer.ts, for the first message',
  tar: 'a backup, a restore or a personal-data archive',
  sharp: 'media/upload.ts, with the first image',
  '@aws-sdk/client-s3': 'files/s3-storage.ts, with STORAGE=s3',
};

describe('what the server loads at start', () => {
  it('loads no optional client or encoder before it is needed', () => {
    const reached = packagesReached(entry('./server.ts'), SERVER);
    const early = Object.keys(LOADED_WHEN_NEEDED)
      .filter((name) => reached.has(name))
      .map((name) => `${name} via ${reached.get(name)!.join(' → ')} (load it in ${LOADED_WHEN_NEEDED[name]})`);
    expect(early).toEqual([]);
  });

  it('would see each of them where a module loads it', () => {
    expect(packagesReached(entry('./auth/redis-counters.ts'), SERVER).has('ioredis')).toBe(true);
    expect(packagesReached(entry('./files/s3-storage.ts'), SERVER).has('@aws-sdk/client-s3')).toBe(true);
    // The walk goes through the server's own modules: the query builder is found from the entry.
    expect(packagesReached(entry('./server.ts'), SERVER).has('kysely')).toBe(true);
  });
});
