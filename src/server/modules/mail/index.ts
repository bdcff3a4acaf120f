import type { AppInstance } from '../../lib/types';
import { Mailer } from './mailer';

export { Mailer } from './mailer';
export { deleteMailsTo, insertMail, latestMails, mailsTo, type NewMail } from './mail.repository';
export { escapeHtml, htmlMail } from './layout';
export { emailChangedMail, passwordResetMail } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Puts `app.mailer` on the app: write mail with `insertMail` inside your transaction, then `app.mailer.deliver(id)`. */
export function registerMailer(app: AppInstance): void {
  const mailer = new Mailer(app.ctx.database.db, app.log, { smtpUrl: app.ctx.config.smtpUrl, from: app.ctx.config.mailFrom, production: app.ctx.config.isProduction });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
}
