import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { claimMail, findMail, findPendingMails, markMail } from './mail.repository';

const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 60_000;

/**
 * Delivers rows of the e-mail outbox. With SMTP_URL, through nodemailer (failures are retried by a
 * sweep every minute, up to 5 attempts). Without it, in development and test the mail is marked
 * `logged` and its text — including any link — goes to the log, so a developer can follow it; in
 * production a mail's text never reaches the log (a reset link there is an account taken over): the
 * mail waits in the outbox, and the log says how to send it.
 */
export class Mailer {
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string; production?: boolean },
  ) {
    // nodemailer is loaded only when there is an SMTP server to send to (decision 086).
    if (opts.smtpUrl) this.transport = import('nodemailer').then((m) => m.default.createTransport(opts.smtpUrl));
  }

  /** Sends one outbox row now (after the transaction that wrote it has committed). */
  deliver(id: number): Promise<void> {
    const p = this.deliverOne(id).catch((err: unknown) => this.log.error({ err, mailId: id }, 'mail delivery crashed'));
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }

  private async deliverOne(id: number): Promise<void> {
    const seen = await findMail(this.db, id);
    if (!seen) return;
    if (!this.transport && this.opts.production) {
      this.log.warn({ mailId: id, template: seen.template }, 'e-mail waiting in the outbox: set SMTP_URL (smtp://user:password@host:587) and restart to send it');
      return;
    }
    const mail = await claimMail(this.db, id, seen.attempts);
    if (!mail) return; // someone else took it, or it is already done
    if (!this.transport) {
      await markMail(this.db, id, 'logged');
      this.log.info({ mailId: id, to: mail.toAddress, subject: mail.subject, template: mail.template }, `e-mail (no SMTP_URL, not sent):\n${mail.textBody}`);
      return;
    }
    try {
      await (await this.transport).sendMail({
        from: this.opts.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      await markMail(this.db, id, 'sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markMail(this.db, id, mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', message.slice(0, 500));
      this.log.warn({ mailId: id, attempt: mail.attempts, err: message }, 'e-mail delivery failed');
    }
  }

  /** Retries mail left pending (a crash between commit and send, or an SMTP failure). */
  async sweep(): Promise<void> {
    const rows = await findPendingMails(this.db, { olderThan: new Date(Date.now() - RETRY_EVERY_MS), maxAttempts: MAX_ATTEMPTS, limit: 20 });
    for (const row of rows) await this.deliver(row.id);
  }

  start(): void {
    if (!this.transport && this.opts.production) return; // nothing can be sent; the outbox keeps the mail
    this.timer ??= setInterval(() => void this.sweep().catch((err: unknown) => this.log.error({ err }, 'mail sweep failed')), RETRY_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight]);
    (await this.transport)?.close();
  }
}
