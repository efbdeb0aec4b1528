/**
 * The bench's targets (issue 5), computed from one engine's measurements. Kept apart from the runner
 * so that how a figure becomes "met" is tested without loading a server.
 */
import type { LoadResult } from './load.js';
import type { LoadedImage, PageWeight } from './browser.js';

export interface Target {
  target: string;
  /** A figure, or for a choice (an image's format and width) what was seen, as text. */
  value: number | string | null;
  limit: string;
  met: boolean;
}

/** One engine's measurements, in the order they were taken. */
export interface EngineRun {
  engine: 'sqlite' | 'postgres';
  results: LoadResult[];
  growth: { rows: number; p50: number; p99: number; requestsPerSecond: number; total: number }[];
  peakRssMb: number;
  /** The peak over every scenario but the image uploads (which have their own limit); the whole peak when absent. */
  peakRssWithoutUploadsMb?: number;
  /**
   * The peak of the servers that made image variants before the load scenarios (the home page's
   * hero photo, uploaded and resized in twelve variants): an image upload too, held to its limit.
   */
  peakRssImageSetupMb?: number;
  /** Whether nginx was there to serve each page's saved answer beside it (`nginx: /Home`). */
  nginx?: boolean;
  pageWeights: PageWeight[];
  /** The browser that measured the pages, with its version (`browserPath`, bench/browser.ts). */
  browser?: string;
  browserError?: string;
}

/**
 * The matching ceiling's throughput: of its runs just before and just after the scenario, the higher,
 * so that a ratio errs on the low side.
 */
function ceilingRate(run: EngineRun, r: LoadResult, name: string) {
  const at = run.results.indexOf(r);
  const before = run.results.slice(0, at).reverse().find((c) => c.name === name);
  const after = run.results.slice(at + 1).find((c) => c.name === name);
  return Math.max(0, before?.requestsPerSecond ?? 0, after?.requestsPerSecond ?? 0);
}

/** A scenario counts as measured only if it answered, and answered every request well. */
const clean = (r: LoadResult) => r.total > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;

export function ratioOf(run: EngineRun, r: LoadResult): number | null {
  const ceiling = r.name.startsWith('page: ') || r.name.startsWith('mixed: ') ? ceilingRate(run, r, 'ceiling: static asset') : r.name.startsWith('api: ') ? ceilingRate(run, r, 'ceiling: trivial JSON route') : 0;
  return ceiling > 0 && r.total > 0 ? round(r.requestsPerSecond / ceiling) : null;
}

/** A page's throughput over nginx's sending its exact answer, run just before and just after it. */
export function nginxRatioOf(run: EngineRun, r: LoadResult): number | null {
  if (!r.name.startsWith('page: ')) return null;
  const nginx = ceilingRate(run, r, `nginx: ${r.name.slice('page: '.length)}`);
  return nginx > 0 && r.total > 0 ? round(r.requestsPerSecond / nginx) : null;
}

/**
 * The median of a scenario's ratios over its runs (the mean of the middle two when they are even);
 * not measured when any run has no ratio.
 */
