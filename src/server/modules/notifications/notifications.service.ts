import {
  kindOfType,
  NOTIFICATION_KINDS,
  type NotificationSettings,
  type SystemMessage,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { inOneTurn } from '../../db/same-turn';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { notFound } from '../../lib/app-error';
import { accountReaderLanguage, type AskedLanguage } from '../../lib/request-language';
import type { Realtime } from '../../realtime/index';
import { mailsCte } from '../mail/index';
import { noticeText, type SmsSender } from '../sms/index';
import { mailChatMessage, type ChatEmail } from './chat-email';
import * as repo from './notifications.repository';
import {
  CHAT_EMAIL_JOB,
  everyLocale,
  fromStored,
  NOTIFY_JOB,
  toStored,
  type Stored,
  type StoredNotice,
} from './outbox-notices';
import { localeOf, settingsFrom } from './recipient-settings';
import { toSystemMessage, type CreateSystemMessage } from './system-message';
import { systemMail } from './templates';
import type { Locale } from './text-parts';

export { CHAT_EMAIL_JOB, NOTIFY_JOB } from './outbox-notices';
export { toSystemMessage, type CreateSystemMessage } from './system-message';

/**
 * The notification centre (System messages). Every read and write is scoped to the
 * caller's own messages; anything else is 404. Changes are pushed to every tab of the owner.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      db: Database;
      realtime: Realtime;
      jobs: JobRunner;
      sms: SmsSender;
      appUrl: string;
      log: { warn: (o: object, m: string) => void };
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  async settings(userId: number): Promise<NotificationSettings> {
    return settingsFrom(await repo.settingsRows(this.db, userId));
  }

  async saveSettings(userId: number, s: NotificationSettings): Promise<NotificationSettings> {
    await repo.upsertSettings(
      this.db,
      userId,
      NOTIFICATION_KINDS.map((kind) => ({ kind, ...s.kinds[kind] })),
    );
    return this.settings(userId);
  }

  /**
   * Creates system messages from the product's own events: in-app (unless the recipient turned that
   * kind off) with a push to their tabs, and an e-mail through the outbox when they chose e-mail.
   * Runs in the job runner for events written to the outbox (decision 085); the events' jobs started
   * in one turn are created together (`inOneTurn`, decision 157): their recipients read with their
   * settings in one statement, then their messages, mails and one send job written in one. Safe to
   * run twice for one event (the dedupe keys).
   */
  create(inputs: CreateSystemMessage[]): Promise<SystemMessage[]> {
    return inputs.length ? this.createInTurn(inputs) : Promise.resolve([]);
  }

  private readonly createInTurn = inOneTurn((calls: CreateSystemMessage[][]) => this.createMany(calls));

  /** Each call's notices, answered with the messages created for it (a repeat skipped by its key is missing). */
  private async createMany(calls: CreateSystemMessage[][]): Promise<SystemMessage[][]> {
    const ids = [...new Set(calls.flat().map((i) => i.userId))];
    const people = await repo.recipientsWithSettings(this.db, ids);
    const plans = planNotices(calls, people);
    const inApp = plans.filter((p) => p.inApp);
    // A replayed notice mails only if its mail was never written: the mail's own key decides (a notice
    // without a key cannot be a repeat, so its message is always new), which is why the mails need not
    // wait for the messages' insert and go in its statement. A person without an address (an account
    // made by phone, decision 147) is skipped, not mailed at null.
    const mails = plans
      .filter((p) => p.email && p.person.email)
      .map(({ input, person, locale, text }) => {
        const link = this.linkOf(input);
        const mail = input.mail?.(locale) ?? {
          ...systemMail(locale, { title: text.title, message: text.message, link, linkLabel: text.actionLabel }),
          template: `system_${input.type}`,
        };
        return {
          toAddress: person.email!,
          ...mail,
          meta: {},
          dedupeKey: input.dedupeKey ? `notification:${input.dedupeKey}:${input.userId}` : null,
        };
      });
    const { messages: rows, mailJobs } = await repo.writeNotices(
      this.db,
      inApp.map(({ input, text }) => ({
        userId: input.userId,
        type: input.type,
        title: text.title,
        message: text.message,
        actionUrl: input.actionUrl ?? null,
        actionLabel: text.actionLabel ?? null,
        expiresAt: input.expiresAt ?? null,
        showContactSupport: input.showContactSupport ?? false,
        isErrorMessage: input.isErrorMessage ?? false,
        relatedEntityType: input.related?.type ?? null,
        relatedEntityId: input.related?.id ?? null,
        dedupeKey: input.dedupeKey ?? null,
        texts: input.text,
      })),
      mails.length ? mailsCte(mails, new Date()) : undefined,
    );
    const { out, byUser, createdNow } = createdOf(calls, inApp, rows);
    this.deps.jobs.soon(mailJobs);
    await this.textThoseWithoutMail(createdNow);
    // Several notices for one person at once go as one `bulk_created` push (one browser notification).
    for (const [userId, messages] of byUser) {
      const payload =
        messages.length === 1
          ? { action: 'created' as const, message: messages[0]! }
          : { action: 'bulk_created' as const, messages };
      this.deps.realtime.send([userId], { type: 'system_message', payload });
    }
    return out;
  }

  /** Where a notice's mail or text message sends its reader: the action's page on the app. */
  private linkOf(input: CreateSystemMessage): string | null {
    return input.actionUrl ? new URL(input.actionUrl, this.deps.appUrl).toString() : null;
  }

  /**
   * Every notice an e-mail would carry (its kind set to e-mail) for a person who has no address, only a
   * phone number (an account made by phone): a text message in their language (decision 195: a new
   * booking, a request to answer, a change, a cancellation and a payout reach a phone-only guide as
   * they reach one with an address). Sent only for a message created now, so a replayed notice,
   * skipped by its key, texts no one twice. A failed send is logged: the message is in the app either way.
   */
  private async textThoseWithoutMail(
    createdNow: {
      input: CreateSystemMessage;
      person: { email: string | null; phone: string | null };
      locale: Locale;
      text: { title: string };
      email: boolean;
    }[],
  ) {
    const texts = createdNow.filter((p) => p.email && !p.person.email && p.person.phone);
    await Promise.all(
      texts.map(({ input, person, locale, text }) => {
        return this.deps.sms
          .send({
            to: person.phone!,
            body: noticeText(locale, text.title, this.linkOf(input)),
            template: `notice_${input.type}`,
          })
          .catch((err: unknown) => this.deps.log.warn({ err, userId: input.userId }, 'notice not texted'));
      }),
    );
  }

  /**
   * Writes the notices as a job in the caller's transaction (the outbox, decision 085): they are
   * created by the job runner after the commit — `jobs.soon(id)` — or at its next tick after a crash.
   */
  enqueue(db: Database, inputs: CreateSystemMessage[], runAt = new Date()): Promise<number | undefined> {
    return enqueueJob(db, { kind: NOTIFY_JOB, payload: { notices: inputs.map(toStored) }, runAt });
  }

  /** Runs outbox jobs this module's callers wrote (`enqueue…`) once their transaction has committed. */
  soon(job: number | undefined): void {
    this.deps.jobs.soon(job);
  }

  /** Writes the notices to the outbox on their own (a caller without a transaction) and runs them after. */
  async enqueueNow(inputs: CreateSystemMessage[]): Promise<void> {
    this.deps.jobs.soon(await this.enqueue(this.db, inputs));
  }

  /** The `notifications.create` and `notifications.chat_email` jobs. */
  async runJob(job: ClaimedJob): Promise<void> {
    if (job.kind === CHAT_EMAIL_JOB) {
      const p = job.payload as { userId: number; from: string; body: Stored<string>; conversationId: number };
      const body = everyLocale(p.body);
      await this.chatEmail(
        p.userId,
        { from: p.from, body: (locale) => body[locale], conversationId: p.conversationId },
        true,
      );
      return;
    }
    await this.create((job.payload.notices as StoredNotice[]).map(fromStored));
  }

  /** An e-mail about a chat message, if the recipient chose e-mail for chat (chat-email.ts). */
  chatEmail(userId: number, opts: ChatEmail, inJob = false): Promise<void> {
    return mailChatMessage(this.deps, userId, opts, inJob);
  }

  /**
   * The language a reader reads in now (`readerLanguage`, decisions 187, 190): their choice on the request, else their
   * account's, read only then, else Accept-Language.
   */
  readerLocale(userId: number, asked: AskedLanguage): Promise<Locale> {
    return accountReaderLanguage(asked, async () => (await repo.recipients(this.db, [userId]))[0]?.locale);
  }

  async list(userId: number, q: Parameters<typeof repo.listOwn>[2], locale?: Locale) {
    const now = new Date();
    const [{ rows, total }, unreadCount] = await Promise.all([
      repo.listOwn(this.db, userId, q, now),
      repo.unreadCount(this.db, userId, now),
    ]);
    return {
      data: { messages: rows.map((m) => toSystemMessage(m, locale)), total, page: q.page, limit: q.limit, unreadCount },
    };
  }

  async get(userId: number, id: number, locale?: Locale) {
    const m = await repo.findOwn(this.db, userId, id);
    if (!m) throw notFound('Message');
    return { data: toSystemMessage(m, locale) };
  }

  unreadCount(userId: number): Promise<number> {
    return repo.unreadCount(this.db, userId, new Date());
  }

  private async announceRead(userId: number, ids: number[], message?: SystemMessage) {
    const unreadCount = await this.unreadCount(userId);
    if (ids.length) {
      this.deps.realtime.send([userId], {
        type: 'system_message_read',
        payload: { action: 'marked_read', ...(message && { message }), messageIds: ids, unreadCount },
      });
    }
    return unreadCount;
  }

  async markRead(userId: number, id: number, locale?: Locale) {
    const existing = await repo.findOwn(this.db, userId, id);
    if (!existing) throw notFound('Message');
    const [changed] = await repo.setStatus(this.db, userId, [id], ['unread'], 'read', new Date());
    const message = toSystemMessage(changed ?? existing, locale);
    if (changed) await this.announceRead(userId, [id], message);
    return { data: message };
  }

  async markMany(userId: number, body: { messageIds: number[] } | { markAll: true }) {
    const rows = await repo.setStatus(
      this.db,
      userId,
      'markAll' in body ? 'all' : body.messageIds,
      ['unread'],
      'read',
      new Date(),
    );
    const unreadCount = await this.announceRead(
      userId,
      rows.map((r) => r.id),
    );
    return { data: { updated: rows.length, unreadCount } };
  }

  async archive(userId: number, id: number, locale?: Locale) {
    const existing = await repo.findOwn(this.db, userId, id);
    if (!existing) throw notFound('Message');
    const [changed] = await repo.setStatus(this.db, userId, [id], ['unread', 'read'], 'archived', new Date());
    const message = toSystemMessage(changed ?? existing, locale);
    if (existing.status === 'unread') await this.announceRead(userId, [id], message);
    return { data: message };
  }

  async remove(userId: number, id: number) {
    const gone = await repo.deleteOwn(this.db, userId, id);
    if (!gone) throw notFound('Message');
    const unreadCount =
      gone.status === 'unread' ? await this.announceRead(userId, [id]) : await this.unreadCount(userId);
    return { data: { deleted: true as const, unreadCount } };
  }

  async stats(userId: number) {
    const rows = await repo.stats(this.db, userId, new Date());
    const byType = { system: 0, admin: 0, approval: 0, booking: 0, payment: 0, reminder: 0 };
    const out = { total: 0, unread: 0, read: 0, archived: 0, expired: 0, byType };
    for (const r of rows) {
      out.total += r.n;
      out[r.status] += r.n;
      if (r.expired) out.expired += r.n;
      byType[r.type] += r.n;
    }
    return { data: out };
  }

  async byEntity(userId: number, type: string, id: number, locale?: Locale) {
    // Nothing of the caller's about this entity: the same 404 as an entity that does not exist.
    const rows = await repo.listByEntity(this.db, userId, type, id);
    if (rows.length === 0) throw notFound('Messages');
    return { data: rows.map((m) => toSystemMessage(m, locale)) };
  }
}

