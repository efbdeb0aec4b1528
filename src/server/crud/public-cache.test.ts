import { describe, expect, it } from 'vitest';
import { PublicReadCache } from './public-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PublicReadCache', () => {
  it('computes once for concurrent misses of one key, and answers later calls from memory', async () => {
    const cache = new PublicReadCache();
    const gate = deferred<string>();
    let computations = 0;
    const compute = () => {
      computations += 1;
      return gate.promise;
    };
    const answers = Promise.all([cache.through('k', compute), cache.through('k', compute), cache.through('k', compute)]);
    gate.resolve('v');
    expect(await answers).toEqual(['v', 'v', 'v']);
    expect(await cache.through('k', compute)).toBe('v');
    expect(computations).toBe(1);
  });

  it('does not keep an answer computed before a clear()', async () => {
    const cache = new PublicReadCache();
    const gate = deferred<string>();
    const before = cache.through('k', () => gate.promise);
    cache.clear();
    const after = cache.through('k', async () => 'new');
    gate.resolve('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.through('k', async () => 'newer')).toBe('new');
  });

  it('shares a failure with the calls that waited for it, then computes again', async () => {
    const cache = new PublicReadCache();
    const gate = deferred<string>();
    const failing = () => gate.promise.then(() => Promise.reject(new Error('no such record')));
    const both = Promise.allSettled([cache.through('k', failing), cache.through('k', failing)]);
    gate.resolve('');
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.through('k', async () => 'found')).toBe('found');
  });
});