export function medianRatio(ratios: (number | null)[]): number | null {
  if (ratios.length === 0 || ratios.some((r) => r === null)) return null;
  const sorted = (ratios as number[]).slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** The formats a hero image should come in: the modern ones, several times smaller than JPEG. */
const MODERN_IMAGE_TYPES = ['image/avif', 'image/webp'];

/**
 * Whether an image came as AVIF or WebP at the width it is drawn: the variant loaded is at least as
 * wide as the device pixels it fills (unless none offered is) and less than twice as wide (unless it is
 * the narrowest offered). An image not from the library (no variant width) never fits.
 */
export function fitsLayout(image: LoadedImage): boolean {
  const { width, shownWidth, offered } = image;
  if (width === null || !MODERN_IMAGE_TYPES.includes(image.mimeType ?? '')) return false;
  const widest = Math.max(width, ...offered);
  const narrowest = Math.min(width, ...offered);
  return (width >= shownWidth || width === widest) && (width < 2 * shownWidth || width === narrowest);
}

/** `image/webp, 640 w for 480 px`, the figure a reader checks the target against. */
export const describeImage = (image: LoadedImage) =>
  `${image.mimeType ?? 'not fetched'}, ${image.width === null ? image.url : `${image.width} w`} for ${image.shownWidth} px`;

export function targetsOf(run: EngineRun): Target[] {
  const targets: Target[] = [];
  const push = (target: string, value: number | string | null, limit: string, met: boolean) =>
    targets.push({ target: `${run.engine}: ${target}`, value, limit, met: value !== null && met });
  const pages = [...new Set(run.results.filter((r) => r.name.startsWith('page: ')).map((r) => r.name))];
  for (const name of pages) {
    // A page runs several times, each between runs of nginx: its figure is the median of its runs'.
    const runs = run.results.filter((r) => r.name === name);
    const measured = runs.every(clean);
    const ratio = medianRatio(runs.map((r) => ratioOf(run, r)));
    // Issue 16: a page, settings and blocks included, at 0.8 of a static file of the same server.
    push(`${name} throughput / static asset`, ratio, '>= 0.8', measured && ratio !== null && ratio >= 0.8);
    // Issue 22: half of nginx sending the same bytes. Without nginx it is reported as not measured.
    const nginx = medianRatio(runs.map((r) => nginxRatioOf(run, r)));
    push(`${name} throughput / nginx on the same bytes`, nginx, '>= 0.5', measured && nginx !== null && nginx >= 0.5);
  }
  for (const r of run.results.filter((r) => r.name.startsWith('api: '))) {
    const ratio = ratioOf(run, r);
    push(`${r.name} throughput / trivial JSON`, ratio, '>= 0.75', clean(r) && ratio !== null && ratio >= 0.75);
    push(`${r.name} p99 ms`, r.total > 0 ? r.latencyP99 : null, '<= 25', clean(r) && r.latencyP99 <= 25);
  }
  const staffQuery = run.results.find((r) => r.name.startsWith('staff: JobApplication'));
  if (staffQuery) {
    push('JobApplication/Query p99 ms at 200,000 rows', staffQuery.total > 0 ? staffQuery.latencyP99 : null, '<= 50', clean(staffQuery) && staffQuery.latencyP99 <= 50);
  }
  const first = run.growth[0];
  for (const g of run.growth.slice(1)) {
    const measured = first.total > 0 && g.total > 0 && first.p50 > 0;
    const factor = measured ? round(g.p50 / first.p50) : null;
    const rowsFactor = g.rows / first.rows;
    // "Far slower than the row count": the p50 grows by less than a quarter of the rows' factor.
    push(
      `JobApplication/Query p50 growth ${first.rows.toLocaleString('en')} → ${g.rows.toLocaleString('en')} rows (rows ×${rowsFactor})`,
      factor,
      `< ${rowsFactor / 4}`,
      factor !== null && factor < rowsFactor / 4,
    );
  }
  for (const r of run.results.filter((r) => r.name.startsWith('mixed: '))) {
    // Measured only if the uploads ran beside the pages, every one of them stored and resized.
    const measured = clean(r) && r.uploads !== undefined && r.uploads.uploads > 0 && r.uploads.failures === 0;
    push(`${r.name} p99 ms`, r.total > 0 ? r.latencyP99 : null, '<= 25', measured && r.latencyP99 <= 25);
    const peak = Math.max(r.serverPeakRssMb ?? 0, run.peakRssImageSetupMb ?? 0);
    push(`${r.name} server peak RSS MB (and the hero photo's upload)`, peak > 0 ? peak : null, '<= 250', measured && peak > 0 && peak <= 250);
  }
  // Issue 22: 200 MB over every scenario but the image uploads, which keep their own 250 MB above.
  const peak = run.peakRssWithoutUploadsMb ?? run.peakRssMb;
  push('server peak RSS MB (every scenario but image uploads)', peak > 0 ? peak : null, '<= 200', peak > 0 && peak <= 200);
  for (const w of run.pageWeights) {
    if (w.path !== BACK_OFFICE_PAGE) push(`first-load JS KB ${w.path.split('?')[0]}`, round(w.jsBytes / 1024), '<= 100', w.jsBytes > 0 && w.jsBytes <= 100 * 1024);
  }
  // Issue 21, "half the weight": the back-office's first load, measured on its busiest list.
  const backOffice = run.pageWeights.find((w) => w.path === BACK_OFFICE_PAGE);
  if (backOffice) {
    push(`first-load JS KB ${BACK_OFFICE_PAGE}`, round(backOffice.jsBytes / 1024), '<= 220', backOffice.jsBytes > 0 && backOffice.jsBytes <= 220 * 1024);
    push(`LCP ms ${BACK_OFFICE_PAGE} (4x CPU throttle)`, backOffice.lcpMs, '<= 1500', backOffice.lcpMs !== null && backOffice.lcpMs <= 1500);
  }
  if (run.browserError) push(`first-load JS and LCP (browser failed: ${run.browserError})`, null, 'measured', false);
  const home = run.pageWeights.find((w) => w.path === '/Home');
  if (home) {
    push('LCP ms /Home (4x CPU throttle)', home.lcpMs, '<= 1000', home.lcpMs !== null && home.lcpMs <= 1000);
    const cls = home.cls ?? null;
    push('CLS /Home (largest of the loads)', cls, '= 0', cls === 0);
    const hero = home.heroImage ?? null;
    push('hero image /Home AVIF or WebP at the width drawn', hero ? describeImage(hero) : null, 'AVIF/WebP, ≥ drawn px, < 2× drawn', hero !== null && fitsLayout(hero));
  }
  return targets;
}

/** The back-office screen whose first load the bench weighs. */
export const BACK_OFFICE_PAGE = '/NewsManagement/list-news';

export const round = (n: number) => Math.round(n * 100) / 100;
