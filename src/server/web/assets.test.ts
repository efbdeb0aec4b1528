import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsEncoding } from '../http/encoding.js';
import { loadAssets, serveBuiltFiles } from './assets.js';

const script = `export const greeting = ${JSON.stringify('你好, Portico. '.repeat(200))};\n`;

/** A built client: a hashed script with its compressed variants, a favicon, a manifest, a large file. */
function buildClient(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-assets-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(path.join(root, 'assets', 'app-Ab12_x.js'), script);
  fs.writeFileSync(path.join(root, 'assets', 'app-Ab12_x.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(root, 'assets', 'app-Ab12_x.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(root, 'zz-large.css'), `body{color:red}${' '.repeat(40_000)}`);
  return root;
}

describe('built files served from memory', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = buildClient();
    app = Fastify();
    // The budget holds the script and the favicon; the large stylesheet stays on disk.
    await serveBuiltFiles(app, root, 20_000);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends a hashed script with its type, a year-long immutable lifetime and a validator', async () => {
    const res = await app.inject({ url: '/assets/app-Ab12_x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('sends the variant compressed at build time that the browser accepts', async () => {
    const br = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 4);

    const gzip = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers 304 when the browser already holds the file', async () => {
    const first = await app.inject({ url: '/assets/app-Ab12_x.js' });
    const byTag = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'if-modified-since': String(first.headers['last-modified']) } });
    expect(byDate.statusCode).toBe(304);
    const stale = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'if-none-match': 'W/"0-0"' } });
    expect(stale.statusCode).toBe(200);
    const older = await app.inject({ url: '/assets/app-Ab12_x.js', headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
    expect(older.statusCode).toBe(200);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-length']).toBe(String('<svg xmlns="http://www.w3.org/2000/svg"/>'.length));
    expect(res.body).toBe('');
  });

  it('still serves files past the memory budget, from disk', async () => {
    const { assets, onDisk } = loadAssets(root, 20_000);
    expect([...assets.keys()]).toEqual(['/assets/app-Ab12_x.js', '/favicon.svg']);
    expect(assets.get('/assets/app-Ab12_x.js')?.br).toBeDefined();
    expect(onDisk).toEqual(['/zz-large.css']);
    const res = await app.inject({ url: '/zz-large.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/css');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith('body{color:red}')).toBe(true);
  });

  it('keeps build manifests and unknown paths private', async () => {
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/app-Ab12_x.js.br' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('acceptsEncoding', () => {
  it('reads names, wildcards and zero weights', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding('BR;Q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('*, gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
    expect(acceptsEncoding('brotli', 'br')).toBe(false);
  });
});
