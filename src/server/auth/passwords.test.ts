import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('right-password-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$/);
    expect(await verifyPassword(stored, 'right-password-1')).toBe(true);
    expect(await verifyPassword(stored, 'wrong-password-1')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'right-password-1')).toBe(false);
  });

  it('finishes every check of a burst larger than the number of cores', async () => {
    const stored = await hashPassword('burst-password-1');
    const burst = os.availableParallelism() * 3;
    const results = await Promise.all(Array.from({ length: burst }, (_, i) => verifyPassword(stored, i % 2 ? 'burst-password-1' : 'nope-nope-1')));
    expect(results).toEqual(Array.from({ length: burst }, (_, i) => i % 2 === 1));
  });
});
