import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../shared/api.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { MemoryCounterStore } from './auth/counters.js';
import { RoleCache } from './auth/role-cache.js';
import { SessionCache } from './auth/session-cache.js';
import { SessionListener } from './auth/session-listener.js';
import { deleteExpiredSessions } from './auth/sessions.js';
import { prepareDatabase } from './bootstrap.js';
import { connect } from './db/connect.js';
import type { Db } from './db/connect.js';
import { readRoutes, writeRoutes } from './crud/routes.js';
import { bulkDeleteRoute } from './crud/bulk.js';
import { PublicReadCache } from './crud/public-cache.js';
import { ViewCounter } from './crud/view-counter.js';
import { fileRoutes } from './files/routes.js';
import { mediaRoutes } from './media/routes.js';
import { closeMediaVariants } from './media/variants.js';
import { openStorage } from './files/open-storage.js';
import { failure, ok } from './http/envelope.js';
import { installErrorHandling } from './http/error-handler.js';
import { registerApiDocs } from './http/openapi.js';
import { registerRoutes } from './http/routes.js';
import { guardConnections, serverOptions } from './http/server-options.js';
import { securityHeaders, sharedSecurityHeaders } from './http/security-headers.js';
import { answerKeptApiFirst } from './http/kept-answers.js';
import { parseJsonBody } from './http/json-body.js';
import { Mailer, outboxDirOf } from './mail/mailer.js';
import { mountWebApp } from './web/mount.js';
import { applicationRoutes } from './resources/applications/routes.js';
import { jobArchiveRoutes, latestJobsRoute } from './resources/content/jobs.js';
import { plainResources } from './resources/plain.js';
import { inquiryRoutesList } from './resources/inquiries/routes.js';
import { erasureRoutes } from './erasure/routes.js';
import { securityRoutes } from './resources/security/routes.js';
import { accountRoutes } from './resources/security/account-routes.js';
import { twoFactorAdminRoutes, twoFactorRoutes } from './resources/security/two-factor.js';
import { userRoutes } from './resources/users/routes.js';
import { roleRoutes } from './resources/users/roles.js';
import { siteRoutes } from './site/routes.js';
import { pageRoutes } from './pages/routes.js';
import { revisionRoutes } from './revisions/routes.js';
import { auditRoutes } from './audit/resource.js';
import { dataSubjectRoutes } from './privacy/routes.js';
import { purgeAuditEvents } from './audit/retention.js';
import { BackupSchedule } from './backup/schedule.js';
import { retentionRoutes } from './retention/routes.js';
import { RetentionSchedule } from './retention/run.js';
import { privacyNoticeRoutes } from './privacy-notice/routes.js';
import { overviewRoutes } from './overview/routes.js';
import { DigestSchedule } from './notifications/notify.js';
import { loggerOptions } from './http/log-options.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the web app too (the API tests leave it out). */
  web?: boolean;
  /** Check every answer against its route's response schema (the tests do). */
  checkResponses?: boolean;
}

