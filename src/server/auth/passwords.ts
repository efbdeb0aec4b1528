import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id at 9 MiB, four passes, one lane: one of the settings OWASP's password storage guide
// lists as equal in strength to its 19 MiB baseline, at the same time per hash and half the memory
// (docs/decisions/0061). Hashes made with other settings still verify: each hash names its own.
const options = { memoryCost: 9_216, timeCost: 4, parallelism: 1 };

/**
 * At most one argon2 computation per core at a time. Each holds 9 MiB (19 MiB for a hash made
 * before decision 0061); more at once than there are cores finishes no sooner but holds more memory
 * (four at once, the thread pool's size, lifted a small server's peak memory by about 60 MB under a
 * burst of sign-ins).
 */
const MAX_CONCURRENT = Math.max(1, Math.min(4, os.availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // A waiter takes this place directly, so the count never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, options));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown user name is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('portico-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
