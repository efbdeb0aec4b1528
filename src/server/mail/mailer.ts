import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** Where messages land when no SMTP server is configured. */
export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail over SMTP when `SMTP_URL` is set; otherwise writes each message as an `.eml` file to
 * `DATA_DIR/outbox/`, so a laptop install works and every message can be read.
 */
export class Mailer {
  /**
   * Made for the first message: nodemailer (2-3 MB of the server's heap once loaded) is loaded only
   * by a server that sends mail (docs/decisions/0066).
   */
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }) {}

  private transportOf(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.options.smtpUrl
        ? nodemailer.createTransport(this.options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }

  /**
   * Never fails the request that caused it: a failure is logged. Over SMTP the message goes out in
   * the background, so a slow mail server never delays an answer; a message for the outbox is on
   * disk when this resolves (a local write takes a moment), so it is there as soon as the request
   * that caused it is answered.
   */
  async send(message: MailMessage): Promise<void> {
    const job = this.deliver(message).catch((error: unknown) => {
      // Neither the subject nor the error's text: both can name the recipient (docs/decisions/0043).
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      this.options.log.error({ code, responseCode }, 'mail could not be sent');
    });
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    if (!this.options.smtpUrl) await job;
  }

  private async deliver(message: MailMessage) {
    const info = await (await this.transportOf()).sendMail({ from: this.options.from, ...message });
    if (!this.options.smtpUrl) {
      await fs.promises.mkdir(this.options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.promises.writeFile(path.join(this.options.outboxDir, name), info.message as Buffer);
    }
  }

  /** Waits for every message under way; called on shutdown and by tests. */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  close(): void {
    void this.transport?.then((transport) => transport.close()).catch(() => undefined);
  }
}
