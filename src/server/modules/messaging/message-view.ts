import { detectTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { maskContacts } from '../../../shared/messaging/contact-masking';
import { isLegacyTourRequestBody, tourRequestAllowances, tourRequestPreview, type RejectReason } from '../../../shared/messaging/tour-request';
import type { Locale } from '../../../shared/locales';
import type { Message, TourRequest, TourRequestService } from '../../../shared/schemas/messaging';
import type { OfferMaps } from './message-offers';
import type { MessageRow } from './messaging.repository';
import { fieldsOf, type Translations } from '../translation/index';

/** Both names of the services chosen in tour requests, by subcategory id. */
export type Services = Map<number, TourRequestService>;

/** The note a traveler wrote with a tour request (older requests stored an English summary instead). */
const noteOf = (m: { kind: string; body: string }) => (m.kind === 'tour_request' && isLegacyTourRequestBody(m.body) ? '' : m.body);

/** A message as a reader gets it: contacts masked until a booking is confirmed (decision 050), a tour request with its state. */
export function toMessage(m: MessageRow, opts: { unlocked: boolean; services: Services; offers?: OfferMaps; readBy?: { lastReadMessageId: number; readAt: Date } | null }): Message {
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
export function chatMailTexts(body: string, tr: TourRequest | undefined, services: Services): { masked: Record<Locale, string>; open: Record<Locale, string> } {
  const service = tr?.subcategoryId ? services.get(tr.subcategoryId) : undefined;
  const texts = (note: string) => {
    const of = (locale: Locale) => (tr ? [tourRequestPreview(locale, { ...tr, service }), note].filter(Boolean).join('\n\n') : note);
    return { en: of('en'), 'zh-CN': of('zh-CN'), ja: of('ja') };
  };
  return { masked: texts(maskContacts(body).text), open: texts(body) };
}

/**
 * The other side's messages with their translation into `reader`'s language, from the cache in one
 * statement (decision 145): each body, and an offer's itinerary. The body given is the one the reader
 * gets, so a masked body (decision 050) is what the provider is asked to translate, never the contact
 * details it hides; an offer's itinerary is shown as written but masked before it is translated until
 * a booking is confirmed. `writer` is the other side's account language: a kanji-only text of a
 * Japanese writer is Japanese (decision 146).
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
  const ask = (text: string | undefined) => (text ? { text, from: detectTextLanguage(text, writer), to: reader } : null);
  const items = messages.flatMap((m) => {
    if (m.senderId === readerId) return [null, null];
    const itinerary = m.offer?.itinerary;
    return [ask(m.body), ask(itinerary && (unlocked ? itinerary : maskContacts(itinerary).text))];
  });
  const found = await translations.read(items);
  return messages.map((m, i) => {
    const [body, itinerary] = [found[2 * i], found[2 * i + 1]];
    const offer = itinerary && m.offer ? { ...m.offer, itineraryLanguage: items[2 * i + 1]!.from, ...fieldsOf('itinerary', itinerary) } : m.offer;
    return body || itinerary ? { ...m, ...(body && { bodyLanguage: items[2 * i]!.from, ...body }), offer } : m;
  });
}
