import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Data subject requests (docs/decisions/0044) find everything held about one person by e-mail or by
 * phone, in applications, contact messages and join-us entries. Those columns hold what the visitor
 * typed (`Zhang.San@Example.com`, `+86 138-0000 0000`), so the search compares an e-mail lower-cased
 * and a phone as its digits alone: an index on each of those expressions lets it seek straight to the
 * person among 200,000 applications instead of reading every one. Both engines use an expression
 * index when the query writes the expression exactly as here (src/server/privacy/repository.ts).
 */

const TABLES = ['job_applications', 'contact_infos', 'join_us'] as const;

/** The phone's digits: the phone field accepts digits, spaces, `-`, `(`, `)` and a leading `+`. */
const PHONE_DIGITS = sql`replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '+', '')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.createIndex(`${table}_email_key`).on(table).expression(sql`lower(email)`).execute();
    await db.schema.createIndex(`${table}_phone_key`).on(table).expression(PHONE_DIGITS).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_phone_key`).execute();
    await db.schema.dropIndex(`${table}_email_key`).execute();
  }
}
