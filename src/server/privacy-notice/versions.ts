import type { PrivacyNoticeVersion } from '../../shared/schemas/privacy-notice.js';
import type { KyselyDb } from '../db/schema.js';
import { readSiteSettings } from '../site/repository.js';
import { currentPrivacyNotice, listPrivacyNotices, readPrivacyNotice } from './repository.js';

/**
 * The versions as staff read them (docs/decisions/0048): those kept, and before any is published,
 * version 0 as the site settings hold it, since it is the notice in force and everyone so far agreed
 * to it. Beside the repository, not in it: the site settings' repository publishes through that one.
 *
 * The settings are read before the versions: if none is kept after that read, none was published
 * before it either, so the notice it read is still version 0.
 */
async function unpublishedZero(db: KyselyDb): Promise<PrivacyNoticeVersion> {
  const settings = await readSiteSettings(db);
  return { version: 0, text: settings.privacyNotice, publishedAt: null, publishedBy: null };
}

export async function privacyNoticeVersions(db: KyselyDb, page: number, pageSize: number): Promise<{ items: PrivacyNoticeVersion[]; total: number }> {
  const zero = await unpublishedZero(db);
  const kept = await listPrivacyNotices(db, page, pageSize);
  if (kept.total > 0) return kept;
  return { total: 1, items: page === 1 ? [zero] : [] };
}

/** One version, or null when it is not known: never published, or 0 on a site that could not keep it. */
export async function privacyNoticeVersion(db: KyselyDb, version: number): Promise<PrivacyNoticeVersion | null> {
  if (version !== 0) return readPrivacyNotice(db, version);
  const zero = await unpublishedZero(db);
  const kept = await readPrivacyNotice(db, 0);
  if (kept) return kept;
  return (await currentPrivacyNotice(db)).version === 0 ? zero : null;
}
