import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api.js';
import type { ErrorCodeValue } from '../../shared/api.js';
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

/** Maps any error to the envelope and its HTTP status; nothing internal reaches the client. */
function classify(error: FastifyError & { code?: string }): { code: ErrorCodeValue; message: string; data?: unknown } {
  if (error instanceof AppError) return { code: error.errorCode, message: error.message, data: error.data };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: ErrorCode.validation, message: 'Malformed JSON body', data: { issues: [{ path: '', message: 'Malformed JSON body' }] } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { code: ErrorCode.tooLarge, message: 'The request or its file is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: ErrorCode.unsupportedType, message: 'Unsupported content type' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return { code: ErrorCode.validation, message: 'Malformed request body', data: { issues: [{ path: '', message: 'Malformed request body' }] } };
  }
  if (error.code && DATABASE_DOWN_CODES.has(error.code)) {
    return { code: ErrorCode.databaseUnavailable, message: 'The database is unavailable, please try again later' };
  }
  if (error.statusCode === 413) return { code: ErrorCode.tooLarge, message: 'The request or its file is too large' };
  if (error.statusCode === 415) return { code: ErrorCode.unsupportedType, message: 'Unsupported content type' };
  if (error.statusCode === 429) return { code: ErrorCode.tooManyRequests, message: 'Too many requests, please try again later' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: ErrorCode.validation, message: 'Bad request', data: { issues: [{ path: '', message: 'Bad request' }] } };
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
