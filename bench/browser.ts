import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** An image as the page loaded it: its address, its type as served, and its width against the width drawn. */
export interface LoadedImage {
  url: string;
  /** The response's content type (`image/avif`), null when the browser did not fetch it over the network. */
  mimeType: string | null;
  /** The variant's width, from its address `/api/Media/{id}/{width}.{format}`; null for any other address. */
  width: number | null;
  /** The width it is drawn at, in device pixels. */
  shownWidth: number;
  /** The widths its `srcset` offered. */
  offered: number[];
}

export interface PageWeight {
  path: string;
  jsBytes: number;
  cssBytes: number;
  fcpMs: number | null;
  lcpMs: number | null;
  /** Cumulative layout shift up to the end of the load (shifts without recent input); of several loads, the largest. */
  cls?: number | null;
  /** The image the LCP element loaded, if it was an image. */
  lcpImage?: LoadedImage | null;
  /** The opening hero's image, if the page has one. */
  heroImage?: LoadedImage | null;
}

/** `/api/Media/12/640.webp` → 640. */
export const variantWidthOf = (url: string): number | null => {
  const match = /\/api\/Media\/\d+\/(\d+)\.[a-z]+(?:$|[?#])/.exec(url);
  return match ? Number(match[1]) : null;
};

type Drawn = { url: string; shownWidth: number; offered: number[] };

/**
 * Read in the page once it has loaded: FCP, LCP (and the image its element loaded), CLS as the Web
 * Vitals count it at load (every shift not caused by the visitor's input), and the opening hero's
 * image. Plain JavaScript as text: the TypeScript runner would otherwise wrap its named functions in
 * a helper the page does not have.
 */
const PAINT_SCRIPT = `new Promise((resolve) => {
  const drawn = (img, src) => img && src ? {
    url: src,
    shownWidth: Math.round(img.getBoundingClientRect().width * devicePixelRatio),
    offered: (img.srcset || '').split(',').map((c) => Number((/\\s(\\d+)w$/.exec(c.trim()) || [])[1])).filter((w) => w > 0),
  } : null;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  let lcp = null;
  let lcpImage = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      lcp = entry.startTime;
      lcpImage = entry.element instanceof HTMLImageElement ? drawn(entry.element, entry.url) : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const hero = document.querySelector('.hero-image img, img.hero-image');
  setTimeout(() => resolve({ fcp, lcp, cls, lcpImage, heroImage: drawn(hero, hero ? hero.currentSrc : '') }), 300);
})`;

/**
 * First load of a page in a fresh context, CPU throttled 4×: compressed JS/CSS bytes, FCP, LCP, CLS
 * and the images that matter. A page drawn by its scripts names what shows it is drawn (`ready`, a
 * selector): the network falls quiet while the scripts run, so without it the paint times would be
 * read before the page has its content.
 */
async function measure(page: Page, url: string, ready?: string): Promise<Omit<PageWeight, 'path'>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const responses = new Map<string, { type: string; headerBytes: number }>();
  const mimeTypes = new Map<string, string>();
  let jsBytes = 0;
  let cssBytes = 0;
  // Bytes on the wire of each body (compressed as sent): the request's total less its headers.
  cdp.on('Network.responseReceived', (e) => {
    responses.set(e.requestId, { type: e.type, headerBytes: e.response.encodedDataLength });
    mimeTypes.set(e.response.url, e.response.mimeType);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const response = responses.get(e.requestId);
    if (!response) return;
    const body = Math.max(0, e.encodedDataLength - response.headerBytes);
    if (response.type === 'Script') jsBytes += body;
    if (response.type === 'Stylesheet') cssBytes += body;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) await page.waitForSelector(ready, { state: 'visible', timeout: 30_000 });
  const paint = (await page.evaluate(PAINT_SCRIPT)) as { fcp: number | null; lcp: number | null; cls: number; lcpImage: Drawn | null; heroImage: Drawn | null };
  const loaded = (image: Drawn | null): LoadedImage | null =>
    image && { ...image, mimeType: mimeTypes.get(image.url) ?? null, width: variantWidthOf(image.url) };
  return {
    jsBytes,
    cssBytes,
    fcpMs: paint.fcp === null ? null : Math.round(paint.fcp),
    lcpMs: paint.lcp === null ? null : Math.round(paint.lcp),
    cls: Math.round(paint.cls * 10_000) / 10_000,
    lcpImage: loaded(paint.lcpImage),
    heroImage: loaded(paint.heroImage),
  };
}

/** Loads of each page; paint times are their median, so one hiccup of a shared machine does not decide. */
const LOADS_PER_PAGE = 5;

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  return known.length ? known[Math.floor(known.length / 2)] : null;
}

/**
 * Each load in a fresh context (a first visit), prepared by `prepare` (a signed-in tab's storage, for
 * a back-office screen); bytes and images from the first load, paint times the median, layout shift
 * the largest (a target of 0 must hold on every load).
 */
async function measureFirstVisits(browser: Browser, url: string, prepare?: (context: BrowserContext) => Promise<unknown>, ready?: string): Promise<Omit<PageWeight, 'path'>> {
  const loads: Omit<PageWeight, 'path'>[] = [];
  for (let i = 0; i < LOADS_PER_PAGE; i++) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await prepare?.(context);
    loads.push(await measure(await context.newPage(), url, ready));
    await context.close();
  }
  const shifts = loads.map((l) => l.cls).filter((c): c is number => typeof c === 'number');
  return { ...loads[0], fcpMs: median(loads.map((l) => l.fcpMs)), lcpMs: median(loads.map((l) => l.lcpMs)), cls: shifts.length ? Math.max(...shifts) : null };
}

