import { Redis } from 'ioredis';
import type { CounterStore } from './counters.js';

/**
 * The counters in Redis, shared by every instance. In a module of its own, which the server loads
 * only when `REDIS_URL` is set: ioredis is 1-2 MB of heap a server without Redis does not need
 * (docs/decisions/0066).
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'portico:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
      [unknown, number],
    ];
    return count;
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async release(key: string): Promise<void> {
    // Only a key that still exists (and so keeps its expiry) is taken down; never below zero.
    await this.redis.eval(
      "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
      1,
      this.prefix + key,
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async lock(key: string, ms: number): Promise<void> {
    await this.redis.set(`${this.prefix}lock:${key}`, '1', 'PX', ms);
  }

  async isLocked(key: string): Promise<boolean> {
    return (await this.redis.exists(`${this.prefix}lock:${key}`)) === 1;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
