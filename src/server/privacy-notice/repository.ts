import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { LocalizedText } from '../../shared/fields.js';
import type { CurrentPrivacyNotice, PrivacyNoticeVersion } from '../../shared/schemas/privacy-notice.js';
import { conflict } from '../http/errors.js';
import type { KyselyDb, PrivacyNoticesTable } from '../db/schema.js';
import { nowIso } from '../time.js';

/** The current version: the highest published, else 0 (the notice from before versions were kept). */
export async function currentPrivacyNotice(db: KyselyDb): Promise<CurrentPrivacyNotice> {
  const row = await db.selectFrom('privacy_notices').select(['version', 'published_at']).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return { version: row ? Number(row.version) : 0, publishedAt: row?.published_at ?? null };
}

/**
 * Publishes the notice's text as the next version, in the transaction that saves it to the site
 * settings. The first publish keeps `inForce`, the notice the settings held until now, as version 0
 * first: everyone who sent a form before agreed to it, and after this save nothing else holds it
 * (docs/decisions/0048). The version number is the primary key: two saves at once cannot both take
 * one number, the second fails and rolls back its save.
 */
export async function publishPrivacyNotice(trx: KyselyDb, text: LocalizedText, publishedBy: string | null, inForce: LocalizedText): Promise<number> {
  const { version } = await currentPrivacyNotice(trx);
  const kept = await trx.selectFrom('privacy_notices').select('version').limit(1).executeTakeFirst();
  // Only while nothing is kept: once a later version is, the text in force is that one's, not 0's.
  if (!kept) await trx.insertInto('privacy_notices').values({ version: 0, ...columnsOf(inForce), published_at: null, published_by: null }).execute();
  const next = version + 1;
  await trx
    .insertInto('privacy_notices')
    .values({ version: next, ...columnsOf(text), published_at: nowIso(), published_by: publishedBy })
    .execute();
  return next;
}

const columnsOf = (text: LocalizedText) => ({ text_zh: text['zh-CN'] ?? '', text_en: text['en-US'] ?? '' });

const versionOf = (row: Selectable<PrivacyNoticesTable>): PrivacyNoticeVersion => ({
  version: Number(row.version),
  text: { 'zh-CN': row.text_zh, 'en-US': row.text_en },
  publishedAt: row.published_at,
  publishedBy: row.published_by,
});

/** The versions kept, newest first, a page at a time. */
export async function listPrivacyNotices(db: KyselyDb, page: number, pageSize: number): Promise<{ items: PrivacyNoticeVersion[]; total: number }> {
  const counted = await db.selectFrom('privacy_notices').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const rows = await db
    .selectFrom('privacy_notices')
    .selectAll()
    .orderBy('version', 'desc')
    .offset((page - 1) * pageSize)
    .limit(pageSize)
    .execute();
  return { total: Number(counted?.n ?? 0), items: rows.map(versionOf) };
}

/** One version kept, or null: an unknown one, or 0 before any is published (the site settings hold it then). */
export async function readPrivacyNotice(db: KyselyDb, version: number): Promise<PrivacyNoticeVersion | null> {
  const row = await db.selectFrom('privacy_notices').selectAll().where('version', '=', version).executeTakeFirst();
  return row ? versionOf(row) : null;
}

/**
 * The version a submission keeps: the one its form showed, which must be the current one. A form
 * read before a new version was published is refused (`stale-privacy-notice`), so nobody is taken to
 * have agreed to a text they were not shown; the page's reload shows the new one. A form that sends
 * none (an API client from before versions) is taken to accept the current version.
 */
export async function acceptedPrivacyVersion(db: KyselyDb, given: number | undefined): Promise<number> {
  const { version } = await currentPrivacyNotice(db);
  if (given !== undefined && given !== version) {
    throw conflict(
      'stale-privacy-notice',
      given > version
        ? 'Unknown privacy notice version; reload the page and try again / 隐私声明版本无效，请刷新页面后重试'
        : 'The privacy notice has changed since this page was opened; reload the page, read it and send the form again / 隐私声明已更新，请刷新页面阅读后重新提交',
      // The current version, which a form still on the page takes once its visitor has read it.
      { version },
    );
  }
  return version;
}
