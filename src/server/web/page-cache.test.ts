import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache.js';
import type { CachedPage } from './page-cache.js';

const page = (text: string): CachedPage => ({ status: 200, headers: [], body: Buffer.from(text) });

describe('PageCache', () => {
  afterEach(() => vi.useRealTimers());

  it('lets one caller re-render an expired page while the others get the previous one, within the grace', () => {
    vi.useFakeTimers();
    const cache = new PageCache(10, 5_000, 2_000);
    cache.set('/Home', page('old'));
    vi.advanceTimersByTime(5_000);
    expect(cache.get('/Home')).toBeUndefined(); // this caller renders
    expect(cache.get('/Home')?.body.toString()).toBe('old');
    cache.set('/Home', page('new'));
    expect(cache.get('/Home')?.body.toString()).toBe('new');
  });

  it('never answers a page later than the grace after it expired', () => {
    vi.useFakeTimers();
    const cache = new PageCache(10, 5_000, 2_000);
    cache.set('/Home', page('old'));
    vi.advanceTimersByTime(5_000);
    expect(cache.get('/Home')).toBeUndefined();
    vi.advanceTimersByTime(2_000);
    expect(cache.get('/Home')).toBeUndefined();
    expect(cache.get('/Home')).toBeUndefined();
  });

  it('forgets everything on clear(), expired or not', () => {
    const cache = new PageCache();
    cache.set('/Home', page('old'));
    cache.clear();
    expect(cache.get('/Home')).toBeUndefined();
  });
});
