import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable, savePage, startNginx } from './nginx.js';
import type { Nginx } from './nginx.js';

/**
 * The bench's nginx beside Portico (issue 22). CI installs Debian's nginx (.ci/run), so there this
 * test runs; on a machine without it the bench says so and skips the ratios, and so does this test.
 */
describe.skipIf(!nginxAvailable() && !process.env.CI)('nginx serving saved pages', () => {
  let origin: http.Server;
  let base: string;
  let nginx: Nginx | undefined;
  const html = Buffer.from('<!doctype html><title>首页</title><p>'.padEnd(3000, 'x'));
  // A policy with what an nginx string must escape: quotes, a backslash, and a `$` it would read as a variable.
  const POLICY = `default-src 'self'; script-src 'self' 'sha256-M/zHe+G2y=' "x\\y" $request_uri`;
  const compressed = Buffer.from([0x1b, 0x03, 0x00, 0xf8, 0x25, 0x00, 0x02, 0x62, 0x74]);

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      if (req.url === '/News/detail?id=7') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': POLICY,
          vary: 'Accept-Encoding, Accept-Language, Cookie',
          'x-frame-options': 'DENY',
          'x-request-id': 'a1b2c3d4-0000-4000-8000-000000000000',
        });
        res.end(html);
      } else if (req.url === '/packed') {
        // Whatever encoding the page was answered in, nginx sends the same bytes with the same header.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
        res.end(compressed);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => origin.close(resolve));
  });

  it('answers each saved page with its exact bytes, type, encoding and headers, on loopback, and stops', async () => {
    const pages = [await savePage(base, '/News/detail?id=7'), await savePage(base, '/packed')];
    expect(pages[0].body.equals(html)).toBe(true);
    nginx = await startNginx(pages);
    for (const page of pages) {
      const url = nginx.urlOf(page);
      expect(new URL(url).hostname).toBe('127.0.0.1');
      const served = await savePage(url.replace(/\/page-\d+$/, ''), new URL(url).pathname);
      expect(served.body.equals(page.body)).toBe(true);
      expect(served.contentType).toBe('text/html; charset=utf-8');
      expect(served.contentEncoding).toBe(page.contentEncoding);
    }
    // The same headers as Portico's answer, bar those nginx writes itself; a request id of its own.
    const answers = await Promise.all([1, 2].map(() => fetch(nginx!.urlOf(pages[0]))));
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(POLICY);
      expect(answer.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(answers[0].headers.get('x-request-id')).not.toBe(answers[1].headers.get('x-request-id'));
    expect(pages[0].headers.map(([name]) => name.toLowerCase())).toEqual(['content-security-policy', 'vary', 'x-frame-options']);
    const url = nginx.urlOf(pages[0]);
    await nginx.stop();
    nginx = undefined;
    await expect(savePage(url.replace(/\/page-\d+$/, ''), '/page-0')).rejects.toThrow();
  });

  it('refuses a page that does not answer 200', async () => {
    await expect(savePage(base, '/missing')).rejects.toThrow('answered 404');
  });
});
