import { SqliteAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Version 0 of the privacy notice is kept (docs/decisions/0048): the notice in force before the first
 * version was published, which everyone who sent a form before then agreed to.
 * - `privacy_notices.published_at` may be null: version 0 was never published through Portico.
 *   PostgreSQL drops the constraint; SQLite, which cannot, copies the table into a new one.
 * - A database that has published versions but no version 0 gets it back from the site settings'
 *   revisions (0037), where it can be found for certain; otherwise it keeps none.
 */
type Notice = { 'zh-CN'?: string; 'en-US'?: string };

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createTable('privacy_notices_0022')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('text_zh', 'text', (c) => c.notNull())
      .addColumn('text_en', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text')
      .addColumn('published_by', 'text')
      .execute();
    await sql`insert into privacy_notices_0022 (version, text_zh, text_en, published_at, published_by)
      select version, text_zh, text_en, published_at, published_by from privacy_notices`.execute(db);
    await db.schema.dropTable('privacy_notices').execute();
    await db.schema.alterTable('privacy_notices_0022').renameTo('privacy_notices').execute();
  } else {
    await db.schema.alterTable('privacy_notices').alterColumn('published_at', (c) => c.dropNotNull()).execute();
  }
  await recoverVersionZero(db);
}

/**
 * Every save of the site settings kept the settings it replaced as a revision, in order, and since
 * versions are kept every save that changed the notice (as JSON, the test the save made) published
 * exactly one. Walking back from the settings as they are, the n-th change of the notice is therefore
 * the one that published version (latest - n + 1), and the notice before the change that published
 * version 1 is version 0. Each change found must carry its version's text; if one does not (the
 * history is not what it should be), nothing is guessed and version 0 stays unknown.
 */
async function recoverVersionZero(db: Kysely<any>): Promise<void> {
  const versions = await db.selectFrom('privacy_notices').select(['version', 'text_zh', 'text_en']).orderBy('version').execute();
  if (versions.length === 0 || Number(versions[0].version) === 0) return;
  const settings = await db.selectFrom('site_settings').select('settings').where('id', '=', 1).executeTakeFirst();
  const revisions = await db.selectFrom('revisions').select('record_json').where('entity', '=', 'Site').where('record_key', '=', '1').orderBy('id').execute();
  const notices: (Notice | undefined)[] = [
    ...revisions.map((r) => (JSON.parse(String(r.record_json)) as { privacyNotice?: Notice }).privacyNotice),
    settings ? (JSON.parse(String(settings.settings)) as { privacyNotice?: Notice }).privacyNotice : undefined,
  ];
  const textOf = new Map(versions.map((v) => [Number(v.version), { zh: String(v.text_zh), en: String(v.text_en) }]));
  let version = Number(versions[versions.length - 1].version);
  for (let i = notices.length - 1; i > 0; i--) {
    const after = notices[i];
    const before = notices[i - 1];
    if (!after || !before) return;
    if (JSON.stringify(after) === JSON.stringify(before)) continue;
    const published = textOf.get(version);
    if (!published || published.zh !== (after['zh-CN'] ?? '') || published.en !== (after['en-US'] ?? '')) return;
    if (version === 1) {
      await db
        .insertInto('privacy_notices')
        .values({ version: 0, text_zh: before['zh-CN'] ?? '', text_en: before['en-US'] ?? '', published_at: null, published_by: null })
        .execute();
      return;
    }
    version -= 1;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Version 0 is the only one without a time; the constraint comes back without it.
  await db.deleteFrom('privacy_notices').where('published_at', 'is', null).execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema
      .createTable('privacy_notices_0020')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('text_zh', 'text', (c) => c.notNull())
      .addColumn('text_en', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text')
      .execute();
    await sql`insert into privacy_notices_0020 (version, text_zh, text_en, published_at, published_by)
      select version, text_zh, text_en, published_at, published_by from privacy_notices`.execute(db);
    await db.schema.dropTable('privacy_notices').execute();
    await db.schema.alterTable('privacy_notices_0020').renameTo('privacy_notices').execute();
  } else {
    await db.schema.alterTable('privacy_notices').alterColumn('published_at', (c) => c.setNotNull()).execute();
  }
}
