import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * What Portico's log keeps of a request, a reply and an error (docs/decisions/0046). Applicants and
 * visitors are not in it: no client address, no query string (which can carry a password-reset
 * token or what someone typed in a search), no header that identifies a person, and of an error only
 * its kind, message and place: PostgreSQL's `detail` repeats the values a statement refused (an
 * e-mail address, a name), and the generic serializer would copy it.
 */

/** A request as logged: its method, its path without the query, and its id. */
export function requestForLog(request: Pick<FastifyRequest, 'method' | 'url' | 'id'>) {
  const at = request.url.indexOf('?');
  return { method: request.method, url: at === -1 ? request.url : `${request.url.slice(0, at)}?…`, id: request.id };
}

/** An error as logged: its kind, code, message and stack, and nothing else it carries. */
export type LoggedError = {
  type: string;
  message: string;
  code?: string | number;
  statusCode?: number;
  stack: string;
  cause?: LoggedError;
};

export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: error.stack ?? '',
    ...(error.cause instanceof Error ? { cause: errorForLog(error.cause) } : {}),
  };
}

export const logSerializers = {
  req: requestForLog,
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: errorForLog,
};

/** The server's logger: readable lines in development, JSON lines elsewhere, both without personal data. */
export function loggerOptions(config: Pick<Config, 'env' | 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  if (config.env === 'development') {
    return { level: config.logLevel, serializers: logSerializers, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } };
  }
  return { level: config.logLevel, serializers: logSerializers };
}