/**
 * The pages are Chinese, and a zh-CN visitor's machine has a Chinese font. Without one, Chromium
 * looks through every font for each glyph and paints the Chinese text later: `/Home`'s LCP was
 * 1,068-1,680 ms in three runs without one, 920-1,020 ms in four loads with one.
 */
function warnWithoutChineseFont() {
  let fonts = '';
  try {
    fonts = execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  } catch {
    return; // no fontconfig to ask
  }
  if (!fonts.trim()) process.stdout.write('bench: warning: no Chinese font installed (Debian: apt-get install fonts-noto-cjk); paint times will be late\n');
}

/** Debian's headless shell (`apt-get install chromium-headless-shell`), Playwright's own browser for headless runs. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser that measures: `CHROMIUM_PATH` if set, else the headless shell if installed, else
 * Debian's Chromium. Chromium's own `--headless` is the whole browser without a window: each new
 * context also builds its browser UI (the address bar's popup is a web page of its own), and on
 * two cores that work competed with the page measured, adding ~480 ms to every first paint under
 * the 4× throttle (decision 0069). The shell is the same engine without the UI.
 */
export function browserPath(exists: (file: string) => boolean = fs.existsSync): string {
  return process.env.CHROMIUM_PATH ?? (exists(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
}

export interface PageMeasures {
  /** The browser that measured, as its file and version (`chromium-headless-shell 156.0.8078.108`). */
  browser: string;
  pages: PageWeight[];
}

/** A back-office screen, opened by a signed-in tab; `ready` is what shows it is drawn (its list's rows). */
export interface StaffPage {
  path: string;
  token: string;
  user: unknown;
  ready: string;
}

export async function measurePages(base: string, paths: string[], staff: StaffPage[]): Promise<PageMeasures> {
  warnWithoutChineseFont();
  const executablePath = browserPath();
  const browser = await chromium.launch({ executablePath, args: FLAGS });
  const results: PageWeight[] = [];
  const name = `${executablePath.split('/').pop()} ${browser.version()}`;
  try {
    // A browser's very first page also pays for starting its renderer and loading fonts: warm it up
    // on a page that is not measured.
    const warmUp = await browser.newContext({ locale: 'zh-CN' });
    await (await warmUp.newPage()).goto(`${base}/privacy`, { waitUntil: 'networkidle' });
    await warmUp.close();
    for (const path of paths) results.push({ path, ...(await measureFirstVisits(browser, base + path)) });
    // A back-office screen as a signed-in tab opens it, as often as a public page, for the same median.
    for (const s of staff) {
      const signedIn = (context: BrowserContext) =>
        context.addInitScript(
          ([token, user]) => {
            sessionStorage.setItem('portico.token', token as string);
            localStorage.setItem('portico.user', JSON.stringify(user));
          },
          [s.token, s.user],
        );
      results.push({ path: s.path, ...(await measureFirstVisits(browser, base + s.path, signedIn, s.ready)) });
    }
  } finally {
    await browser.close();
  }
  return { browser: name, pages: results };
}
