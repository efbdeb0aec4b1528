import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ErasureLedgerTable } from '../db/schema.js';

/**
 * The erasure ledger's copy outside the database (docs/decisions/0043): a file of JSON lines beside
 * the backups, which a restore reads wherever it restores, a new machine included. The database's
 * ledger alone travels inside the backups, so an old backup restored into an empty target had no
 * newer ledger to apply; this file is the newer ledger. It holds what the database's does: entity,
 * record id, action, the e-mail's digest and two times, nothing personal.
 *
 * Written twice over: every erasure appends its entry when BACKUP_DIR is set, and every backup
 * writes the database's whole ledger into the folder it writes to (so an erasure made on an
 * instance without the folder reaches it with the next backup).
 */

/** One entry of the ledger, in the database and in the file alike: the table's columns but its id. */
export type LedgerEntry = Omit<ErasureLedgerTable, 'id'>;

export const LEDGER_FILE = 'erasure-ledger.jsonl';

const lineSchema = z.strictObject({
  // The API's entity name; a restore applies the kinds it knows and passes over others.
  entity: z.string().min(1).max(50),
  record_id: z.number().int().positive(),
  action: z.enum(['erase', 'anonymise']),
  email_sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  record_created_at: z.string().min(1).max(40),
  at: z.string().min(1).max(40),
});

export class LedgerFileError extends Error {}

export const sameEntry = (a: LedgerEntry, b: LedgerEntry) =>
  a.entity === b.entity && Number(a.record_id) === Number(b.record_id) && a.action === b.action && a.record_created_at === b.record_created_at;

/** `entries` without repeats, the first of each kept. */
export function mergeEntries(...lists: ReadonlyArray<readonly LedgerEntry[]>): LedgerEntry[] {
  const merged: LedgerEntry[] = [];
  for (const entry of lists.flat()) if (!merged.some((kept) => sameEntry(kept, entry))) merged.push(entry);
  return merged;
}

const lineOf = (entry: LedgerEntry) =>
  `${JSON.stringify({ entity: entry.entity, record_id: Number(entry.record_id), action: entry.action, email_sha256: entry.email_sha256, record_created_at: entry.record_created_at, at: entry.at })}\n`;

/**
 * The entries of `folder`'s ledger file; none when it has none. A line that is not an entry stops
 * the restore with its number: skipped, it could be the one erasure that keeps a person erased.
 */
export async function readLedgerFile(folder: string): Promise<LedgerEntry[]> {
  const file = path.join(folder, LEDGER_FILE);
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new LedgerFileError(`${file} cannot be read: ${(error as Error).message}`);
  }
  const entries: LedgerEntry[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const entry = lineSchema.safeParse(parsed);
    if (!entry.success) throw new LedgerFileError(`${file}, line ${index + 1}, is not an erasure ledger entry: correct or remove that line, then restore again`);
    entries.push(entry.data);
  }
  return entries;
}

/** Appends entries to `folder`'s ledger file, creating it (and the folder) when needed. */
export async function appendLedgerFile(folder: string, entries: readonly LedgerEntry[]): Promise<void> {
  if (!entries.length) return;
  await fs.promises.mkdir(folder, { recursive: true });
  await fs.promises.appendFile(path.join(folder, LEDGER_FILE), entries.map(lineOf).join(''), { mode: 0o600 });
}

/** Adds to `folder`'s ledger file the entries it lacks, written whole to a new file, then renamed over it. */
export async function mergeIntoLedgerFile(folder: string, entries: readonly LedgerEntry[]): Promise<number> {
  const held = await readLedgerFile(folder);
  const merged = mergeEntries(held, entries);
  if (merged.length === held.length) return 0;
  const partial = path.join(folder, `.${LEDGER_FILE}.partial`);
  await fs.promises.writeFile(partial, merged.map(lineOf).join(''), { mode: 0o600 });
  await fs.promises.rename(partial, path.join(folder, LEDGER_FILE));
  return merged.length - held.length;
}
