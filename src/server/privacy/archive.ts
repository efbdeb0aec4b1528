import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { DataSubject, DataSubjectCounts, DataSubjectKind } from '../../shared/schemas/data-subject.js';
import { DATA_SUBJECT_KINDS } from '../../shared/schemas/data-subject.js';
import type { AppContext } from '../context.js';
import type { ResourceDef } from '../crud/definition.js';
import { findRow } from '../crud/operations.js';
import { historyOf } from '../crud/status-history.js';
import { matchingIds, resumeFileOf } from './repository.js';
import { isStoredKey } from '../files/repository.js';

/**
 * The archive of everything held about one person (docs/decisions/0044): `records.json` (each record
 * in full with its status history, by kind) and `resumes/` (each application's résumé, its bytes as
 * uploaded), as one .tar.gz. It is put together in a private temporary folder, streamed, and the
 * folder is removed as soon as the stream ends, however it ends.
 */

export const RECORDS_FILE = 'records.json';
export const RESUMES_DIR = 'resumes';

/** A file name safe as one archive entry: no folders, no leading dots, nothing unprintable. */
const entryName = (name: string) => name.replace(/[/\\\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(0, 150) || 'resume';

export interface SubjectArchive {
  stream: Readable;
  /** Removes the temporary folder; safe to call more than once. */
  cleanup(): Promise<void>;
}

export async function buildSubjectArchive(
  ctx: AppContext,
  defs: Record<DataSubjectKind, ResourceDef<unknown>>,
  subject: DataSubject,
  counts: DataSubjectCounts,
  exportedAt: string,
): Promise<SubjectArchive> {
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portico-subject-'));
  const cleanup = () => fs.promises.rm(staging, { recursive: true, force: true });
  try {
    const records: Record<string, unknown[]> = {};
    const entries = [RECORDS_FILE];
    for (const kind of DATA_SUBJECT_KINDS) {
      const def = defs[kind];
      records[kind] = [];
      for (const id of await matchingIds(ctx.db.kysely, kind, subject)) {
        const row = await findRow(ctx, def, id);
        if (!row) continue; // erased since it was counted
        const record = {
          ...(def.present(row) as Record<string, unknown>),
          clientAddress: row.client_address ?? null,
          history: await historyOf(ctx.db.kysely, def.name, id),
        } as Record<string, unknown>;
        if (kind === 'JobApplication') record.resumeFile = await copyResume(ctx, id, staging, entries);
        records[kind].push(record);
      }
    }
    const document = { exportedAt, subject, counts, records };
    await fs.promises.writeFile(path.join(staging, RECORDS_FILE), `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
    const tar = await import('tar');
    const stream = tar.create({ gzip: true, cwd: staging, portable: true }, entries) as unknown as Readable;
    let cleaned = false;
    const once = async () => {
      if (cleaned) return;
      cleaned = true;
      await cleanup();
    };
    stream.once('end', () => void once());
    stream.once('close', () => void once());
    stream.once('error', () => void once());
    return { stream, cleanup: once };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Copies one application's résumé into the folder; answers its path in the archive, or null when its file is gone. */
async function copyResume(ctx: AppContext, applicationId: number, staging: string, entries: string[]): Promise<string | null> {
  const file = await resumeFileOf(ctx.db.kysely, applicationId);
  if (!file || !isStoredKey(file.storage_key)) return null;
  const entry = `${RESUMES_DIR}/${applicationId}-${entryName(file.name)}`;
  await fs.promises.mkdir(path.join(staging, RESUMES_DIR), { recursive: true });
  try {
    await pipeline(ctx.storage.read(file.storage_key), fs.createWriteStream(path.join(staging, entry), { mode: 0o600 }));
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  entries.push(entry);
  return entry;
}
