import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { claimMails, findMail, markMail, markMailsSent } from './mail.repository';
import { AppError } from '../../lib/app-error';

const MAX_ATTEMPTS = 5;

/**
 * Delivers rows of the e-mail outbox, one `mail.send` job per event's mails (decisions 085, 090):
 * the job runner runs it after the commit that wrote the mails, and again with its back-off when SMTP fails (up to 5
 * sends). With SMTP_URL, through nodemailer. Without it, in development and test the mail is marked `logged`
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
   * The `mail.send` job: sends its outbox rows (one event's mails: claimed in one statement, the sent
   * ones recorded in one; without SMTP_URL outside production the claim records them as logged). A
   * mail already sent (a job run twice) is left alone. Throws when a mail should be tried again, so
   * the runner retries the job (and only the mails still pending go out again).
   */
  async send(ids: number | number[]): Promise<void> {
    const list = Array.isArray(ids) ? ids : [ids];
    if (!this.transport && this.opts.production) {
      const seen = (await Promise.all(list.map((id) => findMail(this.db, id)))).filter((m) => m !== undefined);
      if (!seen.length) return;
      for (const m of seen) {
        this.log.warn(
          { mailId: m.id, template: m.template },
          'e-mail waiting in the outbox: set SMTP_URL (smtp://user:password@host:587) and restart to send it',
        );
      }
      throw new AppError('unavailable', 'SMTP_URL is not set');
    }
    if (!this.transport) {
      for (const mail of await claimMails(this.db, list, true)) {
        this.log.info(
          { mailId: mail.id, to: mail.toAddress, subject: mail.subject, template: mail.template },
          `e-mail (no SMTP_URL, not sent):\n${mail.textBody}`,
        );
      }
      return;
    }
    const transport = await this.transport;
    const sent: number[] = [];
    let retry: unknown;
    for (const mail of await claimMails(this.db, list)) {
      try {
        await transport.sendMail({
          from: this.opts.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        });
        sent.push(mail.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const last = mail.attempts >= MAX_ATTEMPTS;
        await markMail(this.db, mail.id, last ? 'failed' : 'pending', message.slice(0, 500));
        this.log.warn({ mailId: mail.id, attempt: mail.attempts, err: message }, 'e-mail delivery failed');
        if (!last) retry ??= err;
      }
    }
    await markMailsSent(this.db, sent);
    if (retry) throw retry;
  }

  async stop(): Promise<void> {
    (await this.transport)?.close();
  }
}
