import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface PageWeight {
  path: string;
  jsBytes: number;
  cssBytes: number;
  fcpMs: number | null;
  lcpMs: number | null;
}

/** First load of a page in a fresh context, CPU throttled 4×: compressed JS/CSS bytes, FCP and LCP. */
async function measure(page: Page, url: string): Promise<Omit<PageWeight, 'path'>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const responses = new Map<string, { type: string; headerBytes: number }>();
  let jsBytes = 0;
  let cssBytes = 0;
  // Bytes on the wire of each body (compressed as sent): the request's total less its headers.
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, headerBytes: e.response.encodedDataLength }));
  cdp.on('Network.loadingFinished', (e) => {
    const response = responses.get(e.requestId);
    if (!response) return;
    const body = Math.max(0, e.encodedDataLength - response.headerBytes);
    if (response.type === 'Script') jsBytes += body;
    if (response.type === 'Stylesheet') cssBytes += body;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const paint = await page.evaluate(
    () =>
      new Promise<{ fcp: number | null; lcp: number | null }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        let lcp: number | null = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp }), 300);
      }),
  );
  return { jsBytes, cssBytes, fcpMs: paint.fcp === null ? null : Math.round(paint.fcp), lcpMs: paint.lcp === null ? null : Math.round(paint.lcp) };
}

/** Loads of each page; paint times are their median, so one hiccup of a shared machine does not decide. */
const LOADS_PER_PAGE = 5;

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  return known.length ? known[Math.floor(known.length / 2)] : null;
}

/** Each load in a fresh context (a first visit); bytes from the first load, paint times the median. */
async function measureFirstVisits(browser: Browser, url: string): Promise<Omit<PageWeight, 'path'>> {
  const loads: Omit<PageWeight, 'path'>[] = [];
  for (let i = 0; i < LOADS_PER_PAGE; i++) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    loads.push(await measure(await context.newPage(), url));
    await context.close();
  }
  return { ...loads[0], fcpMs: median(loads.map((l) => l.fcpMs)), lcpMs: median(loads.map((l) => l.lcpMs)) };
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

export async function measurePages(base: string, paths: string[], staff: { path: string; token: string; user: unknown }[]): Promise<PageWeight[]> {
  warnWithoutChineseFont();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
  const results: PageWeight[] = [];
  try {
    // A browser's very first page also pays for starting its renderer and loading fonts: warm it up
    // on a page that is not measured.
    const warmUp = await browser.newContext({ locale: 'zh-CN' });
    await (await warmUp.newPage()).goto(`${base}/privacy`, { waitUntil: 'networkidle' });
    await warmUp.close();
    for (const path of paths) results.push({ path, ...(await measureFirstVisits(browser, base + path)) });
    for (const s of staff) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      await context.addInitScript(
        ([token, user]) => {
          sessionStorage.setItem('portico.token', token as string);
          localStorage.setItem('portico.user', JSON.stringify(user));
        },
        [s.token, s.user],
      );
      const page = await context.newPage();
      results.push({ path: s.path, ...(await measure(page, base + s.path)) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
