/**
 * The e-mail about a chat message (the `notifications.chat_email` job, decision 085), for a recipient
 * who chose e-mail for chat, in their stored locale. NotificationsService answers for it.
 */
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/index';
import { queueMails } from '../mail/index';
import * as repo from './notifications.repository';
import { localeOf, settingsFrom } from './recipient-settings';
import { chatMail } from './templates';
import type { Locale } from './text-parts';

/** Who wrote, what (the same in every language, or written per locale) and in which conversation. */
export type ChatEmail = { from: string; body: string | ((locale: Locale) => string); conversationId: number };

/**
 * An e-mail about a chat message, for recipients who chose e-mail for chat, in the recipient's
 * stored locale. `body` may be written per locale (a tour request's summary).
 */
export async function mailChatMessage(
  deps: { db: Database; jobs: JobRunner; appUrl: string; log: { warn: (o: object, m: string) => void } },
  userId: number,
  opts: ChatEmail,
  inJob: boolean,
): Promise<void> {
  const prefs = settingsFrom(await repo.settingsRows(deps.db, userId)).kinds.chat;
  if (!prefs.email) return;
  const [person] = await repo.recipients(deps.db, [userId]);
  if (!person?.email) return; // no address: an account made by phone (decision 147)
  const locale = localeOf(person.locale);
  const body = typeof opts.body === 'function' ? opts.body(locale) : opts.body;
  const link = new URL(`/messages?c=${opts.conversationId}`, deps.appUrl).toString();
  const mail = { ...chatMail(locale, { from: opts.from, body, link }), template: 'chat_message' };
  try {
    deps.jobs.soon(await queueMails(deps.db, [{ toAddress: person.email, ...mail, meta: {} }], new Date()));
  } catch (err) {
    if (inJob) throw err; // the job runs again
    deps.log.warn({ err }, 'chat e-mail not queued');
  }
}
