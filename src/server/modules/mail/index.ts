import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { MAIL_JOB, mailIdsOf } from './mail.repository';
import { Mailer } from './mailer';

export { Mailer } from './mailer';
export {
  deleteMailsTo,
  latestMails,
  MAIL_JOB,
  mailsCte,
  mailsTo,
  queueMails,
  type CtesWithValues,
  type NewMail,
  type QueuedMail,
} from './mail.repository';
export { escapeHtml, htmlMail } from './layout';
export { emailChangedMail, passwordResetMail } from './templates';

/**
 * Makes the mailer the `mail.send` job's handler. Write mail with `queueMails` inside your
 * transaction, then `jobs.soon(jobIds)` on the runner compose.ts hands you, after the commit
 * (decision 085). Nothing reads the mailer from the app: only the job runs it.
 */
export function registerMailer(app: AppInstance, jobs: JobRunner): Mailer {
  const mailer = new Mailer(app.ctx.database.db, app.log, {
    smtpUrl: app.ctx.config.smtpUrl,
    from: app.ctx.config.mailFrom,
    production: app.ctx.config.isProduction,
  });
  jobs.register(MAIL_JOB, (job) => mailer.send(mailIdsOf(job.payload)));
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.stop();
  });
  return mailer;
}
