import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { UploadLoop } from './uploads.js';

const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve('autocannon/autocannon.js');
/** Keeps the generator from decoding the answers it never reads (see the file). */
const UNREAD_BODIES = fileURLToPath(new URL('./unread-bodies.mjs', import.meta.url));

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** How long the run is measured, and warmed up before, where the scenario says so. */
  seconds?: number;
  warmupSeconds?: number;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests answered in the measured run; 0 means there is no measurement. */
  total: number;
  /** How long the server took, after the run, to answer a trivial request again (its backlog). */
  drainMs: number;
  /** The server's peak RSS so far, read after this scenario: shows which scenario raised it. */
  serverPeakRssMb?: number;
  /** For a scenario with uploads beside it: what they did. */
  uploads?: UploadLoop;
}

/** One autocannon run in its own process, so the load generator never shares the server's event loop. */
function autocannon(spec: LoadSpec, connections: number, seconds: number): Promise<Record<string, any>> {
  const args = ['--import', UNREAD_BODIES, AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), '-t', '10', '-m', spec.method ?? 'GET'];
  const headers = { ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }), ...spec.headers };
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (spec.body !== undefined) args.push('-b', JSON.stringify(spec.body));
  args.push(spec.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    // Bounded in time: a run that does not end on its own is killed, and reported as failed.
    const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      clearTimeout(killer);
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon failed (${code}) for ${spec.name}: ${err.slice(-500)}`));
      }
    });
  });
}

/**
 * Waits until the server answers a trivial request again: requests still queued when a run stops
 * (a slow scenario leaves up to one per connection) must not be billed to the next scenario.
 */
async function drain(url: string, limitMs = 60_000): Promise<number> {
  const started = Date.now();
  const probe = new URL('/healthz', url).toString();
  while (Date.now() - started < limitMs) {
    try {
      const t = Date.now();
      const res = await fetch(probe, { signal: AbortSignal.timeout(limitMs) });
      await res.arrayBuffer();
      if (Date.now() - t < 50) break;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** A short warm-up, then the measured run: 50 connections for 10 s unless told otherwise. */
export async function load(spec: LoadSpec, options: { connections?: number; seconds?: number; warmupSeconds?: number } = {}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  await autocannon(spec, connections, options.warmupSeconds ?? 2);
  await drain(spec.url);
  let r: Record<string, any> | undefined;
  try {
    r = await autocannon(spec, connections, options.seconds ?? 10);
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
  }
  const drainMs = await drain(spec.url);
  const total = r?.requests?.total ?? 0;
  return {
    name: spec.name,
    requestsPerSecond: total ? Math.round(r!.requests.average) : 0,
    latencyP50: total ? r!.latency.p50 : 0,
    latencyP99: total ? r!.latency.p99 : 0,
    non2xx: r?.non2xx ?? 0,
    errors: r?.errors ?? 0,
    timeouts: r?.timeouts ?? 0,
    total,
    drainMs,
  };
}
