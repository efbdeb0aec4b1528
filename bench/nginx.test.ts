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
  const compressed = Buffer.from([0x1b, 0x03, 0x00, 0xf8, 0x25, 0x00, 0x02, 0x62, 0x74]);

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      if (req.url === '/News/detail?id=7') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
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

  it('answers each saved page with its exact bytes, type and encoding, on loopback, and stops', async () => {
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
    const url = nginx.urlOf(pages[0]);
    await nginx.stop();
    nginx = undefined;
    await expect(savePage(url.replace(/\/page-\d+$/, ''), '/page-0')).rejects.toThrow();
  });

  it('refuses a page that does not answer 200', async () => {
    await expect(savePage(base, '/missing')).rejects.toThrow('answered 404');
  });
});