const JSON_BODY_LIMIT = 2 * 1024 * 1024;

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
  const setSecurityHeaders = securityHeaders(config);
  const app = Fastify({
    // Timeouts, and the envelope for requests Node's parser refuses (http/server-options.ts).
    ...serverOptions(config),
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false },
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Errors raised before routing (a path with broken percent-encoding) get the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const [code, message] = error.code === 'FST_ERR_BAD_URL' ? ['malformed_address', 'Malformed request address'] : ['malformed_http', 'Bad request'];
      // frameworkErrors types its reply by a generic schema; this one is a plain reply. No hook
      // runs for an answer given before routing, so it gets its security headers here.
      const plain = reply as unknown as FastifyReply;
      setSecurityHeaders(plain, undefined);
      void plain
        .status(400)
        .type('application/json; charset=utf-8')
        .send(failure(ErrorCode.validation, message, { issues: [{ path: '', code, message }] }));
    },
  });

  const db = await openDatabase(config, app.log);

  const sessionCache = new SessionCache(config.session.idleMs);
  const ctx: AppContext = {
    config,
    db,
    counters: config.redisUrl
      ? new (await import('./auth/redis-counters.js')).RedisCounterStore(config.redisUrl, config.redisKeyPrefix)
      : new MemoryCounterStore(),
    storage: await openStorage(config),
    mailer: new Mailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: outboxDirOf(config.dataDir),
      log: app.log,
    }),
    log: app.log,
    onContentChange: new Set(),
    publicCache: new PublicReadCache(),
    newsViews: new ViewCounter(db.kysely, 'news', (error) => app.log.warn({ err: error }, 'view counts not saved')),
    sessionCache,
    // Trusted only while the sessions are: the same listener carries the changes of both.
    roleCache: new RoleCache(() => sessionCache.bypassed),
  };
  // Several instances may share a PostgreSQL database, and each must hear the others' revocations;
  // SQLite belongs to this one process, so forgetting locally is all there is to do.
  const sessionListener = config.database.kind === 'postgres' ? new SessionListener(config.database.url, ctx.sessionCache, app.log, ctx.roleCache) : null;
  ctx.onContentChange.add(() => ctx.publicCache.clear());
  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', []);
  app.decorateRequest('sessionUser', undefined);

  // The API speaks JSON and multipart only: a text/plain body is refused with 415 like any other
  // type, instead of reaching a handler as a bare string. (The web app only answers GET and HEAD.)
  app.removeContentTypeParser('text/plain');
  // JSON bodies may be empty (a delete is `POST News/5` with no body); too deep or NUL-holding ones
  // are refused before validation (http/json-body.ts).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  // Any other type: an empty body is no body (some clients label even that, `fetch(url, { body: '' })`
  // sends text/plain), anything else is the wrong content type.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), undefined);
  });
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 30 } });

  installErrorHandling(app);
  guardConnections(app, config);
  // A callback hook, not an async one: every answer passes here, and an async hook costs each a
  // promise and a trip through the microtask queue.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    setSecurityHeaders(reply, payload);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  registerRoutes(app, [
    ...securityRoutes,
    ...accountRoutes,
    ...twoFactorRoutes,
    ...twoFactorAdminRoutes,
    ...userRoutes,
    ...roleRoutes,
    ...plainResources.flatMap((def) => [...readRoutes(def), ...writeRoutes(def), bulkDeleteRoute(def)]),
    latestJobsRoute,
    ...jobArchiveRoutes,
    ...applicationRoutes,
    ...inquiryRoutesList,
    ...erasureRoutes,
    ...fileRoutes,
    ...mediaRoutes,
    ...siteRoutes,
    ...pageRoutes,
    ...revisionRoutes,
    ...auditRoutes,
    ...dataSubjectRoutes,
    ...retentionRoutes,
    ...privacyNoticeRoutes,
    ...overviewRoutes,
  ], { checkResponses: options.checkResponses });
  // A visitor's call whose answer is kept is answered before Fastify sees it (decision 0067).
  answerKeptApiFirst(app, { ctx, securityHeaders: sharedSecurityHeaders(config) });
  registerApiDocs(app);
  if (options.web ?? true) await mountWebApp(app, config);

  app.get('/healthz', async () => ok({ status: 'ok' }));
  // Ready when the database and the file storage both answer; an S3 store shared by every instance
  // can be down while this one is up, and then nothing uploaded can be read (docs/decisions/0041).
  app.get('/readyz', async (_request, reply) => {
    const [database, files] = await Promise.all([db.ping(), ctx.storage.ping()]);
    if (!database) return reply.status(503).send(failure(ErrorCode.databaseUnavailable, 'The database is unavailable'));
    if (!files) return reply.status(503).send(failure(ErrorCode.databaseUnavailable, 'The file storage is unavailable', { unavailable: 'files', files: config.storage.kind }));
    return ok({ status: 'ready', database: db.engine, files: config.storage.kind });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(failure(ErrorCode.notFound, `No such call: ${request.method} ${request.url.split('?')[0]}`, { reason: 'no-such-call' })),
  );

  const sweeper = setInterval(() => {
    deleteExpiredSessions(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'session clean-up failed'));
  }, 3_600_000).unref();
  // Audit entries past their retention go at start and then daily.
  // (The first is awaited, so no clean-up is still running when a short-lived app closes.)
  const purgeAudit = () => purgeAuditEvents(ctx).catch((error: unknown) => app.log.warn({ err: error }, 'audit log clean-up failed'));
  await purgeAudit();
  const auditPurger = setInterval(() => void purgeAudit(), 86_400_000).unref();
  // Scheduled backups, when BACKUP_DIR is set (docs/decisions/0042-backups.md).
  const backups = new BackupSchedule(ctx).start();
  // The daily retention run and the forms' digest to staff (docs/decisions/0045).
  const retention = new RetentionSchedule(ctx).start();
  const digests = new DigestSchedule(ctx).start();

  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(auditPurger);
    await backups.stop();
    await retention.stop();
    await digests.stop();
    await closeMediaVariants(ctx);
    await sessionListener?.close();
    await ctx.newsViews.close();
    await ctx.mailer.idle();
    ctx.mailer.close();
    await ctx.counters.close();
    ctx.storage.close?.();
    await db.close();
  });
  // Last, so a start-up failure above leaves no connection open behind it.
  await sessionListener?.start();
  return app;
}
