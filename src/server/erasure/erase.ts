import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { recordAudit } from '../audit/record.js';
import type { AuditActor } from '../audit/record.js';
import type { AppContext } from '../context.js';
import type { Engine } from '../db/connect.js';
import type { KyselyDb } from '../db/schema.js';
import type { FileStorage } from '../files/storage.js';
import { notFound } from '../http/errors.js';
import { outboxDirOf } from '../mail/mailer.js';
import { isStoredKey, removedFileKey } from '../files/repository.js';
import { indexedApplicationOf, unindexApplication } from '../resources/applications/search.js';
import { nowIso } from '../time.js';
import { purgeOutbox } from './outbox.js';
import { appendLedgerFile } from './ledger-file.js';
import type { LedgerEntry } from './ledger-file.js';

/**
 * Erasing and anonymising applicants' data (docs/decisions/0043). An erasure deletes a record with
 * everything kept beside it (status history, keyword index and its counts, the résumé's file row) in
 * one transaction, writes its ledger entry and its audit entry there, and removes the stored résumé
 * and the outbox's mail to the person after the commit. An anonymisation replaces the personal
 * fields with neutral values and keeps the status, job and dates for the statistics.
 *
 * The row functions (`eraseRows`, `anonymiseRows`) take a transaction and no context: a restore
 * applies the ledger again through them (`reapplyErasures` in backup/restore.ts).
 */

/** The kinds of inquiry records: contact messages and join-us entries, by their API names. */
export type InquiryKind = 'ContactInfo' | 'JoinUs';
export type ErasableKind = 'JobApplication' | InquiryKind;

const TABLES = { JobApplication: 'job_applications', ContactInfo: 'contact_infos', JoinUs: 'join_us' } as const;
const LABELS = { JobApplication: 'Job application', ContactInfo: 'Contact message', JoinUs: 'Join-us entry' } as const;

export const isErasableKind = (entity: string): entity is ErasableKind => entity in TABLES;

/** What an anonymised record's name reads; its other personal fields are emptied. */
export const ANONYMISED_NAME = 'Anonymous';

/**
 * The ledger's digest of an e-mail: SHA-256 of the trimmed, lower-cased address, unsalted (see the
 * decision: a salt kept in the database would not survive the restore it is needed for); null for none.
 */
export function emailDigest(email: string | null | undefined): string | null {
  const normal = (email ?? '').trim().toLowerCase();
  return normal ? createHash('sha256').update(normal).digest('hex') : null;
}

/** What an erasure leaves to do after its commit: the stored résumé and the mail to remove. */
export interface Erased {
  email: string;
  createdAt: string;
  storageKey: string | null;
}

