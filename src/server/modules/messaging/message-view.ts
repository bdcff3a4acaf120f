import { detectTextLanguage, writerTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { maskContacts } from '../../../shared/messaging/contact-masking';
import {
  isLegacyTourRequestBody,
  tourRequestAllowances,
  tourRequestPreview,
  type RejectReason,
} from '../../../shared/messaging/tour-request';
import type { Locale } from '../../../shared/locales';
import type { Conversation, Message, TourRequest, TourRequestService } from '../../../shared/schemas/messaging';
import { offerPreview, type OfferMaps } from './message-offers';
import type { MessageRow } from './messaging.repository';
import { fieldsOf, translationScope, type Translations } from '../translation/index';

/** Both names of the services chosen in tour requests, by subcategory id. */
export type Services = Map<number, TourRequestService>;

/** The note a traveler wrote with a tour request (older requests stored an English summary instead). */
const noteOf = (m: { kind: string; body: string }) =>
  m.kind === 'tour_request' && isLegacyTourRequestBody(m.body) ? '' : m.body;

/**
 * A message as a reader gets it: contacts masked until a booking is confirmed (decision 050), a tour request with its
 * state.
 */
export function toMessage(
  m: MessageRow,
  opts: {
    unlocked: boolean;
    services: Services;
    offers?: OfferMaps;
    readBy?: { lastReadMessageId: number; readAt: Date } | null;
  },
): Message {
  const note = noteOf(m);
  const body = opts.unlocked ? { text: note, masked: false } : maskContacts(note);
  const read = opts.readBy && opts.readBy.lastReadMessageId >= m.id ? opts.readBy.readAt.toISOString() : null;
  return {
    id: m.id,
    clientMessageId: m.clientMessageId,
    conversationId: m.conversationId,
    senderId: m.senderId,
    body: body.text,
    kind: m.kind,
    masked: body.masked,
    sentAt: m.createdAt.toISOString(),
    readAt: read,
    tourRequest:
      m.kind === 'tour_request' && m.tourRequest
        ? {
            ...m.tourRequest,
            subcategoryId: m.tourRequest.subcategoryId ?? null,
            service: (m.tourRequest.subcategoryId && opts.services.get(m.tourRequest.subcategoryId)) || null,
            state: {
              status: m.tourRequestStatus ?? 'pending',
              rejectReason: (m.rejectReason as RejectReason | null) ?? null,
              bookingId: m.bookingId,
              allowances: tourRequestAllowances(m.tourRequest),
              offer: opts.offers?.byRequest.get(m.id) ?? null,
            },
          }
        : null,
    offer: (m.kind === 'offer' && opts.offers?.byMessage.get(m.id)) || null,
  };
}

/**
 * A chat e-mail's text in every language, masked (before a booking is confirmed) and open: the send's
 * statement picks one by the pair's bookings (decision 089). A tour request's sums it up in the
 * recipient's language, with the note when there is one.
 */
export function chatMailTexts(
  body: string,
  tr: TourRequest | undefined,
  services: Services,
): { masked: Record<Locale, string>; open: Record<Locale, string> } {
  const service = tr?.subcategoryId ? services.get(tr.subcategoryId) : undefined;
  const texts = (note: string) => {
    const of = (locale: Locale) =>
      tr ? [tourRequestPreview(locale, { ...tr, service }), note].filter(Boolean).join('\n\n') : note;
    return { en: of('en'), 'zh-CN': of('zh-CN'), ja: of('ja') };
  };
  return { masked: texts(maskContacts(body).text), open: texts(body) };
}

/**
 * The other side's messages with their translation into `reader`'s language, from the cache in one
 * statement (decision 145): each body, an offer's itinerary, and a tour request's itinerary and group
 * (decision 173). The body given is the one the reader gets, so a masked body (decision 050) is what
 * the provider is asked to translate, never the contact details it hides; an itinerary or a group is
 * shown as written but masked before it is translated until a booking is confirmed. `writer` is the
 * other side's account language: a kanji-only text of a Japanese writer is Japanese (decision 146).
 */
export async function withTranslations(
  translations: Pick<Translations, 'read'>,
  readerId: number,
  messages: Message[],
  reader: TextLanguage | undefined,
  unlocked: boolean,
  writer?: TextLanguage,
): Promise<Message[]> {
  if (!reader) return messages;
  // Each conversation's translations are its own (decision 184): the same words elsewhere never hit them.
  const items = messages.map((m) => {
    if (m.senderId === readerId) return [];
    const ask = (text: string | undefined) =>
      text
        ? {
            text,
            from: detectTextLanguage(text, writer),
            to: reader,
            scope: translationScope.conversation(m.conversationId),
            writerId: m.senderId,
          }
        : null;
    const shownAsWritten = (text: string | undefined) => ask(text && (unlocked ? text : maskContacts(text).text));
    return [
      ask(m.body),
      shownAsWritten(m.offer?.itinerary),
      shownAsWritten(m.tourRequest?.itinerary),
      shownAsWritten(m.tourRequest?.groupComposition),
    ];
  });
  const found = await translations.read(
    items.flatMap((texts) => [0, 1, 2, 3].map((n) => texts[n] ?? null)),
    readerId,
  );
  return messages.map((m, i) => {
    const [body, offerPlan, requestPlan, group] = found.slice(4 * i, 4 * i + 4);
    if (!body && !offerPlan && !requestPlan && !group) return m;
    const from = (n: number) => items[i]![n]!.from;
    return {
      ...m,
      ...(body && { bodyLanguage: from(0), ...body }),
      offer:
        offerPlan && m.offer
          ? { ...m.offer, itineraryLanguage: from(1), ...fieldsOf('itinerary', offerPlan) }
          : m.offer,
      tourRequest:
        (requestPlan || group) && m.tourRequest
          ? {
              ...m.tourRequest,
              ...(requestPlan && { itineraryLanguage: from(2), ...fieldsOf('itinerary', requestPlan) }),
              ...(group && { groupCompositionLanguage: from(3), ...fieldsOf('groupComposition', group) }),
            }
          : m.tourRequest,
    };
  });
}

/** What the list reads of a conversation's last message (listConversations). */
interface LastMessage {
  c: { id: number };
  lastBody: string | null;
  lastKind: string | null;
  lastTourRequest: TourRequest | null;
  lastSenderId: number | null;
  otherLocale: string | null;
}

/**
 * The last message as the list shows it, in the reader's `locale` (decision 053): a tour request
 * summed up, an offer as its word and its note, else the body, masked as the thread masks it (decision
 * 050). `words` is the part someone wrote, the same text the thread shows and translates, so both
 * share one cache row; `line` puts a translation of it in its place.
 */
export function previewOf(
  r: LastMessage,
  confirmed: boolean,
  services: Services,
  locale: Locale,
): { text: string; words?: string; line?: (words: string) => string } | null {
  if (r.lastBody === null) return null;
  const words = confirmed ? r.lastBody : maskContacts(r.lastBody).text;
  if (r.lastKind === 'offer') {
    const line = (w: string) => offerPreview(locale, w);
    return { text: line(words), words, line };
  }
  if (r.lastTourRequest) {
    const t = r.lastTourRequest;
    return {
      text: tourRequestPreview(locale, { ...t, service: t.subcategoryId ? services.get(t.subcategoryId) : null }),
    };
  }
  return { text: words, words, line: (w) => w };
}

/**
 * The previews' translations into `reader`'s language (decision 173), for the whole list in one cache
 * read (decision 145's `read`; misses queued as its jobs, as a thread's are): only the other side's
 * words, their language guessed with their account's (decision 146). An entry's fields beside
 * `lastMessage`, or none where no translation applies.
 */
export async function previewTranslations(
  translations: Pick<Translations, 'read'>,
  readerId: number,
  rows: LastMessage[],
  previews: ReturnType<typeof previewOf>[],
  reader: TextLanguage | undefined,
): Promise<Pick<Conversation, 'lastMessageLanguage' | 'lastMessageTranslated' | 'lastMessageTranslation'>[]> {
  if (!reader) return rows.map(() => ({}));
  const items = previews.map((p, i) => {
    const r = rows[i]!;
    if (!p?.words || r.lastSenderId === readerId) return null;
    const from = detectTextLanguage(p.words, writerTextLanguage(r.otherLocale));
    return { text: p.words, from, to: reader, scope: translationScope.conversation(r.c.id), writerId: r.lastSenderId };
  });
  const found = await translations.read(items, readerId);
  return found.map((f, i) => {
    const [item, line] = [items[i], previews[i]?.line];
    if (!f || !item || !line) return {};
    const translated = f.translated && { ...f.translated, text: line(f.translated.text) };
    return {
      lastMessageLanguage: item.from,
      lastMessageTranslated: translated,
      ...(f.translation && { lastMessageTranslation: f.translation }),
    };
  });
}
