import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api.js';
import type { ErrorCodeValue } from '../../shared/api.js';
import type { RefusalReason, ValidationCode } from '../../shared/refusals.js';
import { isForeignKeyViolation } from '../db/constraint-errors.js';
import { failure } from './envelope.js';
import { AppError } from './errors.js';

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin shutdown
  '57P03', // cannot connect now
  '08000',
  '08001',
  '08003',
  '08006',
  // postgres.js: the connection dropped, could not be made in time, or the pool is closing.
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
]);

const malformed = (code: ValidationCode, message: string) => ({ code: ErrorCode.validation, message, data: { issues: [{ path: '', code, message }] } });
const tooLarge = (reason: RefusalReason<typeof ErrorCode.tooLarge>) => ({ code: ErrorCode.tooLarge, message: 'The request or its file is too large', data: { reason } });
const unsupportedType = { code: ErrorCode.unsupportedType, message: 'Unsupported content type', data: { reason: 'content-type' } };

/** Maps any error to the envelope and its HTTP status; nothing internal reaches the client. */
function classify(error: FastifyError & { code?: string }): { code: ErrorCodeValue; message: string; data?: unknown } {
  if (error instanceof AppError) return { code: error.errorCode, message: error.message, data: error.data };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformed('malformed_json', 'Malformed JSON body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge('body');
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge('file');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge('parts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedType;
    // @fastify/multipart: not multipart, a field named after a prototype property, the connection
    // closed mid-body, or a part labelled JSON that is not JSON.
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return malformed('malformed_body', 'Malformed request body');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return malformed('length_mismatch', 'The body does not match its Content-Length');
  }
  // A status the framework or a library set says whose fault it is: a 4xx is the client's, even when
  // its code is a network one (a body stream cut by the client carries ECONNRESET and 400), so it is
  // looked at before the database codes.
  if (error.statusCode === 413) return tooLarge('body');
  if (error.statusCode === 415) return unsupportedType;
  if (error.statusCode === 429) return { code: ErrorCode.tooManyRequests, message: 'Too many requests, please try again later', data: { reason: 'requests' } };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return malformed('malformed_http', 'Bad request');
  // A write that refers to a row deleted after the handler found it, where the handler has no
  // better answer of its own: the client's view is out of date, not the server broken.
  if (isForeignKeyViolation(error)) {
    return { code: ErrorCode.conflict, message: 'Something this refers to was deleted meanwhile', data: { reason: 'gone' } };
  }
  if (error.code && DATABASE_DOWN_CODES.has(error.code)) {
    return { code: ErrorCode.databaseUnavailable, message: 'The database is unavailable, please try again later' };
  }
  return { code: ErrorCode.unexpected, message: 'Unexpected error' };
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const classified = classify(error);
    let { code, message } = classified;
    // An unexpected error while the database does not answer is the database's: say so (503).
    if (code === ErrorCode.unexpected && !(await request.server.ctx.db.ping())) {
      code = ErrorCode.databaseUnavailable;
      message = 'The database is unavailable, please try again later';
    }
    const data = classified.data;
    if (code >= 50000) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: error.code, reqId: request.id }, error.message);
    }
    const status = new AppError(code, message).httpStatus;
    const answer = code >= 50000 ? `${message} (request ${request.id})` : message;
    return reply.status(status).type('application/json; charset=utf-8').send(failure(code, answer, data ?? null));
  });
}