/** The record, locked on PostgreSQL until the transaction ends; undefined when there is none. */
async function lockedRow(trx: KyselyDb, engine: Engine, kind: ErasableKind, id: number) {
  const read = trx.selectFrom(TABLES[kind]).selectAll().where('id', '=', id);
  const row = await (engine === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
  return row as Record<string, unknown> | undefined;
}

async function resumeKey(trx: KyselyDb, fileId: unknown): Promise<string | null> {
  const file = await trx.selectFrom('files').select('storage_key').where('id', '=', Number(fileId)).executeTakeFirst();
  return isStoredKey(file?.storage_key) ? file.storage_key : null;
}

/** Deletes the record and what is kept beside it; undefined when there is no such record. */
export async function eraseRows(trx: KyselyDb, engine: Engine, kind: ErasableKind, id: number): Promise<Erased | undefined> {
  const row = await lockedRow(trx, engine, kind, id);
  if (!row) return undefined;
  let storageKey: string | null = null;
  if (kind === 'JobApplication') {
    storageKey = await resumeKey(trx, row.resume_file_id);
    await unindexApplication(trx, indexedApplicationOf(row));
  }
  await trx.deleteFrom('status_history').where('entity', '=', kind).where('record_id', '=', id).execute();
  // Contact and join-us counts per status follow by trigger (migration 0007).
  await trx.deleteFrom(TABLES[kind]).where('id', '=', id).execute();
  if (kind === 'JobApplication') await trx.deleteFrom('files').where('id', '=', Number(row.resume_file_id)).execute();
  return { email: String(row.email ?? ''), createdAt: String(row.created_at), storageKey };
}

/**
 * Replaces the record's personal fields (name, e-mail, phone, free text, sender's address; for an
 * application also the résumé, whose file row stays with a key naming no file) and the notes of its status
 * moves and the address and subject of the e-mails they sent; undefined when there is no such record. An anonymised record is left as it is.
 */
export async function anonymiseRows(trx: KyselyDb, engine: Engine, kind: ErasableKind, id: number): Promise<Erased | undefined> {
  const row = await lockedRow(trx, engine, kind, id);
  if (!row) return undefined;
  const erased: Erased = { email: String(row.email ?? ''), createdAt: String(row.created_at), storageKey: null };
  if (row.anonymised_at) return erased;
  const now = nowIso();
  const personal = { name: ANONYMISED_NAME, email: '', phone: '', note: '', client_address: '', anonymised_at: now, updated_at: now };
  if (kind === 'JobApplication') {
    erased.storageKey = await resumeKey(trx, row.resume_file_id);
    await unindexApplication(trx, indexedApplicationOf(row));
    await trx.updateTable('job_applications').set({ ...personal, cover_letter: '' }).where('id', '=', id).execute();
    await trx.updateTable('files').set({ name: '', size: 0, storage_key: removedFileKey(Number(row.resume_file_id)) }).where('id', '=', Number(row.resume_file_id)).execute();
  } else {
    const text = { ...personal, company: '', message: '' };
    const extra = kind === 'ContactInfo' ? { subject: '' } : { region: '' };
    await trx
      .updateTable(TABLES[kind])
      .set({ ...text, ...extra } as never)
      .where(sql.ref('id'), '=', id)
      .execute();
  }
  await trx.updateTable('status_history').set({ note: '' }).where('entity', '=', kind).where('record_id', '=', id).execute();
  // An e-mail a move sent stays recorded as sent, without the address and subject it went with
  // (the subject may name the person, docs/decisions/0056).
  await trx
    .updateTable('status_history')
    .set({ email_to: '', email_subject: '' })
    .where('entity', '=', kind)
    .where('record_id', '=', id)
    .where('email_to', 'is not', null)
    .execute();
  return erased;
}

/** The ledger entry of an erasure or anonymisation: ids, times and a digest, nothing personal. */
export async function recordInLedger(trx: KyselyDb, kind: ErasableKind, id: number, action: 'erase' | 'anonymise', erased: Erased): Promise<LedgerEntry> {
  const entry: LedgerEntry = { entity: kind, record_id: id, action, email_sha256: emailDigest(erased.email), record_created_at: erased.createdAt, at: nowIso() };
  await trx.insertInto('erasure_ledger').values(entry).execute();
  return entry;
}

/**
 * The entry's copy beside the backups (erasure/ledger-file.ts), when BACKUP_DIR is set. The erasure
 * is done and committed by then; a copy that cannot be written is logged (no personal data) and
 * written by the next backup, which copies the database's whole ledger there.
 */
async function copyToLedgerFile(ctx: AppContext, entry: LedgerEntry) {
  const folder = ctx.config.backup.dir;
  if (!folder) return;
  try {
    await appendLedgerFile(folder, [entry]);
  } catch (error) {
    ctx.log.error({ code: (error as { code?: string }).code }, 'the erasure ledger file could not be written; the next backup writes it');
  }
}

/** The stored résumé and the outbox's mail naming the person, after the rows are committed. */
async function removeCopies(ctx: AppContext, erased: Erased) {
  if (erased.storageKey) await removeStored(ctx.storage, erased.storageKey, ctx);
  if (erased.email) await purgeOutbox(outboxDirOf(ctx.config.dataDir), [erased.email]);
}

/** A stored file that cannot be removed now is logged by key (no personal data) and left to the next restore's ledger pass. */
export async function removeStored(storage: FileStorage, key: string, ctx?: Pick<AppContext, 'log'>) {
  try {
    await storage.remove(key);
  } catch (error) {
    ctx?.log.error({ key, code: (error as { code?: string }).code }, 'an erased file could not be removed');
  }
}

async function apply(ctx: AppContext, kind: ErasableKind, id: number, actor: AuditActor, action: 'erase' | 'anonymise') {
  const rows = action === 'erase' ? eraseRows : anonymiseRows;
  const { erased, entry } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const done = await rows(trx, ctx.db.engine, kind, id);
    if (!done) throw notFound(LABELS[kind]);
    const entry = await recordInLedger(trx, kind, id, action, done);
    // The record's id only, never what was erased.
    await recordAudit(trx, actor, { action, entity: kind, entityId: id });
    return { erased: done, entry };
  });
  await copyToLedgerFile(ctx, entry);
  await removeCopies(ctx, erased);
}

/** Deletes an application with its résumé, history and index rows; notFound when it is gone. */
export function eraseApplication(ctx: AppContext, id: number, actor: AuditActor): Promise<void> {
  return apply(ctx, 'JobApplication', id, actor, 'erase');
}

/** Deletes a contact message or join-us entry with its history; notFound when it is gone. */
export function eraseInquiry(ctx: AppContext, kind: InquiryKind, id: number, actor: AuditActor): Promise<void> {
  return apply(ctx, kind, id, actor, 'erase');
}

/** Replaces an application's personal fields and removes its résumé, keeping its status, job and dates. */
export function anonymiseApplication(ctx: AppContext, id: number, actor: AuditActor): Promise<void> {
  return apply(ctx, 'JobApplication', id, actor, 'anonymise');
}

/** Replaces an inquiry's personal fields, keeping its status and dates. */
export function anonymiseInquiry(ctx: AppContext, kind: InquiryKind, id: number, actor: AuditActor): Promise<void> {
  return apply(ctx, kind, id, actor, 'anonymise');
}
