import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { FileStorage } from '../files/storage.js';
import { mergeEntries, sameEntry } from './ledger-file.js';
import type { LedgerEntry } from './ledger-file.js';
import { anonymiseRows, emailDigest, eraseRows, isErasableKind, removeStored } from './erase.js';

/**
 * The erasure ledger after a restore (docs/decisions/0043). A backup holds the ledger as it was when
 * the backup was made; the erasures since then are in the ledger of the database the restore
 * replaces. So a forced restore reads that ledger first (`ledgerOf`), and after the restore every
 * entry of both is applied again (`reapplyLedger`): an old backup never brings back a person whose
 * data was erased after it was made.
 */

export type { LedgerEntry } from './ledger-file.js';

async function hasLedger(db: Db): Promise<boolean> {
  try {
    await db.kysely.selectFrom('erasure_ledger').select(sql<number>`1`.as('one')).limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

/** Every entry of a database's ledger, oldest first; none when it has no ledger (before migration 0018). */
export async function ledgerOf(db: Db): Promise<LedgerEntry[]> {
  if (!(await hasLedger(db))) return [];
  return db.kysely
    .selectFrom('erasure_ledger')
    .select(['entity', 'record_id', 'action', 'email_sha256', 'record_created_at', 'at'])
    .orderBy('id', 'asc')
    .execute();
}

/**
 * A record is the one an entry names when its id and creation time match and its e-mail's digest
 * does too (or either has none: an anonymised record keeps no e-mail). After a restore, ids can be
 * given again, so the id alone could name a later, unrelated record.
 */
function isNamed(entry: LedgerEntry, row: { email: unknown; created_at: unknown }): boolean {
  if (String(row.created_at) !== entry.record_created_at) return false;
  const digest = emailDigest(String(row.email ?? ''));
  return !entry.email_sha256 || !digest || digest === entry.email_sha256;
}

/**
 * Adds `carried` (the replaced database's entries) to `db`'s ledger, then erases or anonymises again
 * every record an entry names, rows and stored files. Answers how many records it changed.
 */
export async function reapplyLedger(db: Db, options: { storage?: FileStorage; carried?: readonly LedgerEntry[] } = {}): Promise<number> {
  const carried = options.carried ?? [];
  // The ledger (and the columns anonymising writes) come with migration 0018: an older backup is
  // brought up to it when there is something to apply, as the server would at its next start.
  if (carried.length) await migrateToLatest(db);
  const held = await ledgerOf(db);
  const missing = mergeEntries(carried).filter((entry) => !held.some((h) => sameEntry(h, entry)));
  if (missing.length) await db.kysely.insertInto('erasure_ledger').values(missing).execute();
  let changed = 0;
  for (const entry of [...held, ...missing]) {
    if (!isErasableKind(entry.entity)) continue;
    const kind = entry.entity;
    const id = Number(entry.record_id);
    const done = await db.kysely.transaction().execute(async (trx) => {
      const table = { JobApplication: 'job_applications', ContactInfo: 'contact_infos', JoinUs: 'join_us' }[kind] as 'contact_infos';
      const row = await trx.selectFrom(table).select(['email', 'created_at', 'anonymised_at']).where('id', '=', id).executeTakeFirst();
      if (!row || !isNamed(entry, row)) return undefined;
      if (entry.action === 'anonymise' && row.anonymised_at) return undefined;
      return (entry.action === 'erase' ? eraseRows : anonymiseRows)(trx, db.engine, kind, id);
    });
    if (!done) continue;
    changed++;
    if (done.storageKey && options.storage) await removeStored(options.storage, done.storageKey);
  }
  return changed;
}
