import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { clientErrorAnswer } from './client-errors.js';
import { RawConnection, exchange, listenLocally } from './raw-http.js';

/**
 * Requests Node's HTTP parser refuses never reach Fastify's routes: they are answered by the client
 * error handler, over a raw socket here since `inject` cannot send them. Each gets the envelope with
 * its status, and its connection is closed.
 */
describe.each(testEngines())('malformed HTTP on %s', (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    port = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  const json = 'Content-Type: application/json\r\n';
  // The last column: the issue's code of a 400, the reason of a 413 (docs/decisions/0052).
  const cases: [string, string | Buffer, number, number, string][] = [
    ['a NUL in the request line', 'GET /api/News/1\u0000 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 40000, 'malformed_http'],
    ['raw UTF-8 in the request line', Buffer.from('GET /api/News/é HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'), 400, 40000, 'malformed_http'],
    ['a space in the request target', 'GET /api/News/1 2 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 40000, 'malformed_http'],
    ['HTTP/9.9', 'GET /api/News/1 HTTP/9.9\r\nHost: x\r\n\r\n', 400, 40000, 'malformed_http'],
    ['Content-Length: -1', `POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: -1\r\n\r\n`, 400, 40000, 'malformed_http'],
    ['both Content-Length and Transfer-Encoding', `POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400, 40000, 'malformed_http'],
    ['a broken chunk', `POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Transfer-Encoding: chunked\r\n\r\nzz\r\n`, 400, 40000, 'malformed_http'],
    ['a header over 16 KB', `GET /api/News/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`, 413, 40013, 'headers'],
    ['a request target over 16 KB', `GET /api/News/Query?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 413, 40013, 'headers'],
    ['an HTTP/1.1 request without Host', 'GET /api/News/1 HTTP/1.1\r\n\r\n', 400, 40000, 'no_host'],
  ];

  for (const [what, request, status, errorCode, code] of cases) {
    it(`answers ${what} with ${status} in the envelope and closes the connection`, async () => {
      const { response, received } = await exchange(port, request);
      expect(response, received).not.toBeNull();
      expect(response!.status, received).toBe(status);
      expect(response!.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response!.headers.connection).toBe('close');
      const envelope = JSON.parse(response!.body);
      expect(Object.keys(envelope).sort()).toEqual(['data', 'errorCode', 'isSuccess', 'message']);
      expect(envelope).toMatchObject({ isSuccess: false, errorCode, message: expect.stringMatching(/\w/) });
      expect(envelope.data).toEqual(errorCode === 40000 ? { issues: [{ path: '', code, message: envelope.message }] } : { reason: code });
      // Everything after the refused request is ignored: one answer, then the connection ends.
      expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    });
  }

  it('answers a JSON body cut short by the client with 400 in the envelope', async () => {
    const connection = new RawConnection(port);
    await connection.send(`POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 100\r\n\r\n{"name":`);
    connection.socket.end();
    await connection.closed;
    const response = connection.response;
    expect(response?.status, connection.received).toBe(400);
    expect(JSON.parse(response!.body)).toMatchObject({ isSuccess: false, errorCode: 40000 });
  });

  it('keeps serving other connections', async () => {
    const connection = new RawConnection(port);
    await connection.send('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await connection.closed;
    expect(connection.response?.status, connection.received).toBe(200);
    expect(JSON.parse(connection.response!.body)).toMatchObject({ isSuccess: true });
  });
});

describe('the answer to each client error', () => {
  it('is 408 for a timeout, 413 for what is too large, and 400 for the rest (505 is not in the contract)', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toMatchObject({ status: 408, errorCode: 40000 });
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toMatchObject({ status: 413, errorCode: 40013 });
    expect(clientErrorAnswer('HPE_CHUNK_EXTENSIONS_OVERFLOW')).toMatchObject({ status: 413, errorCode: 40013 });
    for (const code of ['HPE_INVALID_VERSION', 'HPE_INVALID_METHOD', 'HPE_INVALID_URL', 'HPE_UNEXPECTED_CONTENT_LENGTH', undefined]) {
      expect(clientErrorAnswer(code)).toMatchObject({ status: 400, errorCode: 40000 });
    }
  });
});
