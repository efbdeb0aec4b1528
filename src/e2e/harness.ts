import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ALLOCATOR_ENV, youngGenerationArgs } from '../server/runtime-settings.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const E2E_ADMIN_PASSWORD = 'admin-password-1';

export interface Portico {
  url: string;
  dataDir: string;
  pid: number;
  /** What the server printed lately (the last 20,000 characters): a one-time password, say. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built Portico server (`npm run build` first) on a free port of 127.0.0.1, on a fresh
 * data folder, with demo content unless PORTICO_DEMO=0 is given.
 */
export async function startPortico(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<Portico> {
  const port = await freePort();
  // A given data folder is the caller's (the benchmarks fill one beforehand) and is kept.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-'));
  // As `npm start` runs it (scripts/serve.mjs), with the settings of src/server/runtime-settings.ts.
  const child: ChildProcess = spawn(process.execPath, [...youngGenerationArgs([]), path.join(ROOT, 'dist/server/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...ALLOCATOR_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTICO_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  // Ready when /readyz answers; the log level is the caller's choice, so the log is not read.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Portico exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Portico did not start in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this machine needs (no downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A Content-Security-Policy violation, as the page's `securitypolicyviolation` event told it. */
interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
}

const CSP_BINDING = '__porticoCspViolation';

/**
 * Runs in every frame before the page's own scripts (an init script is not held to the page's
 * policy) and hands each violation the page reports to the test.
 */
function reportCspViolations(binding: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (violation: CspViolation) => void>)[binding];
    report({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI });
  });
}

/** Chromium's console line for a refusal, for what no event reaches the page with (a refused frame). */
const CSP_CONSOLE_MESSAGE = /Content Security Policy/i;

/** What a test's pages refused under the policy, one line each; none is the only passing answer. */
function cspFailures(violations: CspViolation[], consoleErrors: string[]): string[] {
  return [
    ...violations.map((v) => `${v.page}: ${v.directive} refused ${v.blocked || '(inline)'}`),
    ...consoleErrors.filter((line) => CSP_CONSOLE_MESSAGE.test(line)),
  ];
}

/**
 * Lets reports under way reach the test: an event is dispatched a task after its refusal. A page with
 * JavaScript switched off runs no timer, so the wait is bounded on this side too.
 */
async function settle(context: BrowserContext) {
  const bound = () => new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.all(
    context.pages().map((page) => Promise.race([page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => undefined), bound()])),
  );
}

/**
 * A new browser context in the given language, collecting console errors of its pages and the
 * Content-Security-Policy violations they report. Called inside a test: the test then fails when it
 * ends if any page reported a violation, whatever the test itself checks, so every browser test
 * runs under the real policy. A test that provokes a violation on purpose takes it (`takeCspFailures`).
 */
export async function newContext(browser: Browser, locale = 'zh-CN', options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ locale, extraHTTPHeaders: { 'Accept-Language': locale }, ...options });
  const consoleErrors: string[] = [];
  const cspViolations: CspViolation[] = [];
  await context.exposeBinding(CSP_BINDING, (_source, violation: CspViolation) => void cspViolations.push(violation));
  await context.addInitScript(reportCspViolations, CSP_BINDING);
  context.on('page', (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  });
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await settle(context);
    return close(...args);
  };
  /** The violations reported so far, forgotten once taken: for a test that provokes them on purpose. */
  const takeCspFailures = async () => {
    await settle(context);
    const failures = cspFailures(cspViolations, consoleErrors);
    cspViolations.length = 0;
    const others = consoleErrors.filter((line) => !CSP_CONSOLE_MESSAGE.test(line));
    consoleErrors.splice(0, consoleErrors.length, ...others);
    return failures;
  };
  onTestFinished(async () => {
    const failures = await takeCspFailures();
    if (failures.length) throw new Error(`Content-Security-Policy violations:\n${failures.join('\n')}`);
  });
  return { context, consoleErrors, takeCspFailures };
}

/** Signs in on the sign-in page `page` has been sent to (or is on), as the administrator unless told. */
export async function signInOnLoginPage(page: Page, userName = 'admin', password = E2E_ADMIN_PASSWORD) {
  await page.waitForURL('**/login**');
  await page.locator('[name="userName"]').fill(userName);
  await page.locator('[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}
