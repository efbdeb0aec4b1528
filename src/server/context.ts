import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { CounterStore } from './auth/counters.js';
import type { Db } from './db/connect.js';
import type { FileStorage } from './files/storage.js';
import type { Mailer } from './mail/mailer.js';
import type { RouteSpec } from './http/route-spec.js';
import type { SessionUser } from './auth/session-user.js';
import type { SessionCache } from './auth/session-cache.js';
import type { RoleCache } from './auth/role-cache.js';
import type { PublicReadCache } from './crud/public-cache.js';
import type { ViewCounter } from './crud/view-counter.js';

/** Everything a handler needs besides its request, built once per app. */
export interface AppContext {
  config: Config;
  db: Db;
  counters: CounterStore;
  storage: FileStorage;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Listeners told when staff change public content (news, jobs, categories). */
  onContentChange: Set<(entity: string) => void>;
  /** Anonymous reads of public content, answered from memory until content changes. */
  publicCache: PublicReadCache;
  /** Public views of news items, written in batches. */
  newsViews: ViewCounter;
  /** Validated sessions by token hash; every revocation forgets what it touches. */
  sessionCache: SessionCache;
  /** The custom roles' grants; every role write empties it (docs/decisions/0059). */
  roleCache: RoleCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    apiRoutes: RouteSpec[];
  }
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}
