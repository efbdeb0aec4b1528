import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve('autocannon/autocannon.js');

export interface LoadSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

/** One autocannon run in its own process, so the load generator never shares the server's event loop. */
function autocannon(spec: LoadSpec, connections: number, seconds: number): Promise<Record<string, any>> {
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), '-t', '10', '-m', spec.method ?? 'GET'];
  const headers = { ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }), ...spec.headers };
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (spec.body !== undefined) args.push('-b', JSON.stringify(spec.body));
  args.push(spec.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
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

/** A short warm-up, then the measured run: 50 connections for 10 s unless told otherwise. */
export async function load(spec: LoadSpec, options: { connections?: number; seconds?: number; warmupSeconds?: number } = {}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  await autocannon(spec, connections, options.warmupSeconds ?? 2);
  const r = await autocannon(spec, connections, options.seconds ?? 10);
  return {
    name: spec.name,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    non2xx: r.non2xx ?? 0,
    errors: r.errors ?? 0,
    timeouts: r.timeouts ?? 0,
    total: r.requests.total,
  };
}
