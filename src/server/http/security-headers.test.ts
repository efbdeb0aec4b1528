import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { WEB_BUILD_DIR } from '../web/mount.js';
import { NON_PAGE_POLICY, PERMISSIONS_POLICY, inlineScriptHashes, securityHeaders } from './security-headers.js';

/** The script-src sources a policy names besides `'self'`. */
const scriptHashesOf = (policy: string) => /(?:^|; )script-src 'self'((?: '[^']+')*)(?:;|$)/.exec(policy)![1].trim().split(' ').filter(Boolean);

describe('inline script hashes', () => {
  it('hashes a script as Chromium does', () => {
    // Chromium named this hash when it refused this very script in the browser tests.
    expect(inlineScriptHashes('<script>window.injectedScriptRan = true;</script>')).toEqual(["'sha256-p4tOGK8BJj2cpJXB+yTy3S47SHnA9fAy63TFrzjsaEc='"]);
  });

  it('hashes every script the browser runs, once, and no file or data block', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module" async="">import("/assets/x.js")</script>',
      '<SCRIPT type="text/javascript">b()</SCRIPT >',
      '<script type="module" src="/assets/islands.js"></script>',
      '<script type="application/json" data-island-props="form">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
      '<script>a()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes('<script>a()</script><script>import("/assets/x.js")</script><script>b()</script>'));
    expect(inlineScriptHashes(html)).toHaveLength(3);
  });

  it('hashes the text as HTML parses it: line breaks as LF, up to the first closing tag', () => {
    expect(inlineScriptHashes('<script>a();\r\nb();\rc()</script>')).toEqual(inlineScriptHashes('<script>a();\nb();\nc()</script>'));
    expect(inlineScriptHashes('<script>a()</script\n>b()</script>')).toEqual(inlineScriptHashes('<script>a()</script>'));
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });
});

describe('the security headers hook', () => {
  let app: FastifyInstance;
  const page = '<!doctype html><html><head><style>b{}</style><script>hello()</script></head></html>';
  beforeAll(async () => {
    app = Fastify();
    const set = securityHeaders({ publicUrl: 'https://portal.example', env: 'production' });
    app.addHook('onSend', async (_request, reply, payload) => {
      set(reply, payload);
      return payload;
    });
    app.get('/page', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
    app.get('/streamed', (_request, reply) => reply.type('text/html').send(Readable.from([page])));
    app.get('/own', (_request, reply) => reply.type('text/html').header('content-security-policy', "default-src 'self'").header('x-frame-options', 'SAMEORIGIN').send(page));
    app.get('/json', async () => ({ ok: true }));
  });
  afterAll(() => app.close());

  it('gives an HTML answer a page policy allowing its own inline scripts and no others', async () => {
    const res = await app.inject('/page');
    const policy = String(res.headers['content-security-policy']);
    expect(scriptHashesOf(policy)).toEqual(inlineScriptHashes(page));
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('allows no inline script in an HTML answer it cannot read, and keeps a policy the answer brings', async () => {
    expect(scriptHashesOf(String((await app.inject('/streamed')).headers['content-security-policy']))).toEqual([]);
    const own = await app.inject('/own');
    expect(own.headers['content-security-policy']).toBe("default-src 'self'");
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives any other answer the policy that allows nothing, and HSTS on an https site', async () => {
    const res = await app.inject('/json');
    expect(res.headers['content-security-policy']).toBe(NON_PAGE_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});

const webBuilt = fs.existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js'));

// The pages are the built web app's: `npm run build` first (`npm test` does).
describe.runIf(webBuilt)('security headers on every answer of the whole app', () => {
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;
  const dataDirs: string[] = [];
  const build = async (env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-headers-'));
    dataDirs.push(dataDir);
    return buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORTICO_DEMO: '0', PORTICO_ADMIN_PASSWORD: 'admin-password-1', LOG_LEVEL: 'silent', ...env }), { logger: false });
  };
  beforeAll(async () => {
    app = await build();
    httpsApp = await build({ PUBLIC_URL: 'https://portal.example' });
  });
  afterAll(async () => {
    await app?.close();
    await httpsApp?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectShared = (res: LightMyRequestResponse, what: string) => {
    expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
    expect(res.headers['permissions-policy'], what).toContain('camera=()');
    expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
  };

  it('gives each page a policy naming exactly its inline scripts, and keeps it with the cached page', async () => {
    const headers = { 'accept-language': 'en-US' };
    for (const url of ['/Home', '/ContactUs', '/login', '/NewsManagement/list-news', '/no-such-page']) {
      const first = await app.inject({ url, headers });
      expect(first.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = String(first.headers['content-security-policy']);
      const hashes = inlineScriptHashes(first.body);
      // The public pages carry the language and zod scripts; the back-office the router's as well.
      expect(hashes.length, url).toBeGreaterThanOrEqual(2);
      expect(scriptHashesOf(policy), url).toEqual(hashes);
      expect(policy, url).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "img-src 'self' data: https:", "frame-ancestors 'none'"]) {
        expect(policy, `${url} ${directive}`).toContain(directive);
      }
      expect(first.headers['x-frame-options'], url).toBe('DENY');
      expectShared(first, url);
      // Answered again, from the cache and compressed: the same bytes under the same policy.
      const again = await app.inject({ url, headers: { ...headers, 'accept-encoding': 'br' } });
      expect(again.headers['content-security-policy'], url).toBe(policy);
    }
    const home = await app.inject({ url: '/Home', headers });
    expect((await app.inject({ url: '/Home', headers })).body).toBe(home.body);
  });

  it('gives the router\'s hydration scripts of the back-office their hashes', async () => {
    const res = await app.inject('/login');
    const scripts = [...res.body.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts.some((text) => text.includes('window.__reactRouterContext ='))).toBe(true);
    expect(scripts.some((text) => text.includes('import * as route0'))).toBe(true);
    expect(scriptHashesOf(String(res.headers['content-security-policy']))).toHaveLength(new Set(scripts).size);
  });

  it('gives every answer that is not a page the policy that allows nothing', async () => {
    const html = await app.inject('/Home');
    const asset = /\/assets\/[^"]+\.js/.exec(html.body)![0];
    for (const url of ['/api/NewsCategory/Query', '/api/no-such-call', '/healthz', '/sitemap.xml', '/robots.txt', '/favicon.svg', asset, '/%E0%A4%A']) {
      const res = await app.inject({ method: url === '/api/NewsCategory/Query' ? 'POST' : 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(NON_PAGE_POLICY);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expectShared(res, url);
    }
  });

  it('lets the API reference page keep its inline style and run no inline script', async () => {
    const res = await app.inject({ url: '/api/docs', headers: { accept: 'text/html' } });
    expect(res.body).toContain('<style>');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(scriptHashesOf(policy)).toEqual([]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS on every answer only when the site\'s public address is https', async () => {
    for (const url of ['/Home', '/api/docs', '/healthz', '/favicon.svg']) {
      expect((await httpsApp.inject(url)).headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });
});
