import fc from 'fast-check';

/**
 * mulberry32 in the shape of pure-rand's generators, so that fast-check's arbitraries and the fuzz's
 * own choices draw from one seed, and one request can be made again from its run seed and index.
 */
class Mulberry32 {
  constructor(private state: number) {}

  clone(): Mulberry32 {
    return new Mulberry32(this.state);
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) | 0;
  }

  getState(): readonly number[] {
    return [this.state];
  }
}

/** The seed of request `index` of a run: requests do not share a stream, so each can be made alone. */
export function requestSeed(runSeed: number, index: number): number {
  let h = Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h | 0;
}

/** A seeded source of choices and of values drawn from fast-check arbitraries. */
export class Rng {
  readonly random: fc.Random;

  constructor(seed: number) {
    this.random = new fc.Random(new Mulberry32(seed));
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return this.random.nextInt(min, max);
  }

  chance(probability: number): boolean {
    return this.random.nextInt(0, 999_999) < probability * 1_000_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[this.int(0, items.length - 1)];
  }

  /** One item, chosen by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.int(0, total - 1);
    for (const [item, weight] of items) {
      if (roll < weight) return item;
      roll -= weight;
    }
    return items[items.length - 1][0];
  }

  /**
   * A value of an arbitrary. Biased draws (fast-check's small sizes and edge values first) alternate
   * with unbiased ones, as fast-check's own runner does over a run.
   */
  draw<T>(arbitrary: fc.Arbitrary<T>): T {
    return arbitrary.generate(this.random, this.pick([undefined, 2, 4, 16])).value;
  }
}
