import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Answer } from './oracles.js';

/**
 * Requests no HTTP client would send, written byte by byte on a socket: what a broken proxy, a
 * scanner or an attacker sends. Node's parser refuses most of them before Fastify sees them, and
 * the server must still answer in the envelope, or at least close; a request whose body never
 * comes must not hold its connection open.
 */
export interface RawCase {
  name: string;
  bytes: Buffer;
  /**
   * The request stops short (its body or headers never finish) and the socket stays open: the
   * server must answer or close by itself within `waitMs`.
   */
  held?: boolean;
  /** The client closes its side once everything is written. */
  halfClose?: boolean;
  waitMs: number;
}

export interface RawResult {
  answers: Answer[];
  /** The server closed the connection. */
  closed: boolean;
  /** Nothing came and the connection was still open when the wait ended. */
  timedOut: boolean;
  error?: string;
  ms: number;
}

/** How long a request that is not held may take to be answered before the case gives up. */
const ANSWER_WAIT_MS = 6_000;

const crlf = (lines: string[]) => lines.join('\r\n');

/**
 * The cases, aimed at one JSON call (`path`, with `body` a valid body for it). A held case waits
 * `heldWaitMs` for the server to give up on it: a little longer than the app's own timeouts.
 */
export function rawCases(path: string, body: string, heldWaitMs: number): RawCase[] {
  const post = (headers: string[], payload: string | Buffer = body) =>
    Buffer.concat([Buffer.from(crlf([`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, '', ''])), Buffer.from(payload)]);
  const get = (requestLine: string, headers: string[] = ['Host: 127.0.0.1']) => Buffer.from(crlf([requestLine, ...headers, '', '']), 'latin1');
  const json = 'Content-Type: application/json';
  const length = `Content-Length: ${Buffer.byteLength(body)}`;
  const cases: Omit<RawCase, 'waitMs'>[] = [
    { name: 'nul-in-request-line', bytes: get(`GET ${path}\u0000 HTTP/1.1`) },
    { name: 'nul-in-path', bytes: get(`GET /api/News/1\u00001 HTTP/1.1`) },
    { name: 'utf8-in-request-line', bytes: Buffer.from(crlf([`GET /api/News/\u00e9\u4e2d HTTP/1.1`, 'Host: 127.0.0.1', '', '']), 'utf8') },
    { name: 'space-in-request-line', bytes: get(`GET ${path} /x HTTP/1.1`) },
    { name: 'tab-in-request-line', bytes: get(`GET\t${path} HTTP/1.1`) },
    { name: 'http-9.9', bytes: get(`GET ${path} HTTP/9.9`) },
    { name: 'http-0.9', bytes: Buffer.from(`GET ${path}\r\n\r\n`) },
    { name: 'http-1.0-no-host', bytes: get(`GET /api/News/1 HTTP/1.0`, []) },
    { name: 'no-host', bytes: get(`GET /api/News/1 HTTP/1.1`, []) },
    { name: 'two-hosts', bytes: get(`GET /api/News/1 HTTP/1.1`, ['Host: a', 'Host: b']) },
    { name: 'unknown-method', bytes: get(`FUZZ ${path} HTTP/1.1`) },
    { name: 'lowercase-method', bytes: get(`post ${path} HTTP/1.1`) },
    { name: 'absolute-form', bytes: get(`GET http://127.0.0.1${path} HTTP/1.1`) },
    { name: 'asterisk-form', bytes: get('OPTIONS * HTTP/1.1') },
    { name: 'request-line-only', bytes: Buffer.from('GET\r\n\r\n') },
    { name: 'tls-hello', bytes: Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]) },
    { name: 'url-over-16kb', bytes: get(`GET /api/News/Query?q=${'a'.repeat(20_000)} HTTP/1.1`) },
    { name: 'header-over-16kb', bytes: post([json, length, `X-Fuzz: ${'a'.repeat(17_000)}`]) },
    { name: 'many-headers', bytes: post([json, length, ...Array.from({ length: 3_000 }, (_, i) => `X-F${i}: 1`)]) },
    { name: 'content-length-negative', bytes: post([json, 'Content-Length: -1']) },
    { name: 'content-length-not-a-number', bytes: post([json, 'Content-Length: abc']) },
    { name: 'content-length-huge', bytes: post([json, 'Content-Length: 99999999999999999999999']) },
    { name: 'content-length-twice', bytes: post([json, length, `Content-Length: ${Buffer.byteLength(body) + 1}`]) },
    { name: 'content-length-list', bytes: post([json, `Content-Length: ${Buffer.byteLength(body)}, ${Buffer.byteLength(body)}`]) },
    {
      name: 'content-length-and-chunked',
      bytes: post([json, length, 'Transfer-Encoding: chunked'], `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`),
    },
    { name: 'chunked-bad-size', bytes: post([json, 'Transfer-Encoding: chunked'], `zz\r\n${body}\r\n0\r\n\r\n`) },
    { name: 'chunked-size-overflow', bytes: post([json, 'Transfer-Encoding: chunked'], `ffffffffffffffffff\r\n${body}\r\n0\r\n\r\n`) },
    { name: 'transfer-encoding-unknown', bytes: post([json, 'Transfer-Encoding: gzip']) },
    { name: 'transfer-encoding-chunked-twice', bytes: post([json, 'Transfer-Encoding: chunked, chunked'], `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`) },
    { name: 'obsolete-line-folding', bytes: post([json, length, 'X-Fuzz: a', ' folded']) },
    { name: 'header-without-colon', bytes: post([json, length, 'X-Fuzz']) },
    { name: 'space-before-colon', bytes: post([json, `Content-Length : ${Buffer.byteLength(body)}`]) },
    { name: 'control-character-in-header', bytes: post([json, length, 'X-Fuzz: a\u0001b']) },
    { name: 'nul-in-header', bytes: post([json, length, 'X-Fuzz: a\u0000b']) },
    { name: 'lone-cr-in-header', bytes: post([json, length, 'X-Fuzz: a\rb']) },
    { name: 'bare-lf-lines', bytes: Buffer.from(`POST ${path} HTTP/1.1\nHost: 127.0.0.1\n${json}\n${length}\n\n${body}`) },
    { name: 'utf8-in-header', bytes: Buffer.concat([Buffer.from(crlf([`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', json, length, 'X-Fuzz: 中文', '', '']), 'utf8'), Buffer.from(body)]) },
    { name: 'pipelined-then-garbage', bytes: Buffer.concat([get(`GET /api/News/1 HTTP/1.1`), Buffer.from('\u0000\u0001garbage\r\n\r\n')]) },
    { name: 'body-shorter-then-closed', bytes: post([json, `Content-Length: ${Buffer.byteLength(body) + 100}`]), halfClose: true },
    { name: 'body-shorter-held', bytes: post([json, `Content-Length: ${Buffer.byteLength(body) + 100}`]), held: true },
    { name: 'chunked-held', bytes: post([json, 'Transfer-Encoding: chunked'], `${(Buffer.byteLength(body) + 10).toString(16)}\r\n${body}`), held: true },
    { name: 'expect-continue-held', bytes: post([json, length, 'Expect: 100-continue'], ''), held: true },
    { name: 'headers-held', bytes: Buffer.from(crlf([`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', json, 'X-Fuzz: a'])), held: true },
  ];
  return cases.map((c) => ({ ...c, waitMs: c.held ? heldWaitMs : ANSWER_WAIT_MS }));
}

interface Parsed {
  answers: Answer[];
  /** Bytes that do not (yet) make a whole answer. */
  rest: Buffer;
}

/** The whole answers in `bytes` (Content-Length or chunked bodies; a bodiless one otherwise). */
function parseAnswers(bytes: Buffer, ms: number, closed: boolean): Parsed {
  const answers: Answer[] = [];
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let body: Buffer;
    let next: Buffer;
    const start = end + 4;
    if (status === 100) {
      rest = rest.subarray(start);
      continue;
    }
    if (headers['content-length'] !== undefined) {
      const size = Number(headers['content-length']);
      if (rest.length < start + size) break;
      body = rest.subarray(start, start + size);
      next = rest.subarray(start + size);
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunks: Buffer[] = [];
      let at = start;
      let done = false;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size) || rest.length < lineEnd + 2 + size + 2) break;
        if (size === 0) {
          done = true;
          at = lineEnd + 4;
          break;
        }
        chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      if (!done) break;
      body = Buffer.concat(chunks);
      next = rest.subarray(at);
    } else if (closed) {
      body = rest.subarray(start);
      next = Buffer.alloc(0);
    } else {
      // No length and still open: a bodiless answer (Node's own refusals are written this way).
      body = Buffer.alloc(0);
      next = rest.subarray(start);
    }
    answers.push({ status, headers, body, ms });
    rest = next;
  }
  return { answers, rest };
}

/** After a first answer, how long to wait for more (a pipelined request's) before judging. */
const SETTLE_MS = 150;

/** Writes a case on a fresh connection and reads what comes back until the server closes or the wait ends. */
export function sendRaw(port: number, rawCase: RawCase, hooks: { onAnswer?: () => void; stop?: Promise<unknown> } = {}): Promise<RawResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let closed = false;
    let done = false;
    let error: string | undefined;
    let settle: NodeJS.Timeout | undefined;
    let firstAnswerMs: number | undefined;
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = (timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(settle);
      socket.destroy();
      const ms = performance.now() - started;
      const { answers } = parseAnswers(Buffer.concat(chunks), firstAnswerMs ?? ms, closed);
      resolve({ answers, closed, timedOut: timedOut && answers.length === 0, error, ms });
    };
    const timer = setTimeout(() => finish(true), rawCase.waitMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Judged once an answer is whole and nothing more follows it for a moment; a kept-alive
      // connection would otherwise be waited on until the end.
      if (parseAnswers(Buffer.concat(chunks), 0, false).answers.length > 0) {
        if (firstAnswerMs === undefined) hooks.onAnswer?.();
        firstAnswerMs ??= performance.now() - started;
        clearTimeout(settle);
        settle = setTimeout(() => finish(false), SETTLE_MS);
      }
    });
    const onClose = () => {
      closed = true;
      finish(false);
    };
    socket.on('end', onClose);
    socket.on('close', onClose);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    void hooks.stop?.then(() => finish(false));
    socket.write(rawCase.bytes, () => {
      if (rawCase.halfClose) socket.end();
    });
  });
}

/**
 * `count` copies of a held request at once, as one client address: the server bounds the bodies
 * one address may have arriving (0026), so one past the bound must be refused (429) at once. All
 * are closed as soon as one is answered, or after `waitMs`: held longer, they would only fill the
 * bound for the fuzz's other requests from the same address.
 */
export async function sendCrowd(port: number, rawCase: RawCase, count: number, waitMs: number): Promise<RawResult[]> {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const timer = setTimeout(stop, waitMs);
  const results = await Promise.all(Array.from({ length: count }, () => sendRaw(port, rawCase, { onAnswer: stop, stop: stopped })));
  clearTimeout(timer);
  return results;
}
