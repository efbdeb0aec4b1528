import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Answer } from './oracles.js';

export interface Target {
  host: string;
  port: number;
  agent: http.Agent;
}

/** A request over a kept-alive connection, as any HTTP client would send it. */
export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Sends one request and reads the whole answer. `Answer` or the reason none came: a refused or
 * reset connection, or nothing within `giveUpMs` (the request is then abandoned, its socket closed).
 */
export function send(target: Target, request: WireRequest, giveUpMs: number): Promise<Answer | { error: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Answer | { error: string; ms: number }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-length'] = String(request.body.length);
    const req = http.request(
      { host: target.host, port: target.port, method: request.method, path: request.path, headers, agent: target.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on('error', (error) => settle({ error: `answer broken off: ${error.message}`, ms: performance.now() - started }));
      },
    );
    const timer = setTimeout(() => {
      settle({ error: `no answer within ${giveUpMs} ms`, ms: performance.now() - started });
      req.destroy();
    }, giveUpMs);
    req.on('error', (error: NodeJS.ErrnoException) => settle({ error: `connection failed: ${error.code ?? error.message}`, ms: performance.now() - started }));
    req.end(request.body);
  });
}
