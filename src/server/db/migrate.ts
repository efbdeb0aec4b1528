import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-list-indexes.js';
import * as m0003 from './migrations/0003-remaining-list-indexes.js';
import * as m0004 from './migrations/0004-application-search-index.js';
import * as m0005 from './migrations/0005-application-search-terms.js';
import * as m0006 from './migrations/0006-application-term-counts.js';
import * as m0007 from './migrations/0007-inquiry-status-counts.js';
import * as m0008 from './migrations/0008-nulls-first-indexes.js';
import * as m0009 from './migrations/0009-media-library.js';
import * as m0010 from './migrations/0010-site-settings.js';
import * as m0011 from './migrations/0011-editable-pages.js';
import * as m0012 from './migrations/0012-unique-category-names.js';
import * as m0013 from './migrations/0013-job-image.js';
import * as m0014 from './migrations/0014-audit-log.js';
import * as m0015 from './migrations/0015-revisions.js';
import * as m0016 from './migrations/0016-accounts.js';
import * as m0017 from './migrations/0017-two-factor.js';
import * as m0018 from './migrations/0018-erasure.js';
import * as m0019 from './migrations/0019-data-subject-indexes.js';
import * as m0020 from './migrations/0020-retention-consent-notifications.js';
import * as m0021 from './migrations/0021-updated-by.js';
import * as m0022 from './migrations/0022-privacy-notice-version-zero.js';
import * as m0023 from './migrations/0023-translations.js';
import * as m0025 from './migrations/0025-salary-currency-period.js';
import * as m0026 from './migrations/0026-candidate-emails.js';
import * as m0027 from './migrations/0027-offices.js';
import * as m0028 from './migrations/0028-custom-roles.js';

/** Every migration in order; the name is the sortable prefix and never changes once released. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-list-indexes': m0002,
  '0003-remaining-list-indexes': m0003,
  '0004-application-search-index': m0004,
  '0005-application-search-terms': m0005,
  '0006-application-term-counts': m0006,
  '0007-inquiry-status-counts': m0007,
  '0008-nulls-first-indexes': m0008,
  '0009-media-library': m0009,
  '0010-site-settings': m0010,
  '0011-editable-pages': m0011,
  '0012-unique-category-names': m0012,
  '0013-job-image': m0013,
  '0014-audit-log': m0014,
  '0015-revisions': m0015,
  '0016-accounts': m0016,
  '0017-two-factor': m0017,
  '0018-erasure': m0018,
  '0019-data-subject-indexes': m0019,
  '0020-retention-consent-notifications': m0020,
  '0021-updated-by': m0021,
  '0022-privacy-notice-version-zero': m0022,
  '0023-translations': m0023,
  '0025-salary-currency-period': m0025,
  '0026-candidate-emails': m0026,
  '0027-offices': m0027,
  '0028-custom-roles': m0028,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; runs at start-up on both engines. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.sessions, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
