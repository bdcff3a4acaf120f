import { z } from 'zod';
import {
  MEAL_OPTIONS,
  REJECT_REASONS,
  TICKET_OPTIONS,
  TOUR_REQUEST_STATUSES,
  TRANSPORT_OPTIONS,
} from '../messaging/tour-request';
import { meetingCoordsSchema } from './bookings';
import { calendarDateSchema, clientMessageIdSchema, idParam } from './common';
import { readerLangSchema, textLanguageSchema } from './guides';
import { offerSchema } from './offers';
import { machineTranslationSchema, translationStateSchema } from './translation';

export { clientMessageIdSchema } from './common';

/**
 * The chat contract (Chat context, Real-time message, Conversation list entry,
 * Tour request message; §7 Conversations and real time).
 */
export const MESSAGE_BODY_MAX = 2000;
export const MESSAGES_PAGE_MAX = 100;

export const messageBodySchema = z
  .string()
  .max(MESSAGE_BODY_MAX)
  .refine((s) => s.trim().length > 0, 'Write a message');

/** Credits left to the caller in a conversation: a count, or null for unlimited. */
export const creditsSchema = z.number().int().nullable();

export const tourRequestSchema = z.object({
  date: calendarDateSchema,
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
  durationHours: z.number().min(1).max(12),
  travelers: z.number().int().min(1).max(50),
  meal: z.enum(MEAL_OPTIONS),
  meals: z.number().int().min(0).max(10),
  transport: z.enum(TRANSPORT_OPTIONS),
  tickets: z.enum(TICKET_OPTIONS),
  ticketCount: z.number().int().min(0).max(20),
  itinerary: z.string().trim().min(1).max(2000),
  groupComposition: z.string().trim().max(500),
  meetingAddress: z.string().trim().min(1, 'Please provide the meeting address.').max(300),
  meetingPostalCode: z.string().regex(/^\d{3}-?\d{4}$/, 'Please enter a valid 7-digit postal code.'),
  /** A meeting point chosen from the list (decision 094): its coordinates, for the map link. */
  ...meetingCoordsSchema,
  /**
   * "service selection": one of the subcategories the guide offers (the same field name as a
   * booking's and Guide pricing). Any other is 400 service_not_offered (decision 053).
   */
  subcategoryId: z.number().int().positive(),
});
export type TourRequest = z.infer<typeof tourRequestSchema>;

/** The chosen service with both names, so each viewer reads it in their own language. */
export const tourRequestServiceSchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  nameJa: z.string(),
});
export type TourRequestService = z.infer<typeof tourRequestServiceSchema>;

export const tourRequestStateSchema = z.object({
  status: z.enum(TOUR_REQUEST_STATUSES),
  rejectReason: z.enum(REJECT_REASONS).nullable(),
  /** Booking created on acceptance, when the bookings module could create one. */
  bookingId: z.number().int().nullable(),
  /**
   * The latest offer answering the request (decision 078), with what became of it: open, expired,
   * withdrawn, declined, or booked with the booking's number ("Booked TG0042").
   */
  offer: z
    .object({
      id: z.number().int(),
      status: offerSchema.shape.status,
      bookingId: z.number().int().nullable(),
      bookingNumber: z.string().nullable(),
    })
    .nullable(),
  allowances: z.object({
    mealYen: z.number().int(),
    transportYen: z.number().int(),
    ticketsYen: z.number().int(),
    totalYen: z.number().int(),
  }),
});

