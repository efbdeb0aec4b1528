import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * nginx beside Portico (issue 22): each measured page's exact answer, saved from Portico as the load
 * generator receives it (no Accept-Encoding, so the same encoding and bytes), is served by nginx with
 * one worker on a spare loopback port, so that a page's throughput is compared with a server that
 * does nothing but send that answer: the same body and the same headers (its security policy, Vary,
 * and a fresh request id each time), which the load generator parses byte by byte on both sides
 * (docs/decisions/0064). The bench installs nothing: without Debian's nginx at
 * `/usr/sbin/nginx` (`apt-get install nginx`) it says so and these ratios are not measured.
 */
export const NGINX = '/usr/sbin/nginx';

export const nginxAvailable = () => fs.existsSync(NGINX);

export interface SavedPage {
  /** The page's path and query on Portico, as measured. */
  path: string;
  body: Buffer;
  contentType: string;
  contentEncoding: string | null;
  /**
   * The answer's other headers, as sent, but for those nginx writes itself (its type, length and
   * date) or that describe the connection; `x-request-id` is left out too and nginx sends a fresh one.
   */
  headers: [name: string, value: string][];
}

/** Headers nginx writes on its own for every answer, or that belong to the connection, not the page. */
const NGINX_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

/** The page's answer as autocannon gets it: a plain GET, no Accept-Encoding. */
export function savePage(base: string, pagePath: string): Promise<SavedPage> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pagePath}`, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${pagePath} answered ${res.statusCode}`));
        resolve({
          path: pagePath,
          body: Buffer.concat(chunks),
          contentType: String(res.headers['content-type'] ?? 'text/html; charset=utf-8'),
          contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          headers: pairs(res.rawHeaders).filter(([name]) => !NGINX_OWN.has(name.toLowerCase())),
        });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

function pairs(raw: string[]): [string, string][] {
  const list: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) list.push([raw[i], raw[i + 1]]);
  return list;
}

/**
 * A value as an nginx string: quoted, with its quotes and backslashes escaped, and each `$` (which
 * nginx would read as a variable) written as `${dollar}`, a variable that holds one (set below).
 */
export function nginxString(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\$/g, '${dollar}')}"`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Nginx {
  pages: SavedPage[];
  /** The address nginx serves `page` at. */
  urlOf(page: SavedPage): string;
  stop(): Promise<void>;
}

/** nginx in the foreground with one worker, serving only the saved pages; stopped with its master. */
export async function startNginx(pages: SavedPage[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-bench-nginx-'));
  // Started as root, nginx's worker runs as another user, which must be able to read the pages.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const locations = pages.map((page, i) => {
    fs.writeFileSync(path.join(dir, `page-${i}`), page.body, { mode: 0o644 });
    // `always` keeps each header on every status, as Portico's answer had them.
    const headers = page.headers.map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`).join(' ');
    return `location = /page-${i} { types { } default_type ${nginxString(page.contentType)}; ${headers} add_header x-request-id $request_id always; alias ${path.join(dir, `page-${i}`)}; }`;
  });
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  sendfile on; tcp_nopush on; keepalive_requests 1000000;',
      // No ETag of its own: Portico's pages carry none, and each header is parsed by the generator.
      '  etag off;',
      "  geo $dollar { default \"$\"; }",
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
      `  server { listen 127.0.0.1:${port}; ${locations.join(' ')} }`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    try {
      if (pages.length === 0 || (await savePage(base, '/page-0')).body.equals(pages[0].body)) break;
    } catch {
      if (Date.now() > deadline) {
        // SIGTERM: the master stops its worker too (a killed master would leave it behind).
        child.kill('SIGTERM');
        throw new Error(`nginx did not start in time: ${errors}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    pages,
    urlOf: (page) => `${base}/page-${pages.indexOf(page)}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
