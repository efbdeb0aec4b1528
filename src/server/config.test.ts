import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_HTTP_LIMITS, loadConfig } from './config.js';

describe('the HTTP server settings', () => {
  it('default to timeouts sized for a 10 MB upload on a slow link, and to bounded connections', () => {
    const { http } = loadConfig({});
    expect(http).toEqual({
      requestTimeoutMs: 600_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 4096,
      bodiesInFlightPerAddress: 10,
    });
    // A 10 MB résumé, with a generous allowance for its multipart framing, at 150 kbit/s still arrives.
    const seconds = ((10 * 1024 * 1024 + 64 * 1024) * 8) / 150_000;
    expect(seconds).toBeLessThan(DEFAULT_HTTP_LIMITS.requestTimeoutSeconds);
  });

  it('reads each from its variable', () => {
    const { http } = loadConfig({
      REQUEST_TIMEOUT_SECONDS: '900',
      HEADERS_TIMEOUT_SECONDS: '30',
      KEEP_ALIVE_TIMEOUT_SECONDS: '5',
      MAX_CONNECTIONS: '100',
      MAX_BODIES_IN_FLIGHT_PER_ADDRESS: '3',
    });
    expect(http).toEqual({ requestTimeoutMs: 900_000, headersTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 100, bodiesInFlightPerAddress: 3 });
  });

  it('refuses values that are not positive whole numbers, and headers given longer than the whole request', () => {
    for (const [name, value] of [['REQUEST_TIMEOUT_SECONDS', '0'], ['HEADERS_TIMEOUT_SECONDS', '-1'], ['KEEP_ALIVE_TIMEOUT_SECONDS', '1.5'], ['MAX_CONNECTIONS', 'many'], ['MAX_BODIES_IN_FLIGHT_PER_ADDRESS', '0']]) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    }
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });
});
