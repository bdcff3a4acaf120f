import { detectTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { maskContacts } from '../../../shared/messaging/contact-masking';
import { isLegacyTourRequestBody, tourRequestAllowances, tourRequestPreview, type RejectReason } from '../../../shared/messaging/tour-request';
import type { Locale } from '../../../shared/locales';
import type { Message, TourRequest, TourRequestService } from '../../../shared/schemas/messaging';
import type { OfferMaps } from './message-offers';
import type { MessageRow } from './messaging.repository';
import type { Translations } from '../translation/index';

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
 * A chat e-mail's text in both languages, masked (before a booking is confirmed) and open: the send's
 * statement picks one by the pair's bookings (decision 089). A tour request's sums it up in the
 * recipient's language, with the note when there is one.
 */
export function chatMailTexts(body: string, tr: TourRequest | undefined, services: Services): { masked: Record<Locale, string>; open: Record<Locale, string> } {
  const service = tr?.subcategoryId ? services.get(tr.subcategoryId) : undefined;
  const texts = (note: string) => {
    const of = (locale: Locale) => (tr ? [tourRequestPreview(locale, { ...tr, service }), note].filter(Boolean).join('\n\n') : note);
    return { en: of('en'), 'zh-CN': of('zh-CN') };
  };
  return { masked: texts(maskContacts(body).text), open: texts(body) };
}

/**
 * The other side's messages with their translation into `reader`'s language, from the cache in one
 * statement (decision 143). The body given is the one the reader gets, so a masked body (decision
 * 050) is what the provider is asked to translate, never the contact details it hides.
 */
export async function withTranslations(translations: Pick<Translations, 'read'>, readerId: number, messages: Message[], reader: TextLanguage | undefined): Promise<Message[]> {
  if (!reader) return messages;
  const items = messages.map((m) => (m.senderId === readerId ? null : { text: m.body, from: detectTextLanguage(m.body), to: reader }));
  const found = await translations.read(items);
  return messages.map((m, i) => {
    const f = found[i];
    return f ? { ...m, bodyLanguage: items[i]!.from, ...f } : m;
  });
}
