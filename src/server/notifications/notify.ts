import { sql } from 'kysely';
import type { Locale } from '../../shared/locale.js';
import { moduleKeysOf } from '../../shared/modules.js';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { textIn } from '../../shared/fields.js';
import type { AppContext } from '../context.js';
import { emailDigest } from '../erasure/erase.js';
import { cachedSiteSettings } from '../site/repository.js';

/**
 * Mail about the contact and join-us forms (docs/decisions/0045): a digest to the module's staff at
 * most once per `NOTIFY_DIGEST_MINUTES`, and an acknowledgement to the sender at most once a day per
 * address. Neither repeats anything a visitor wrote: the digest counts and links to the back-office
 * (staff read the messages there, behind their module), the acknowledgement is a fixed text, so
 * Portico cannot be made to send a stranger words of someone else's choosing.
 */

export type FormKind = 'ContactInfo' | 'JoinUs';

const FORMS = {
  ContactInfo: { table: 'contact_infos', module: 'contact', path: ADMIN_PATHS.contact },
  JoinUs: { table: 'join_us', module: 'joinus', path: ADMIN_PATHS.joinUs },
} as const;

const DIGEST_TEXT = {
  ContactInfo: { zh: '条新的联系留言', en: 'new contact message(s)' },
  JoinUs: { zh: '条新的合作加盟申请', en: 'new join-us entr(ies)' },
} as const;

/** Staff who hold the module, are active and have an e-mail address. */
async function recipientsOf(ctx: AppContext, module: string): Promise<string[]> {
  const users = await ctx.db.kysely.selectFrom('users').select(['email', 'roles']).where('is_active', '=', 1).where('email', '!=', '').execute();
  // Custom roles count as the built-in ones do: read on the module is enough to be told (0059).
  const custom = await ctx.roleCache.grants(ctx.db.kysely);
  const addresses = users.filter((u) => moduleKeysOf(JSON.parse(u.roles) as string[], custom).has(module as never)).map((u) => u.email.trim());
  return [...new Set(addresses.filter(Boolean))];
}

export type DigestResult = Record<FormKind, { records: number; recipients: number } | null>;

/**
 * Sends each form's digest when its interval since the last one has passed and something came in.
 * The mark is changed compare-and-set, so of several instances ticking at once exactly one sends.
 */
export async function sendDigests(ctx: AppContext, now = new Date()): Promise<DigestResult> {
  const db = ctx.db.kysely;
  const intervalMs = ctx.config.notify.digestMinutes * 60_000;
  const nowText = now.toISOString();
  const result: DigestResult = { ContactInfo: null, JoinUs: null };
  for (const kind of Object.keys(FORMS) as FormKind[]) {
    const form = FORMS[kind];
    const key = `digest:${form.module}`;
    // The first tick ever covers one interval back, rather than every message the site ever had.
    const start = new Date(now.getTime() - intervalMs).toISOString();
    await db.insertInto('notification_marks').values({ key, covered_to: start, sent_at: '1970-01-01T00:00:00.000Z' }).onConflict((c) => c.column('key').doNothing()).execute();
    const mark = await db.selectFrom('notification_marks').select(['covered_to', 'sent_at']).where('key', '=', key).executeTakeFirstOrThrow();
    if (now.getTime() - Date.parse(mark.sent_at) < intervalMs) continue;
    const counted = await db
      .selectFrom(form.table)
      .select(sql<number>`count(*)`.as('n'))
      .where('created_at', '>', mark.covered_to)
      .where('created_at', '<=', nowText)
      .executeTakeFirst();
    const records = Number(counted?.n ?? 0);
    if (records === 0) continue;
    const claimed = await db
      .updateTable('notification_marks')
      .set({ covered_to: nowText, sent_at: nowText })
      .where('key', '=', key)
      .where('sent_at', '=', mark.sent_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const recipients = await recipientsOf(ctx, form.module);
    const link = `${ctx.config.publicUrl}${form.path}`;
    const text = DIGEST_TEXT[kind];
    for (const to of recipients) {
      await ctx.mailer.send({
        to,
        subject: `[Portico] ${records} ${text.zh} / ${records} ${text.en}`,
        text: `${records} ${text.zh}，请登录后台查看：\n${link}\n\n${records} ${text.en} since the last notice. Read them in the back-office:\n${link}\n`,
      });
    }
    result[kind] = { records, recipients: recipients.length };
  }
  return result;
}

const ACK_GAP_MS = 86_400_000;

const ACK_TEXT: Record<Locale, (site: string) => { subject: string; text: string }> = {
  'zh-CN': (site) => ({
    subject: `${site}：我们已收到您的留言`,
    text: `您好！\n\n我们已收到您通过${site}网站提交的信息，会尽快与您联系。\n\n此邮件由系统自动发送，请勿回复。如果您没有提交过任何信息，请忽略本邮件。\n`,
  }),
  'en-US': (site) => ({
    subject: `${site}: we have received your message`,
    text: `Hello,\n\nWe have received what you sent through the ${site} website and will get back to you soon.\n\nThis message was sent automatically; please do not reply. If you did not send anything, please ignore it.\n`,
  }),
};

/**
 * Tells a form's sender it arrived, in the form's language, at most once a day per address: the
 * address's digest and the time are kept (compare-and-set, so two submissions at once send one).
 * Answers whether a message went.
 */
export async function acknowledge(ctx: AppContext, address: string, locale: Locale, now = new Date()): Promise<boolean> {
  // Only the address's digest is kept, the same one the erasure ledger keeps; never the address.
  const digest = emailDigest(address);
  if (!digest) return false;
  const sentAt = now.toISOString();
  const cutoff = new Date(now.getTime() - ACK_GAP_MS).toISOString();
  const result = await ctx.db.kysely
    .insertInto('acknowledgements')
    .values({ address_sha256: digest, sent_at: sentAt })
    .onConflict((c) => c.column('address_sha256').doUpdateSet({ sent_at: sentAt }).where('acknowledgements.sent_at', '<=', cutoff))
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  const settings = await cachedSiteSettings(ctx);
  const site = textIn(settings.companyName, locale) || 'Portico';
  await ctx.mailer.send({ to: address.trim(), ...ACK_TEXT[locale](site) });
  return true;
}

/**
 * Forgets acknowledgements older than the day they hold back: past it, a row limits nothing and
 * would only keep, for no purpose, a trace that someone wrote. The daily retention run calls it.
 */
export async function purgeAcknowledgements(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ACK_GAP_MS).toISOString();
  const result = await ctx.db.kysely.deleteFrom('acknowledgements').where('sent_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The digest timer of one instance: ticks every minute (or the interval, when shorter), unref'd,
 * stopped on close. Which instance sends is decided by the mark, not by the timer.
 */
export class DigestSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): this {
    const every = Math.min(60_000, this.ctx.config.notify.digestMinutes * 60_000);
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = sendDigests(this.ctx)
        .catch((error: unknown) => this.ctx.log.warn({ code: (error as { code?: string }).code }, 'form digest failed'))
        .finally(() => (this.running = null));
    }, every).unref();
    return this;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
