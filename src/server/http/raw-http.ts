import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Test helpers that speak HTTP over a plain socket, for what `inject` cannot send: malformed request
 * lines and headers, bodies that stall, connections that stay open.
 */

/** Listens on a free port of 127.0.0.1 and answers the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as net.AddressInfo).port;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads the first HTTP response out of what a socket received. */
export function parseResponse(received: string): RawResponse | null {
  const end = received.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine, ...lines] = received.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = Buffer.from(received.slice(end + 4), 'latin1');
  const body = (Number.isNaN(length) ? rest : rest.subarray(0, length)).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** A connection whose every byte received is kept, and which says when the server closed it. */
export class RawConnection {
  readonly socket: net.Socket;
  private data = Buffer.alloc(0);
  private readonly opened: Promise<void>;
  /** Resolves when the connection is closed, by either side. */
  readonly closed: Promise<void>;
  /** When the server's end of the connection was seen (its FIN, or a reset). */
  closedAt: number | null = null;

  constructor(port: number, localAddress = '127.0.0.1') {
    this.socket = net.connect({ port, host: '127.0.0.1', localAddress });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => (this.data = Buffer.concat([this.data, chunk])));
    // A reset after the answer is a close too; the answer is what the tests look at.
    this.socket.on('error', () => undefined);
    this.socket.on('end', () => (this.closedAt ??= Date.now()));
    this.closed = new Promise((resolve) => this.socket.once('close', () => {
      this.closedAt ??= Date.now();
      resolve();
    }));
  }

  async send(chunk: string | Buffer): Promise<void> {
    await this.opened;
    await new Promise<void>((resolve, reject) => this.socket.write(chunk, (error) => (error ? reject(error) : resolve())));
  }

  get received(): string {
    return this.data.toString('latin1');
  }

  get response(): RawResponse | null {
    return parseResponse(this.received);
  }

  /** Waits until a whole response has arrived (or the connection closed without one). */
  async nextResponse(): Promise<RawResponse | null> {
    for (;;) {
      const response = this.response;
      if (response && Buffer.byteLength(response.body) >= Number(response.headers['content-length'] ?? 0)) return response;
      if (this.socket.destroyed || this.closedAt !== null) return this.response;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  destroy() {
    this.socket.destroy();
  }
}

/** Sends bytes on a new connection and answers everything received once the server closed it. */
export async function exchange(port: number, request: string | Buffer): Promise<{ response: RawResponse | null; received: string }> {
  const connection = new RawConnection(port);
  await connection.send(request);
  await connection.closed;
  return { response: connection.response, received: connection.received };
}
