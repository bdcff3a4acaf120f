import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { claimMail, findMail, markMail } from './mail.repository';

const MAX_ATTEMPTS = 5;

/**
 * Delivers rows of the e-mail outbox, one `mail.send` job each (decision 085): the job runner runs it
 * after the commit that wrote the mail, and again with its back-off when SMTP fails (up to 5 sends).
 * With SMTP_URL, through nodemailer. Without it, in development and test the mail is marked `logged`
 * and its text — including any link — goes to the log, so a developer can follow it; in production a
 * mail's text never reaches the log (a reset link there is an account taken over): the mail waits in
 * the outbox, its job retried until SMTP_URL is set (then a dead letter the admin console retries).
 */
export class Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string; production?: boolean },
  ) {
    // nodemailer is loaded only when there is an SMTP server to send to (decision 086).
    if (opts.smtpUrl) this.transport = import('nodemailer').then((m) => m.default.createTransport(opts.smtpUrl));
  }

  /**
   * The `mail.send` job: sends one outbox row (two statements: claim the attempt, record the outcome).
   * A mail already sent (a job run twice) is left alone. Throws when the mail should be tried again,
   * so the runner retries it.
   */
  async send(id: number): Promise<void> {
    if (!this.transport && this.opts.production) {
      const seen = await findMail(this.db, id);
      if (!seen) return;
      this.log.warn({ mailId: id, template: seen.template }, 'e-mail waiting in the outbox: set SMTP_URL (smtp://user:password@host:587) and restart to send it');
      throw new Error('SMTP_URL is not set');
    }
    const mail = await claimMail(this.db, id);
    if (!mail) return; // already sent (a job run twice), or gone
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
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = mail.attempts >= MAX_ATTEMPTS;
      await markMail(this.db, id, last ? 'failed' : 'pending', message.slice(0, 500));
      this.log.warn({ mailId: id, attempt: mail.attempts, err: message }, 'e-mail delivery failed');
      if (!last) throw err;
      return;
    }
    await markMail(this.db, id, 'sent');
  }

  async stop(): Promise<void> {
    (await this.transport)?.close();
  }
}