/**
 * Each call's notices for their recipients (a deleted account is skipped), with the recipient's
 * language, the text in it, and whether it goes in the app and by e-mail (their settings for its
 * kind; an admin's message is always in the app).
 */
function planNotices(calls: CreateSystemMessage[][], people: Awaited<ReturnType<typeof repo.recipientsWithSettings>>) {
  const byPerson = new Map(people.map(({ settings, ...p }) => [p.id, { person: p, settings: settingsFrom(settings) }]));
  return calls.flatMap((inputs, call) =>
    inputs.flatMap((input) => {
      const found = byPerson.get(input.userId);
      if (!found) return [];
      const locale = localeOf(found.person.locale);
      const prefs = found.settings.kinds[kindOfType(input.type)];
      return [
        {
          call,
          input,
          person: found.person,
          locale,
          text: input.text[locale],
          inApp: prefs.inApp || input.type === 'admin',
          email: prefs.email,
        },
      ];
    }),
  );
}
type Plan = ReturnType<typeof planNotices>[number];

/**
 * The messages created now, matched to the plans they were written for: per call, per user (for one
 * push each), and the plans themselves (for the texts to those without mail).
 */
function createdOf(calls: CreateSystemMessage[][], inApp: Plan[], rows: repo.SystemMessageRow[]) {
  // The messages come back in the order written; a row skipped as a repeat (same user and key) is missing.
  const out: SystemMessage[][] = calls.map(() => []);
  const byUser = new Map<number, SystemMessage[]>();
  const createdNow: Plan[] = [];
  let next = 0;
  for (const plan of inApp) {
    const row = rows[next];
    if (!row || row.userId !== plan.input.userId || row.dedupeKey !== (plan.input.dedupeKey ?? null)) continue;
    next++;
    createdNow.push(plan);
    const message = toSystemMessage(row, plan.locale);
    out[plan.call]!.push(message);
    byUser.set(plan.input.userId, [...(byUser.get(plan.input.userId) ?? []), message]);
  }
  return { out, byUser, createdNow };
}
