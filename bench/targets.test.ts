import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.js';
import { ratioOf, targetsOf } from './targets.js';
import type { EngineRun } from './targets.js';

const load = (name: string, requestsPerSecond: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  name,
  requestsPerSecond,
  latencyP50: 2,
  latencyP99: 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  total: requestsPerSecond * 10,
  drainMs: 0,
  ...extra,
});

const STATIC = 'ceiling: static asset';
const JSON_ROUTE = 'ceiling: trivial JSON route';

function run(results: LoadResult[], extra: Partial<EngineRun> = {}): EngineRun {
  return {
    engine: 'sqlite',
    results,
    growth: [
      { rows: 20_000, p50: 10, p99: 20, requestsPerSecond: 3000, total: 30_000 },
      { rows: 200_000, p50: 12, p99: 30, requestsPerSecond: 2800, total: 28_000 },
    ],
    peakRssMb: 200,
    pageWeights: [{ path: '/Home', jsBytes: 1000, cssBytes: 2000, fcpMs: 700, lcpMs: 900 }],
    ...extra,
  };
}

const find = (targets: ReturnType<typeof targetsOf>, text: string) => targets.find((t) => t.target.includes(text))!;

describe('bench targets', () => {
  it('divides a scenario by the higher of the ceiling runs just before and after it, not by distant ones', () => {
    const home = load('page: /Home', 9000);
    const news = load('page: /News', 6000);
    const query = load('api: News/Query page 1', 8000);
    const r = run([
      load(STATIC, 30_000), // far from /News: must not count for it
      home,
      load(STATIC, 10_000),
      news,
      load(STATIC, 12_000),
      load(JSON_ROUTE, 16_000),
      query,
      load(JSON_ROUTE, 20_000),
    ]);
    expect(ratioOf(r, home)).toBe(0.3);
    expect(ratioOf(r, news)).toBe(0.5);
    expect(ratioOf(r, query)).toBe(0.4);
    const targets = targetsOf(r);
    expect(find(targets, '/Home throughput')).toMatchObject({ value: 0.3, met: false });
    expect(find(targets, '/News throughput')).toMatchObject({ value: 0.5, met: true });
    expect(find(targets, 'News/Query page 1 throughput')).toMatchObject({ value: 0.4, met: true });
    expect(find(targets, 'News/Query page 1 p99')).toMatchObject({ value: 10, met: true });
  });

  it('never counts a scenario that refused or dropped requests as met', () => {
    const query = load('api: Job/Latest', 20_000, { non2xx: 3, latencyP99: 5 });
    const targets = targetsOf(run([load(JSON_ROUTE, 20_000), query, load(JSON_ROUTE, 20_000)]));
    expect(find(targets, 'Job/Latest throughput')).toMatchObject({ value: 1, met: false });
    expect(find(targets, 'Job/Latest p99')).toMatchObject({ value: 5, met: false });
  });

  it('reports a scenario without a ceiling beside it as not measured', () => {
    const targets = targetsOf(run([load('page: /Jobs', 9000)]));
    expect(find(targets, '/Jobs throughput')).toMatchObject({ value: null, met: false });
  });

  it('holds growth, memory, script weight and paint to their limits', () => {
    const staff = load('staff: JobApplication/Query (status + keyword + sort)', 3000, { latencyP99: 51 });
    const targets = targetsOf(
      run([staff], {
        growth: [
          { rows: 20_000, p50: 10, p99: 20, requestsPerSecond: 3000, total: 30_000 },
          { rows: 200_000, p50: 25, p99: 40, requestsPerSecond: 2000, total: 20_000 },
          { rows: 2_000_000, p50: 240, p99: 400, requestsPerSecond: 200, total: 2_000 },
        ],
        peakRssMb: 251,
        pageWeights: [
          { path: '/Home', jsBytes: 101 * 1024, cssBytes: 2000, fcpMs: 700, lcpMs: 1001 },
          { path: '/NewsManagement/list-news', jsBytes: 500 * 1024, cssBytes: 2000, fcpMs: 900, lcpMs: 900 },
        ],
      }),
    );
    expect(find(targets, 'JobApplication/Query p99 ms at 200,000')).toMatchObject({ value: 51, met: false });
    expect(find(targets, '20,000 → 200,000')).toMatchObject({ value: 2.5, limit: '< 2.5', met: false });
    expect(find(targets, '20,000 → 2,000,000')).toMatchObject({ value: 24, limit: '< 25', met: true });
    expect(find(targets, 'peak RSS')).toMatchObject({ value: 251, met: false });
    expect(find(targets, 'first-load JS KB /Home')).toMatchObject({ met: false });
    // The back-office is not a public page: its scripts are reported, not held to the public budget.
    expect(targets.some((t) => t.target.includes('JS KB /NewsManagement'))).toBe(false);
    expect(find(targets, 'LCP ms /Home')).toMatchObject({ value: 1001, met: false });
  });

  it('turns a browser that could not start into a target missed, not a silent gap', () => {
    const targets = targetsOf(run([], { pageWeights: [], browserError: 'no chromium' }));
    expect(find(targets, 'browser failed: no chromium')).toMatchObject({ value: null, met: false });
  });
});