export const messageSchema = z.object({
  id: z.number().int(),
  clientMessageId: z.string(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  body: z.string(),
  kind: z.enum(['text', 'tour_request', 'offer']),
  /** True when contact details were hidden because no booking is confirmed yet. */
  masked: z.boolean(),
  sentAt: z.string(),
  /** When the other side read it; null while unread or when they turned read receipts off. */
  readAt: z.string().nullable(),
  tourRequest: tourRequestSchema
    .extend({
      /** Null only on requests written before the service was chosen from a list. */
      subcategoryId: z.number().int().nullable(),
      service: tourRequestServiceSchema.nullable(),
      state: tourRequestStateSchema,
      /**
       * Machine translation (decision 145) of the traveler's own words for the guide reading them in
       * another language, as an offer's itinerary (decision 173): `itinerary` and `groupComposition`
       * stay as written.
       */
      itineraryLanguage: textLanguageSchema.optional(),
      itineraryTranslated: machineTranslationSchema.optional(),
      itineraryTranslation: translationStateSchema.optional(),
      groupCompositionLanguage: textLanguageSchema.optional(),
      groupCompositionTranslated: machineTranslationSchema.optional(),
      groupCompositionTranslation: translationStateSchema.optional(),
    })
    .nullable(),
  /** A guide's offer (kind `offer`), as it stands now. */
  offer: offerSchema.nullable(),
  /**
   * Machine translation (decision 145), only on messages list reads when a provider is set and the
   * body is in another language than the reader's: `body` stays the original (masked as above, and
   * it is the masked text that was translated), `bodyLanguage` names its language.
   */
  bodyLanguage: textLanguageSchema.optional(),
  translated: machineTranslationSchema.optional(),
  translation: translationStateSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const counterpartSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** The guide listing when the other side is the guide. */
  guideId: z.number().int().nullable(),
});

/** Conversation list entry, plus who the other side is and the caller's credits. */
export const conversationSchema = z.object({
  conversation: z.object({ id: z.number().int(), guideId: z.number().int(), travelerId: z.number().int() }),
  /** Which side the caller is on (Chat context isGuideView). */
  isGuideView: z.boolean(),
  /** Chat context: the traveler's name and photo, on either side (the guide's view shows them). */
  travelerName: z.string(),
  travelerImage: z.string().nullable(),
  counterpart: counterpartSchema,
  /**
   * The last message; a tour request reads as a summary in the caller's language (`lang`, else Accept-Language, else
   * their stored locale).
   */
  lastMessage: z.string().nullable(),
  /**
   * Machine translation of the last message (decision 173) on the list, only when a provider is set
   * and the other side wrote it in another language than the caller's: `lastMessage` stays the
   * original (masked as the thread masks it), `lastMessageLanguage` names its language, and
   * `lastMessageTranslated` is the same line in the caller's language (an offer's word, then its
   * note translated), or null while `lastMessageTranslation` says why.
   */
  lastMessageLanguage: textLanguageSchema.optional(),
  lastMessageTranslated: machineTranslationSchema.optional(),
  lastMessageTranslation: translationStateSchema.optional(),
  lastMessageAt: z.string().nullable(),
  messageCount: z.number().int(),
  unreadCount: z.number().int(),
  credits: creditsSchema,
  contactsUnlocked: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const openConversationSchema = z.object({ guideId: idParam });
export const conversationListSchema = z.object({ data: z.array(conversationSchema) });
export const conversationListQuerySchema = z.object({
  /**
   * The reader's language of the previews and their machine translations (decision 173): else Accept-Language, else the
   * stored locale.
   */
  lang: readerLangSchema,
});
export const conversationReplySchema = z.object({ data: conversationSchema });

export const messagesQuerySchema = z.object({
  /** The reader's language for machine translations (decision 145): else Accept-Language, else the stored locale. */
  lang: readerLangSchema,
  /** Messages with an id below this one (paging backwards). */
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(30),
});
export const messagesPageSchema = z.object({
  data: z.array(messageSchema),
  /** Pass as `before` to get older messages; null when there are none. */
  nextBefore: z.number().int().nullable(),
  credits: creditsSchema,
});

export const sendMessageSchema = z.object({ clientMessageId: clientMessageIdSchema, body: messageBodySchema });
export const sendTourRequestSchema = z.object({
  clientMessageId: clientMessageIdSchema,
  request: tourRequestSchema,
  note: z.string().max(MESSAGE_BODY_MAX).default(''),
});
export const sendMessageReplySchema = z.object({ data: messageSchema, credits: creditsSchema });
export const rejectTourRequestSchema = z.object({ reason: z.enum(REJECT_REASONS), confirm: z.literal(true) });

export const markReadSchema = z.object({ userId: z.number().int().optional() });
export const markReadReplySchema = z.object({
  conversationId: z.number().int(),
  messageIds: z.array(z.number().int()),
  totalUnreadCount: z.number().int(),
});
export const totalUnreadSchema = z.object({
  totalUnreadCount: z.number().int(),
  chatUnreadCount: z.number().int(),
  systemUnreadCount: z.number().int(),
});
export type TotalUnread = z.infer<typeof totalUnreadSchema>;
