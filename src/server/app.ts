import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../shared/api.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { MemoryCounterStore, RedisCounterStore } from './auth/counters.js';
import { SessionCache } from './auth/session-cache.js';
import { SessionListener } from './auth/session-listener.js';
import { deleteExpiredSessions } from './auth/sessions.js';
import { prepareDatabase } from './bootstrap.js';
import { connect } from './db/connect.js';
import type { Db } from './db/connect.js';
import { readRoutes, writeRoutes } from './crud/resource.js';
import type { AnyDb } from './crud/resource.js';
import { PublicReadCache } from './crud/public-cache.js';
import { ViewCounter } from './crud/view-counter.js';
import { fileRoutes } from './files/routes.js';
import { DiskStorage } from './files/storage.js';
import { failure, ok } from './http/envelope.js';
import { installErrorHandling } from './http/error-handler.js';
import { registerApiDocs } from './http/openapi.js';
import { registerRoutes } from './http/routes.js';
import { NUL_MESSAGE, nulPathOf } from './http/validate.js';
import { validationError } from './http/errors.js';
import { Mailer } from './mail/mailer.js';
import { mountWebApp } from './web/mount.js';
import { applicationRoutes } from './resources/applications/routes.js';
import { jobCategoryResource, newsCategoryResource } from './resources/content/categories.js';
import { jobResource, latestJobsRoute } from './resources/content/jobs.js';
import { newsResource } from './resources/content/news.js';
import { inquiryRoutesList } from './resources/inquiries/routes.js';
import { securityRoutes } from './resources/security/routes.js';
import { userRoutes } from './resources/users/routes.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the web app too (the API tests leave it out). */
  web?: boolean;
}

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

function loggerFor(config: Config): FastifyServerOptions['logger'] {
  if (config.env === 'development') {
    return { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } };
  }
  return { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
}

/**
 * Connects and migrates. A failure names the setting to look at (DATABASE_URL, or DATA_DIR for the
 * embedded database) in one line, as a bad configuration value does; the URL itself is never
 * repeated, since it may hold a password.
 */
async function openDatabase(config: Config, log: FastifyBaseLogger): Promise<Db> {
  const { database } = config;
  const setting = database.kind === 'sqlite' && database.file === path.join(config.dataDir, 'portico.db') ? 'DATA_DIR' : 'DATABASE_URL';
  let db: Db | undefined;
  try {
    db = connect(config.database);
    await prepareDatabase(db, config, log);
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    throw new Error(`${setting}: the database could not be opened (${reason})`, { cause: error });
  }
}

/** Builds the whole Portico server. It never listens: `server.ts` does, and tests inject requests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerFor(config),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false },
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Errors raised before routing (a path with broken percent-encoding) get the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed request address' : 'Bad request';
      // frameworkErrors types its reply by a generic schema; this one is a plain reply.
      void (reply as unknown as FastifyReply)
        .status(400)
        .type('application/json; charset=utf-8')
        .send(failure(ErrorCode.validation, message, { issues: [{ path: '', message }] }));
    },
  });

  const db = await openDatabase(config, app.log);

  const ctx: AppContext = {
    config,
    db,
    counters: config.redisUrl ? new RedisCounterStore(config.redisUrl, config.redisKeyPrefix) : new MemoryCounterStore(),
    storage: new DiskStorage(path.join(config.dataDir, 'files')),
    mailer: new Mailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    log: app.log,
    onContentChange: new Set(),
    publicCache: new PublicReadCache(),
    newsViews: new ViewCounter(db.kysely as AnyDb, 'news', (error) => app.log.warn({ err: error }, 'view counts not saved')),
    sessionCache: new SessionCache(config.session.idleMs),
  };
  // Several instances may share a PostgreSQL database, and each must hear the others' revocations;
  // SQLite belongs to this one process, so forgetting locally is all there is to do.
  const sessionListener = config.database.kind === 'postgres' ? new SessionListener(config.database.url, ctx.sessionCache, app.log) : null;
  ctx.onContentChange.add(() => ctx.publicCache.clear());
  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', []);
  app.decorateRequest('sessionUser', undefined);

  // The API speaks JSON and multipart only: a text/plain body is refused with 415 like any other
  // type, instead of reaching a handler as a bare string. (The web app only answers GET and HEAD.)
  app.removeContentTypeParser('text/plain');
  // JSON bodies may be empty (a delete is `POST News/5` with no body).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(Object.assign(new Error('Malformed JSON body'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }), undefined);
    }
    // A NUL can only arrive escaped; only then is the parsed body walked.
    const nulPath = /\\u0000/i.test(text) ? nulPathOf(value) : null;
    if (nulPath !== null) return done(validationError([{ path: nulPath, message: NUL_MESSAGE }]), undefined);
    done(null, value);
  });
  // Any other type: an empty body is no body (some clients label even that, `fetch(url, { body: '' })`
  // sends text/plain), anything else is the wrong content type.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), undefined);
  });
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 30 } });

  installErrorHandling(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  registerRoutes(app, [
    ...securityRoutes,
    ...userRoutes,
    ...[newsCategoryResource, newsResource, jobCategoryResource].flatMap((def) => [
      ...readRoutes(def as never),
      ...writeRoutes(def as never),
    ]),
    latestJobsRoute,
    ...readRoutes(jobResource),
    ...writeRoutes(jobResource),
    ...applicationRoutes,
    ...inquiryRoutesList,
    ...fileRoutes,
  ]);
  registerApiDocs(app);
  if (options.web ?? true) await mountWebApp(app, config);

  app.get('/healthz', async () => ok({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    (await db.ping())
      ? ok({ status: 'ready', database: db.engine })
      : reply.status(503).send(failure(ErrorCode.databaseUnavailable, 'The database is unavailable')),
  );

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(failure(ErrorCode.notFound, `No such call: ${request.method} ${request.url.split('?')[0]}`)),
  );

  const sweeper = setInterval(() => {
    deleteExpiredSessions(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'session clean-up failed'));
  }, 3_600_000).unref();

  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sessionListener?.close();
    await ctx.newsViews.close();
    await ctx.mailer.idle();
    ctx.mailer.close();
    await ctx.counters.close();
    await db.close();
  });
  // Last, so a start-up failure above leaves no connection open behind it.
  await sessionListener?.start();
  return app;
}
