import type { AppInstance } from '../../lib/types';
import { outboxProvider, twilioProvider, type SmsProvider } from './provider';
import { insertSms, markSms } from './sms.repository';

export { latestSmsTo } from './sms.repository';
export { codeText, noticeText } from './texts';
export { proofCodeText } from './proof-texts';
export { twilioProvider, type SmsProvider } from './provider';

/** What other modules are handed (compose.ts): one way to send a text message. */
export interface SmsSender {
  send(message: { to: string; body: string; template: string }): Promise<void>;
}

/**
 * Text messages (decision 147): each is written to sms_outbox, then handed to the provider while the
 * request waits (a sign-in code is worth nothing after its 5 minutes, so a failure is answered at
 * once rather than retried by a job). With the outbox provider the text is logged in development
 * only, so a developer can sign in without a phone; tests read it from `GET /api/dev/sms`, and
 * production logs never hold a code.
 */
export function registerSms(app: AppInstance, opts: { provider?: SmsProvider } = {}): SmsSender {
  const { config } = app.ctx;
  const provider =
    opts.provider ?? (config.sms.provider.kind === 'twilio' ? twilioProvider(config.sms.provider) : outboxProvider);
  const db = app.ctx.database.db;
  return {
    async send({ to, body, template }) {
      const row = await insertSms(db, { toPhone: to, body, template });
      if (provider.kind === 'outbox') {
        await markSms(db, row.id, { status: 'logged' });
        if (config.env === 'development')
          app.log.info({ to, text: body }, 'text message not sent (SMS_PROVIDER=outbox)');
        return;
      }
      try {
        const { id } = await provider.send({ to, body });
        await markSms(db, row.id, { status: 'sent', providerId: id });
      } catch (err) {
        await markSms(db, row.id, { status: 'failed', lastError: err instanceof Error ? err.message : String(err) });
        app.log.warn({ err, smsId: row.id }, 'text message not sent');
        throw err;
      }
    },
  };
}
