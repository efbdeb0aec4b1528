import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * A job's salary gets its currency (ISO 4217) and the period its figures are paid for (issue 17,
 * docs/decisions/0055). Every job so far was a monthly salary; its currency was CNY, except that the
 * job page's structured data said SGD for jobs in Singapore, which the rows keep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('salary_currency', 'text', (c) => c.notNull().defaultTo('CNY')).execute();
  await db.schema.alterTable('jobs').addColumn('salary_period', 'text', (c) => c.notNull().defaultTo('month')).execute();
  await db
    .updateTable('jobs')
    .set({ salary_currency: 'SGD' })
    .where(sql`lower(location)`, 'in', ['singapore', '新加坡'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('salary_period').execute();
  await db.schema.alterTable('jobs').dropColumn('salary_currency').execute();
}
