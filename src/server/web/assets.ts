import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { acceptsEncoding } from '../http/encoding.js';

/** What a browser is told a built file is; anything else is plain bytes. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** A built file held in memory, with the variants compressed at build time (`scripts/compress-assets.mjs`). */
export interface Asset {
  type: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  modifiedSeconds: number;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Hashed file names never change content: a year, immutable. Other files (the favicon) an hour. */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/** A built file's URL path: its path under `root`, with forward slashes, from the site's root. */
const urlPathOf = (root: string, file: string) => `/${path.relative(root, file).split(path.sep).join('/')}`;

/**
 * Every file under `root` (the built client), by URL path, until `budgetBytes` are held; the files
 * past the budget are listed in `onDisk`. Dot-entries (Vite's manifests) are not public, and the
 * `.br` / `.gz` siblings are variants of their file, not files of their own.
 */
export function loadAssets(root: string, budgetBytes: number): { assets: Map<string, Asset>; onDisk: string[] } {
  const assets = new Map<string, Asset>();
  const onDisk: string[] = [];
  let held = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const urlPath = urlPathOf(root, full);
      const stat = fs.statSync(full);
      const br = fs.statSync(`${full}.br`, { throwIfNoEntry: false });
      const gz = fs.statSync(`${full}.gz`, { throwIfNoEntry: false });
      const size = stat.size + (br?.size ?? 0) + (gz?.size ?? 0);
      if (held + size > budgetBytes) {
        onDisk.push(urlPath);
        continue;
      }
      held += size;
      assets.set(urlPath, {
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: cacheControlFor(urlPath),
        // The form @fastify/static gives, so a browser's kept copy stays valid across the change.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
        modifiedSeconds: Math.floor(stat.mtime.getTime() / 1000),
        body: fs.readFileSync(full),
        br: br && fs.readFileSync(`${full}.br`),
        gzip: gz && fs.readFileSync(`${full}.gz`),
      });
    }
  };
  if (fs.existsSync(root)) walk(root);
  return { assets, onDisk };
}

/** A conditional GET the browser's copy already answers: If-None-Match first, else If-Modified-Since. */
function notModified(request: FastifyRequest, asset: Asset): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(asset.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && asset.modifiedSeconds * 1000 <= since;
}

export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  reply
    .header('content-type', asset.type)
    .header('cache-control', asset.cacheControl)
    .header('vary', 'Accept-Encoding')
    .header('etag', asset.etag)
    .header('last-modified', asset.lastModified);
  if (notModified(request, asset)) return reply.status(304).send();
  const accepted = request.headers['accept-encoding'];
  if (asset.br && acceptsEncoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(asset.br);
  if (asset.gzip && acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/**
 * Serves the built client's files, each at its own path, as they were when the server started.
 * They are held in memory (2.5 MB and its compressed variants for Portico's own build): read from
 * disk on every request, through @fastify/static, an asset cost about three times a trivial JSON
 * answer and a first visit's scripts and styles were the slowest thing the server sent. Files past
 * the budget are still served, from disk.
 */
export async function serveBuiltFiles(app: FastifyInstance, root: string, budgetBytes = 64 * 1024 * 1024) {
  const { assets, onDisk } = loadAssets(root, budgetBytes);
  // A colon would start a route parameter: doubled, it is a colon.
  const route = (url: string) => url.replaceAll(':', '::');
  for (const [url, asset] of assets) {
    app.route({ method: ['GET', 'HEAD'], url: route(url), handler: (request, reply) => sendAsset(request, reply, asset) });
  }
  if (!onDisk.length) return;
  app.log.warn({ files: onDisk.length }, 'built files past the memory budget are served from disk');
  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', cacheControlFor(urlPathOf(root, filePath)));
    },
  });
  for (const url of onDisk) app.route({ method: ['GET', 'HEAD'], url: route(url), handler: (_request, reply) => reply.sendFile(url.slice(1)) });
}
