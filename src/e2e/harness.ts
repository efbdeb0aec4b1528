import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const E2E_ADMIN_PASSWORD = 'admin-password-1';

export interface Portico {
  url: string;
  dataDir: string;
  pid: number;
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
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'dist/server/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // As `npm start` runs it (scripts/serve.mjs): a fixed mmap threshold for glibc's allocator.
      MALLOC_MMAP_THRESHOLD_: '131072',
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

/** A new browser context in the given language, collecting console errors of its pages. */
export async function newContext(browser: Browser, locale = 'zh-CN', options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ locale, extraHTTPHeaders: { 'Accept-Language': locale }, ...options });
  const consoleErrors: string[] = [];
  context.on('page', (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  });
  return { context, consoleErrors };
}
