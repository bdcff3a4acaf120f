import { canSend, FREE_MESSAGES, type Credits } from '../../../shared/messaging/credits';
import type { Locale } from '../../../shared/locales';
import { localeTextLanguage, writerTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import type { Conversation, Message, TourRequest, TotalUnread } from '../../../shared/schemas/messaging';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/schemas/notifications';
import { inTransaction, type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { accountReaderLanguage, type AskedLanguage } from '../../lib/request-language';
import type { Realtime } from '../../realtime/index';
import type { AuthUser } from '../auth/index';
import type { NotificationsService } from '../notifications/index';
import type { Translations } from '../translation/index';
import { CHAT_EMAIL_JOB } from '../notifications/index';
import { memberOf, pairFacts, pairKey, serviceNames } from './conversation-facts';
import { readOffers, type AttachToMessage, type OfferMaps, type OfferReader } from './message-offers';
import * as repo from './messaging.repository';
import type { MessageRow } from './messaging.repository';
import { announceSent, showToBoth } from './send-events';
import { creditsOf, otherOf, SENDS_PER_MINUTE, type Side } from './send-rules';
import { sendMessage, type SendInput } from './send.repository';
import {
  chatMailTexts,
  previewOf,
  previewTranslations,
  toMessage,
  withTranslations,
  type Services,
} from './message-view';

interface Deps {
  db: Database;
  realtime: Realtime;
  notifications: NotificationsService;
  /** The offers messages carry (the offers module's OfferBook; messaging does not import it). */
  offers: OfferReader;
  /** The job runner: a chat e-mail written with its message runs right after the commit (decision 085). */
  jobs: { soon(ids: number): void };
  translations: Pick<Translations, 'enabled' | 'read' | 'readerLanguage'>; // machine translation: the cache only, on a read (decision 145)
}

/** Read receipts show only when both sides allow them. */
const receiptsOf = (both: { readReceiptsEnabled: boolean }[]) =>
  both.length === 2 && both.every((p) => p.readReceiptsEnabled);

/**
 * Conversations between a traveler and a guide. Only the two participants see or write a
 * conversation; to anyone else it does not exist (404). Credits and masking follow decision 050.
 */
export class MessagingService {
  constructor(private readonly deps: Deps) {}

  private offersOf(rows: Pick<MessageRow, 'id' | 'kind'>[]): Promise<OfferMaps> {
    return readOffers(this.deps.offers, rows);
  }
  private get db() {
    return this.deps.db;
  }

  private async entry(user: AuthUser, id: number, locale: Locale): Promise<Conversation> {
    const row = await repo.conversationEntry(this.db, user.id, id);
    if (!row) throw notFound('Conversation');
    return (await this.entries(user, [row], locale))[0]!;
  }

  /**
   * List entries in the reader's `locale`; with `reader` (the list's, when a provider is set), the
   * other side's last words translated too, for every entry in one cache read (decision 173).
   */
  private async entries(
    user: AuthUser,
    rows: Awaited<ReturnType<typeof repo.listConversations>>,
    locale: Locale,
    reader?: TextLanguage,
  ): Promise<Conversation[]> {
    const [facts, services] = await Promise.all([
      repo.bookingFacts(
        this.db,
        rows.map((r) => r.c),
      ),
      serviceNames(
        this.db,
        rows.map((r) => ({ tourRequest: r.lastTourRequest })),
      ),
    ]);
    const factsOf = (r: (typeof rows)[number]) => facts.get(pairKey(r.c)) ?? { hasBooking: false, confirmed: false };
    const previews = rows.map((r) => previewOf(r, factsOf(r).confirmed, services, locale));
    const translated = await previewTranslations(this.deps.translations, user.id, rows, previews, reader);
    return rows.map((r, i) => {
      const f = factsOf(r);
      const isGuideView = r.c.guideUserId === user.id;
      return {
        conversation: { id: r.c.id, guideId: r.c.guideId, travelerId: r.c.travelerId },
        isGuideView,
        travelerName: r.travelerName,
        travelerImage: r.travelerImage,
        counterpart: {
          userId: isGuideView ? r.c.travelerId : r.c.guideUserId,
          name: r.otherNickname || r.otherName,
          avatarUrl: r.otherPicture,
          guideId: isGuideView ? null : r.c.guideId,
        },
        lastMessage: previews[i]?.text ?? null,
        ...translated[i],
        lastMessageAt: r.c.lastMessageAt?.toISOString() ?? null,
        messageCount: r.messageCount,
        unreadCount: r.unreadCount,
        credits: isGuideView ? null : creditsOf(r.c, f.hasBooking).traveler,
        contactsUnlocked: f.confirmed,
      };
    });
  }

  async open(
    user: AuthUser,
    guideId: number,
    locale: Locale = 'en',
  ): Promise<{ data: Conversation; created: boolean }> {
    const listing = await repo.findGuideListing(this.db, guideId);
    if (!listing || listing.status !== 'active') throw notFound('Guide');
    if (listing.userId === user.id) throw new AppError('own_listing', 'You cannot message your own listing');
    const before = await repo.listConversations(this.db, user.id);
    const existed = before.some((r) => r.c.guideId === guideId && r.c.travelerId === user.id);
    const c = await repo.openConversation(this.db, user.id, guideId, listing.userId);
    return { data: await this.entry(user, c.id, locale), created: !existed };
  }

  /**
   * The language a reader reads in now (`readerLanguage`, decisions 187, 190): their choice on the request, else their
   * account's, read only then, else Accept-Language.
   */
  readerLocale(user: AuthUser, asked: AskedLanguage): Promise<Locale> {
    return accountReaderLanguage(asked, async () => (await repo.people(this.db, [user.id]))[0]?.locale);
  }

  /**
   * The caller's conversations, previews in `locale`. With a provider set, the other side's last
   * words are translated into the same language as the rest of the list (decision 173): the locale
   * already read for the previews, so the list reads no language more.
   */
  async list(user: AuthUser, locale: Locale = 'en') {
    const reader = this.deps.translations.enabled ? localeTextLanguage(locale) : undefined;
    return { data: await this.entries(user, await repo.listConversations(this.db, user.id), locale, reader) };
  }

  /**
   * The language machine translations are made into (decisions 145, 190): `lang`, the app's choice, the stored locale,
   * Accept-Language; none without a provider.
   */
  async readerTextLanguage(user: AuthUser, asked: AskedLanguage): Promise<TextLanguage | undefined> {
    return this.deps.translations.readerLanguage(user.id, asked);
  }

  async messages(user: AuthUser, id: number, q: { before?: number; limit: number }, reader?: TextLanguage) {
    const { c, side } = await memberOf(this.db, user, id);
    const [rows, f, reads, both] = await Promise.all([
      repo.pageOfMessages(this.db, id, q.before, q.limit),
      pairFacts(this.db, c),
      repo.readState(this.db, id),
      repo.people(this.db, [c.travelerId, c.guideUserId]),
    ]);
    const receipts = receiptsOf(both);
    // The other side wrote what is translated: their account language breaks a kanji-only tie (decision 146).
    const writerLocale = both.find((p) => p.id === otherOf(c, user.id))?.locale;
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit).reverse();
    const otherRead = receipts ? (reads.find((r) => r.userId === otherOf(c, user.id)) ?? null) : null;
    const credits = creditsOf(c, f.hasBooking);
    const [services, offers] = await Promise.all([serviceNames(this.db, page), this.offersOf(page)]);
    const data = page.map((m) =>
      toMessage(m, { unlocked: f.confirmed, services, offers, readBy: m.senderId === user.id ? otherRead : null }),
    );
    return {
      data: await withTranslations(
        this.deps.translations,
        user.id,
        data,
        reader,
        f.confirmed,
        writerTextLanguage(writerLocale),
      ),
      nextBefore: hasMore ? page[0]!.id : null,
      credits: credits[side],
    };
  }

  /**
   * Sends a message. The same clientMessageId from the same sender returns the message it made the
   * first time (201 then 200), never a second one. A traveler without credits gets 403 credits_exhausted.
   * One statement (decision 089): the session (when `sessionId` is given; null when the route read it),
   * the membership and credit checks, the insert, the counters and the recipient's e-mail job; the
   * events go to the hub as soon as it has committed, built from what it returned, and the e-mail is
   * delivered by the job runner.
   */
  async send(
    user: Pick<AuthUser, 'id'> & { sessionId: string | null },
    id: number,
    input: { clientMessageId: string; body: string; tourRequest?: TourRequest; offer?: AttachToMessage },
    services: Services = new Map(),
    retried = false,
  ): Promise<{ data: Message; credits: Credits; created: boolean; messageId: number }> {
    const tr = input.tourRequest;
    const sendInput: SendInput = {
      conversationId: id,
      senderId: user.id,
      sessionId: user.sessionId,
      clientMessageId: input.clientMessageId,
      body: input.body,
      kind: tr ? 'tour_request' : input.offer ? 'offer' : 'text',
      tourRequest: tr ?? null,
      freeMessages: FREE_MESSAGES,
      perMinute: SENDS_PER_MINUTE,
      mail: {
        kind: CHAT_EMAIL_JOB,
        emailByDefault: DEFAULT_NOTIFICATION_SETTINGS.kinds.chat.email,
        ...chatMailTexts(input.body, tr, services),
      },
    };
    const attach = input.offer;
    const sent = attach
      ? await inTransaction(this.db, async (tx) => {
          const out = await sendMessage(tx, sendInput);
          if (out && out !== 'session_ended' && out.created && out.message) await attach(tx, out.message);
          return out;
        })
      : await sendMessage(this.db, sendInput);
    if (sent === 'session_ended') throw new AppError('unauthorized', 'This session has ended. Please log in again.');
    if (!sent) throw notFound('Conversation');
    const c = sent.conversation;
    const side: Side = c.travelerId === user.id ? 'traveler' : 'guide';
    const credits = creditsOf(sent, sent.hasBooking);
    if (!sent.message) {
      // Past the sender's pace; a traveler out of credits; or the same clientMessageId sent twice at once,
      // and the other request inserted it after this statement's snapshot: its message is there now.
      if (sent.tooFast)
        throw new AppError(
          'rate_limited',
          'You are sending messages too quickly. Please wait a moment and try again.',
          undefined,
          sent.tooFast,
        );
      if (!canSend(credits[side])) {
        throw new AppError(
          'credits_exhausted',
          'You have used your free messages. Wait for the guide to reply, or book to keep chatting.',
        );
      }
      if (retried) throw new AppError('conflict', 'The message was sent twice at once; retry');
      return this.send(user, id, input, services, true);
    }
    const message = sent.message;
    const [names, offers] = await Promise.all([
      message.tourRequest?.subcategoryId && !services.has(message.tourRequest.subcategoryId)
        ? serviceNames(this.db, [message])
        : services,
      this.offersOf([message]),
    ]);
    const data = toMessage(message, { unlocked: sent.confirmed, services: names, offers, readBy: null });
    if (sent.created) {
      announceSent(this.deps.realtime, c, user.id, data, sent);
      // The recipient's chat e-mail, when they asked for one, was written with the message (decision 089).
      if (sent.mailJobId !== null) this.deps.jobs.soon(sent.mailJobId);
    }
    return { data, credits: credits[side], created: sent.created, messageId: message.id };
  }

  /** Sends a guide's offer as a message of kind `offer`; `attach` writes the offer in the same transaction. */
  async sendOffer(
    user: AuthUser,
    id: number,
    input: { clientMessageId: string; body: string },
    attach: AttachToMessage,
  ) {
    return this.send({ id: user.id, sessionId: null }, id, { ...input, offer: attach });
  }

  /**
   * Sends these messages again to both sides as they stand now (an offer or a request changed), so
   * open threads update at once (`new_message` replaces a message with the same id).
   */
  async refresh(conversationId: number, messageIds: number[]): Promise<void> {
    const c = await repo.findConversation(this.db, conversationId);
    if (!c) return;
    const rows = (await Promise.all(messageIds.map((mid) => repo.findMessage(this.db, c.id, mid)))).filter(
      (m): m is MessageRow => Boolean(m),
    );
    if (!rows.length) return;
    const f = await pairFacts(this.db, c);
    const credits = creditsOf(c, f.hasBooking);
    const [services, offers] = await Promise.all([serviceNames(this.db, rows), this.offersOf(rows)]);
    for (const m of rows)
      showToBoth(this.deps.realtime, c, toMessage(m, { unlocked: f.confirmed, services, offers }), credits);
  }

  /** Mark-read: everything in the conversation is read by the caller; the sender learns it if both allow receipts. */
  async markRead(user: AuthUser, id: number) {
    const { c } = await memberOf(this.db, user, id);
    const ids = await repo.markRead(this.db, c.id, user.id);
    const totals = await this.totalUnread(user.id);
    if (ids.length) {
      const payload = { messageIds: ids, conversationId: c.id, readerId: user.id, readAll: true };
      this.deps.realtime.send([user.id], {
        type: 'message_read',
        payload: { ...payload, totalUnreadCount: totals.totalUnreadCount },
      });
      if (receiptsOf(await repo.people(this.db, [c.travelerId, c.guideUserId]))) {
        const other = otherOf(c, user.id);
        const theirs = await this.totalUnread(other);
        this.deps.realtime.send([other], {
          type: 'message_read',
          payload: { ...payload, totalUnreadCount: theirs.totalUnreadCount },
        });
      }
    }
    return { conversationId: c.id, messageIds: ids, totalUnreadCount: totals.totalUnreadCount };
  }

  /** Unread counts: chat, system and total. */
  async totalUnread(userId: number): Promise<TotalUnread> {
    const [chat, system] = await Promise.all([
      repo.chatUnreadTotal(this.db, userId),
      this.deps.notifications.unreadCount(userId),
    ]);
    return { chatUnreadCount: chat, systemUnreadCount: system, totalUnreadCount: chat + system };
  }
}
