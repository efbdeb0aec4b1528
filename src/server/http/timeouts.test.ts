import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { RawConnection, listenLocally } from './raw-http.js';

/**
 * Timeouts and connection limits, set short through the configuration. The machine may be busy:
 * the tests check that a timeout does end a connection and not before it was due, and leave the
 * upper bound to the test's own time limit.
 */

const json = 'Content-Type: application/json\r\n';
/** Headers announcing 5,000 bytes of JSON, and 5 of them. */
const slowJson = (path: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 5000\r\n\r\n{"nam`;
const slowMultipart = `POST /api/JobApplication HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=ccc\r\nContent-Length: 5000\r\n\r\n--ccc`;

const expectEnvelope = (connection: RawConnection, status: number, errorCode: number) => {
  const response = connection.response;
  expect(response?.status, connection.received).toBe(status);
  expect(JSON.parse(response!.body)).toMatchObject({ isSuccess: false, errorCode });
  expect(response!.headers.connection).toBe('close');
};

describe.each(testEngines())('timeouts on %s', (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    port = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  for (const [what, request] of [['JSON', slowJson('/api/ContactInfo')], ['multipart', slowMultipart]] as const) {
    it(`answers 408 in the envelope and closes a request whose ${what} body stalls, once the request timeout is up`, async () => {
      const connection = new RawConnection(port);
      const started = Date.now();
      await connection.send(request);
      await connection.closed;
      expect(connection.closedAt! - started).toBeGreaterThanOrEqual(1_900);
      expectEnvelope(connection, 408, 40000);
    });
  }

  it('answers 408 and closes a connection whose headers stall, once the headers timeout is up', async () => {
    const connection = new RawConnection(port);
    const started = Date.now();
    await connection.send('POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n');
    await connection.closed;
    expect(connection.closedAt! - started).toBeGreaterThanOrEqual(900);
    expectEnvelope(connection, 408, 40000);
  });

  it('closes an idle keep-alive connection once the keep-alive timeout is up', async () => {
    const connection = new RawConnection(port);
    await connection.send('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const response = await connection.nextResponse();
    const answered = Date.now();
    expect(response?.status, connection.received).toBe(200);
    expect(response!.headers.connection).toBe('keep-alive');
    await connection.closed;
    expect(connection.closedAt! - answered).toBeGreaterThanOrEqual(900);
  });

  it('lets a slow body that keeps within the request timeout arrive', async () => {
    const connection = new RawConnection(port);
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', message: 'One piece at a time' });
    await connection.send(`POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    for (const piece of [body.slice(0, 10), body.slice(10, 30), body.slice(30)]) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await connection.send(piece);
    }
    await connection.closed;
    expect(connection.response?.status, connection.received).toBe(200);
  });
});

describe.each(testEngines())('connection limits on %s', (engine) => {
  let t: TestApp;
  let port: number;
  const open: RawConnection[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { MAX_BODIES_IN_FLIGHT_PER_ADDRESS: '2' });
    port = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const connection of open) connection.destroy();
    await t.close();
  });

  const slowBody = async (request: string, localAddress = '127.0.0.1') => {
    const connection = new RawConnection(port, localAddress);
    open.push(connection);
    await connection.send(request);
    return connection;
  };

  it('answers 429 at once to a request from an address that already has its share of bodies arriving', async () => {
    const listQuery = `POST /api/News/Query HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 2\r\nConnection: close\r\n\r\n{}`;
    const first = await slowBody(slowJson('/api/ContactInfo'));
    await slowBody(slowMultipart);
    // A third body still arriving is refused once the server has counted both slow ones (it counts a
    // body that has not arrived by the time the packet with its headers is handled).
    let third: RawConnection;
    for (let attempt = 0; ; attempt++) {
      third = await slowBody(slowJson('/api/JoinUs'));
      await third.closed;
      if (third.response?.status === 429 || attempt === 100) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expectEnvelope(third, 429, 40029);
    // A body that arrives whole with its headers holds nothing, and goes through all the same.
    const fast = await slowBody(listQuery);
    await fast.closed;
    expect(fast.response?.status, fast.received).toBe(200);
    // Another address has its own share.
    const elsewhere = await slowBody(slowJson('/api/JoinUs'), '127.0.0.2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(elsewhere.response, elsewhere.received).toBeNull();

    // Once a body has arrived, its place is free again.
    const body = JSON.stringify({ name: 'Done', email: 'done@example.com', message: 'Finished at last' });
    await first.send(`m":"x"}${' '.repeat(5000 - 5 - 7)}`);
    expect((await first.nextResponse())?.status, first.received).toBe(400);
    const next = await slowBody(`POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    await next.closed;
    expect(next.response?.status, next.received).toBe(200);
  });

  it('frees an address\'s place once a request is answered before its body was read', async () => {
    // Announced too large, each is answered 413 at once, its body never read: the address must not
    // stay locked out by requests it already has its answer to.
    for (let i = 0; i < 3; i++) {
      const tooLarge = await slowBody(`POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 3000000\r\n\r\n{"name"`, '127.0.0.3');
      expect((await tooLarge.nextResponse())?.status, tooLarge.received).toBe(413);
    }
    const body = JSON.stringify({ name: 'After', email: 'after@example.com', message: 'Still welcome' });
    const next = await slowBody(`POST /api/ContactInfo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`, '127.0.0.3');
    await next.closed;
    expect(next.response?.status, next.received).toBe(200);
  });

  it('closes connections beyond the server limit as they open', async () => {
    const limited = await createTestApp(engine, { MAX_CONNECTIONS: '2' });
    try {
      const limitedPort = await listenLocally(limited.app);
      const held = [new RawConnection(limitedPort), new RawConnection(limitedPort)];
      for (const connection of held) await connection.send('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      for (const connection of held) expect((await connection.nextResponse())?.status).toBe(200);
      const refused = new RawConnection(limitedPort);
      await refused.send('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n').catch(() => undefined);
      await refused.closed;
      expect(refused.received).toBe('');
      for (const connection of held) connection.destroy();
      await Promise.all(held.map((connection) => connection.closed));
    } finally {
      await limited.close();
    }
  });
});
