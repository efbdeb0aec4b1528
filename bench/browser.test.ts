import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPath, measurePages } from './browser.js';

describe('the browser that measures pages', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the headless shell when it is installed, else Chromium', () => {
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(browserPath((file) => file === '/usr/bin/chromium-headless-shell')).toBe('/usr/bin/chromium-headless-shell');
    expect(browserPath(() => false)).toBe('/usr/bin/chromium');
  });

  it('is the one CHROMIUM_PATH names, whatever is installed', () => {
    vi.stubEnv('CHROMIUM_PATH', '/opt/chrome/chrome');
    expect(browserPath(() => true)).toBe('/opt/chrome/chrome');
  });
});

describe('a back-office screen measured for paint', () => {
  it('is read once it shows what it names as drawn, not when the network falls quiet', async () => {
    // A screen drawn by its script 1.5 s after it loads, with no request meanwhile.
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>list</title></head><body><p>Checking…</p><script>
      setTimeout(() => { document.body.innerHTML = '<table><tbody><tr data-row-key="1"><td style="font-size:40px">' + 'Rows of the list '.repeat(20) + '</td></tr></tbody></table>'; }, 1500);
    </script></body></html>`;
    const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { pages } = await measurePages(base, [], [{ path: '/list', token: 't', user: {}, ready: 'tbody tr[data-row-key]' }]);
      expect(pages[0].path).toBe('/list');
      expect(pages[0].lcpMs).toBeGreaterThanOrEqual(1500);
      expect(pages[0].fcpMs).toBeLessThan(1500);
    } finally {
      server.close();
    }
  }, 120_000);
});
