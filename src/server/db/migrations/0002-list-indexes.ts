import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/** An index for every filter and sort column that the lists offer and 0001 did not cover. */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['news_status_published', 'news', ['status', 'published_at']],
  ['news_locale', 'news', ['locale', 'published_at']],
  ['news_template', 'news', ['template']],
  ['news_title', 'news', ['title']],
  ['news_view_count', 'news', ['view_count']],
  ['news_updated_at', 'news', ['updated_at']],
  ['jobs_department', 'jobs', ['department']],
  ['jobs_employment_type', 'jobs', ['employment_type']],
  ['jobs_locale', 'jobs', ['locale', 'published_at']],
  ['jobs_title', 'jobs', ['title']],
  ['jobs_closes_at', 'jobs', ['closes_at']],
  ['jobs_updated_at', 'jobs', ['updated_at']],
  ['job_applications_name', 'job_applications', ['name']],
  ['job_applications_updated_at', 'job_applications', ['updated_at']],
  ['contact_infos_name', 'contact_infos', ['name']],
  ['contact_infos_updated_at', 'contact_infos', ['updated_at']],
  ['join_us_name', 'join_us', ['name']],
  ['join_us_updated_at', 'join_us', ['updated_at']],
  ['join_us_region', 'join_us', ['region']],
  ['join_us_cooperation_type', 'join_us', ['cooperation_type']],
  ['news_categories_name', 'news_categories', ['name']],
  ['job_categories_name', 'job_categories', ['name']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
