import type { AppInstance } from '../../lib/types';
import { MAIL_JOB, mailIdsOf } from './mail.repository';
import { Mailer } from './mailer';

export { Mailer } from './mailer';
export { deleteMailsTo, insertMail, latestMails, MAIL_JOB, mailsTo, queueMails, type NewMail, type QueuedMail } from './mail.repository';
export { escapeHtml, htmlMail } from './layout';
export { emailChangedMail, passwordResetMail } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Puts `app.mailer` on the app and makes it the `mail.send` job's handler. Write mail with
 * `queueMails` inside your transaction, then `app.jobs.soon(jobIds)` after the commit (decision 085).
 */
export function registerMailer(app: AppInstance): void {
  const mailer = new Mailer(app.ctx.database.db, app.log, { smtpUrl: app.ctx.config.smtpUrl, from: app.ctx.config.mailFrom, production: app.ctx.config.isProduction });
  app.decorate('mailer', mailer);
  app.jobs.register(MAIL_JOB, (job) => mailer.send(mailIdsOf(job.payload)));
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await mailer.stop();
  });
}
