import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api.js';
import type { ErrorCodeValue } from '../../shared/api.js';
import type { RefusalReason, ValidationCode } from '../../shared/refusals.js';
import { failure } from './envelope.js';

/** How long a refused connection may take to read its answer before it is closed regardless. */
const ANSWER_GRACE_MS = 2_000;

interface ClientErrorAnswer {
  status: number;
  errorCode: ErrorCodeValue;
  message: string;
  /** The issue's code of a 40000, or the reason of a 40013 (docs/decisions/0052). */
  code: ValidationCode | RefusalReason<typeof ErrorCode.tooLarge>;
}

/**
 * The answer to a request Node's HTTP parser refused, or one that did not arrive in time, in the
 * contract's pairs of status and error code where it has one: headers over Node's 16 KB (431 in
 * HTTP's own terms) and oversized chunk extensions are 413 / 40013, too large; anything else (a
 * NUL, raw UTF-8 or a space in the request line, an unknown HTTP version, a bad or doubled length, a
 * broken chunk) is 400 / 40000, a 505 included, which the contract does not have. A timeout keeps
 * its own status, 408, since clients and proxies act on it (a browser may retry), with 40000.
 */
export function clientErrorAnswer(code: string | undefined): ClientErrorAnswer {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, errorCode: ErrorCode.validation, message: 'The request did not arrive in time', code: 'request_timeout' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 413, errorCode: ErrorCode.tooLarge, message: 'The request headers are too large', code: 'headers' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, errorCode: ErrorCode.tooLarge, message: 'The request is too large', code: 'body' };
    default:
      return { status: 400, errorCode: ErrorCode.validation, message: 'Malformed HTTP request', code: 'malformed_http' };
  }
}

/** Node's socket holds the response in flight, if any; it is not in Node's public types. */
type HttpSocket = Socket & { _httpMessage?: http.ServerResponse | null };

/**
 * Fastify's `clientErrorHandler`: answers the envelope on the raw socket (no request or reply exists
 * yet, or the one that does cannot go on) and closes the connection, since after a parse error or a
 * timeout nothing more on it can be trusted. Called with the Fastify instance as `this`.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection is gone: there is no one to answer (Node's own advice).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error.code);
  this.log.debug({ code: error.code, status: answer.status }, 'client error answered');
  // An answer already begun on this connection cannot be followed by another one.
  if (!socket.writable || (socket as HttpSocket)._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const data = answer.errorCode === ErrorCode.validation ? { issues: [{ path: '', code: answer.code, message: answer.message }] } : { reason: answer.code };
  const body = JSON.stringify(failure(answer.errorCode, answer.message, data));
  socket.end(
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
  // A client that does not read its answer must not keep the socket open by it.
  setTimeout(() => socket.destroy(), ANSWER_GRACE_MS).unref();
}
