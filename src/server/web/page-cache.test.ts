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

  /** A render that finishes when the test says so, counting how often it was started. */
  function controlledRender(result: CachedPage) {
    let finish!: () => void;
    let fail!: () => void;
    const started = { count: 0 };
    const gate = new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = () => reject(new Error('render failed'));
    });
    gate.catch(() => undefined);
    const render = async () => {
      started.count += 1;
      await gate;
      return result;
    };
    return { render, started, finish, fail };
  }

  it('renders a page once for the requests that arrive while it is being rendered, and keeps it', async () => {
    const cache = new PageCache();
    const first = controlledRender(page('home'));
    const answers = Promise.all(Array.from({ length: 5 }, () => cache.through('/Home', first.render)));
    first.finish();
    expect((await answers).map((p) => p.body.toString())).toEqual(Array(5).fill('home'));
    expect(first.started.count).toBe(1);
    expect(cache.get('/Home')?.body.toString()).toBe('home');
  });

  it('lets the waiting requests render for themselves when the shared render fails or is personal', async () => {
    const cache = new PageCache();
    const failing = controlledRender(page('never'));
    const leader = cache.through('/Home', failing.render).catch((error: Error) => error.message);
    const own = controlledRender(page('own'));
    const follower = cache.through('/Home', own.render);
    failing.fail();
    own.finish();
    expect(await leader).toBe('render failed');
    expect((await follower).body.toString()).toBe('own');

    const personal = controlledRender({ status: 200, headers: [['set-cookie', 'a=1']], body: Buffer.from('mine') });
    const cache2 = new PageCache();
    const first = cache2.through('/News', personal.render);
    const second = controlledRender(page('theirs'));
    const other = cache2.through('/News', second.render);
    personal.finish();
    second.finish();
    expect((await first).body.toString()).toBe('mine');
    expect((await other).body.toString()).toBe('theirs');
  });

  it('neither shares nor keeps a render begun before clear()', async () => {
    const cache = new PageCache();
    const before = controlledRender(page('old'));
    const stale = cache.through('/Home', before.render);
    cache.clear();
    const after = controlledRender(page('new'));
    const fresh = cache.through('/Home', after.render);
    after.finish();
    expect((await fresh).body.toString()).toBe('new');
    before.finish();
    expect((await stale).body.toString()).toBe('old');
    expect(after.started.count).toBe(1);
    expect(cache.get('/Home')?.body.toString()).toBe('new');
  });

  it('forgets everything on clear(), expired or not', () => {
    const cache = new PageCache();
    cache.set('/Home', page('old'));
    cache.clear();
    expect(cache.get('/Home')).toBeUndefined();
  });
});
