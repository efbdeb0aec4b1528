import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { nowIso } from './time.js';
import type { Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { hashPassword } from './auth/passwords.js';

/**
 * Brings the database up to date. On a new database it also creates the `admin` user (with
 * `PORTICO_ADMIN_PASSWORD`, or a random password logged once) and, unless `PORTICO_DEMO=0`, the demo
 * content.
 */
export async function prepareDatabase(db: Db, config: Config, log: FastifyBaseLogger) {
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');
  const anyUser = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;

  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const now = nowIso();
  await db.kysely
    .insertInto('users')
    .values({
      user_name: 'admin',
      user_name_key: 'admin',
      display_name: 'Administrator',
      email: '',
      password_hash: await hashPassword(password),
      roles: JSON.stringify(['admin']),
      is_active: 1,
      // The random password was printed in the log: it must be changed at the first sign-in. One the
      // operator chose through PORTICO_ADMIN_PASSWORD is theirs already.
      must_change_password: config.adminPassword ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (config.adminPassword) {
    log.info('created the administrator "admin" with the password from PORTICO_ADMIN_PASSWORD');
  } else {
    // Printed once, on the first start of a new database; change it after signing in.
    log.warn(`created the administrator "admin" with the one-time password: ${password}`);
  }
  const hasContent = await db.kysely.selectFrom('news_categories').select('id').limit(1).executeTakeFirst();
  if (config.demo && !hasContent) {
    // Loaded only for a new database: the demo text is of no use to a running portal.
    const { seedDemoContent } = await import('./demo/seed.js');
    await seedDemoContent(db.kysely);
    log.info('added demo content (set PORTICO_DEMO=0 to start empty)');
  }
}
