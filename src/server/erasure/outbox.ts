import fs from 'node:fs';
import path from 'node:path';

/**
 * Without SMTP, every message Portico sends stays in `DATA_DIR/outbox` as an `.eml` file
 * (mail/mailer.ts): an erasure deletes those addressed to the person or naming their e-mail.
 *
 * A message's parts may be quoted-printable (soft line breaks can split an address) or base64, so
 * each file is searched as written and with both encodings undone.
 */

function quotedPrintableDecoded(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text of every base64 block (consecutive lines of base64 characters only). */
function base64Decoded(text: string): string {
  const blocks = text.match(/(?:^[A-Za-z0-9+/=]{4,}\r?\n)+/gm) ?? [];
  return blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8')).join('\n');
}

/** Whether a message, as stored, names any of `emails` (compared lower-cased). */
export function mailNames(raw: string, emails: readonly string[]): boolean {
  const wanted = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (!wanted.length) return false;
  const texts = [raw, quotedPrintableDecoded(raw), base64Decoded(raw)].map((t) => t.toLowerCase());
  return texts.some((text) => wanted.some((email) => text.includes(email)));
}

/** Deletes the outbox's messages naming any of `emails`; answers how many went. */
export async function purgeOutbox(outboxDir: string, emails: readonly string[]): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(outboxDir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const raw = await fs.promises.readFile(file, 'utf8').catch(() => null);
    if (raw !== null && mailNames(raw, emails)) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
