import { SqliteAdapter } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

function withId(db: Kysely<any>, table: CreateTableBuilder<string, never>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return sqlite
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

function withTimestamps(table: CreateTableBuilder<string, never>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('user_name_key', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_login_at', 'text'),
  ).execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  for (const table of ['news_categories', 'job_categories']) {
    await withTimestamps(
      withId(db, db.schema.createTable(table))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex(`${table}_sort`).on(table).columns(['sort_order', 'id']).execute();
  }

  await withTimestamps(
    withId(db, db.schema.createTable('news'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('news_categories.id'))
      .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('template', 'text', (c) => c.notNull().defaultTo('detail'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('published_at', 'text')
      .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN')),
  ).execute();
  await db.schema.createIndex('news_public').on('news').columns(['status', 'is_top', 'published_at', 'id']).execute();
  await db.schema.createIndex('news_published_at').on('news').columns(['published_at', 'id']).execute();
  await db.schema.createIndex('news_category').on('news').columns(['category_id', 'published_at']).execute();
  await db.schema.createIndex('news_created_at').on('news').columns(['created_at', 'id']).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('jobs'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull().references('job_categories.id'))
      .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('employment_type', 'text', (c) => c.notNull().defaultTo('full-time'))
      .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('salary_min', 'integer')
      .addColumn('salary_max', 'integer')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('requirements', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('published_at', 'text')
      .addColumn('closes_at', 'text')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN')),
  ).execute();
  await db.schema.createIndex('jobs_public').on('jobs').columns(['status', 'published_at', 'id']).execute();
  await db.schema.createIndex('jobs_category').on('jobs').columns(['category_id', 'published_at']).execute();
  await db.schema.createIndex('jobs_location').on('jobs').column('location').execute();
  await db.schema.createIndex('jobs_created_at').on('jobs').columns(['created_at', 'id']).execute();

  await withId(db, db.schema.createTable('files'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('job_applications'))
      .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('education', 'text')
      .addColumn('years_of_experience', 'integer')
      .addColumn('cover_letter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('resume_file_id', 'integer', (c) => c.notNull().references('files.id'))
      .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('consent_at', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('client_address', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('job_applications_job').on('job_applications').columns(['job_id', 'created_at']).execute();
  await db.schema.createIndex('job_applications_status').on('job_applications').columns(['status_id', 'created_at']).execute();
  await db.schema.createIndex('job_applications_created_at').on('job_applications').columns(['created_at', 'id']).execute();

  for (const table of ['contact_infos', 'join_us']) {
    let builder = withId(db, db.schema.createTable(table))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('client_address', 'text', (c) => c.notNull().defaultTo(''));
    builder =
      table === 'contact_infos'
        ? builder.addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        : builder
            .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('cooperation_type', 'text', (c) => c.notNull().defaultTo(''));
    await withTimestamps(builder).execute();
    await db.schema.createIndex(`${table}_status`).on(table).columns(['status_id', 'created_at']).execute();
    await db.schema.createIndex(`${table}_created_at`).on(table).columns(['created_at', 'id']).execute();
  }

  await withId(db, db.schema.createTable('status_history'))
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('by_user_name', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('status_history_record').on('status_history').columns(['entity', 'record_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'status_history',
    'join_us',
    'contact_infos',
    'job_applications',
    'files',
    'jobs',
    'news',
    'job_categories',
    'news_categories',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
