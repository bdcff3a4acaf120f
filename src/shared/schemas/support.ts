import { z } from 'zod';
import { LOCALES } from '../locales';
import { bodyTranslationFields } from './translation';
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS } from '../support-topics';

export { SUPPORT_KEY_HEADER, SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS } from '../support-topics';

/**
 * The support inbox contract (docs/rules/messaging.md support widget). A conversation is a thread of messages
 * between a visitor (signed in, or anonymous holding the thread's secret key) and the support team.
 */

export const supportTopicSchema = z.enum(SUPPORT_TOPICS);

/** A message body: stored exactly as typed, but it must contain something besides whitespace. */
export const supportMessageBodySchema = z
  .string()
  .max(SUPPORT_MESSAGE_MAX)
  .refine((s) => s.trim().length > 0, 'Write a message');

/**
 * Where the phone was when the traveler asked for urgent help, if they allowed it (WGS-84, as the browser gives it).
 */
export const supportLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracyM: z.number().min(0).max(100_000).optional(),
});
export type SupportLocation = z.infer<typeof supportLocationSchema>;

export const createSupportThreadSchema = z
  .object({
    message: supportMessageBodySchema,
    topic: supportTopicSchema.default('general'),
    locale: z.enum(LOCALES).optional(),
    /** The page the visitor was on (a path within the app), so the team sees the context. */
    pageUrl: z.string().max(500).regex(/^\//, 'A path within the app').optional(),
    contactName: z.string().trim().max(100).optional(),
    contactEmail: z.email().max(200).optional(),
    /** "Help now" on a trip (decision 132): answered first, within minutes; needs `bookingId`. */
    urgent: z.boolean().optional(),
    bookingId: z.number().int().min(1).max(2_147_483_647).optional(),
    location: supportLocationSchema.optional(),
  })
  .refine((v) => !v.urgent || v.bookingId !== undefined, {
    message: 'An urgent conversation names its booking',
    path: ['bookingId'],
  })
  .refine((v) => v.urgent || (v.bookingId === undefined && v.location === undefined), {
    message: 'A booking and a location come only with an urgent conversation',
    path: ['urgent'],
  });
export type CreateSupportThread = z.infer<typeof createSupportThreadSchema>;

export const postSupportMessageSchema = z.object({ body: supportMessageBodySchema });

export const supportThreadStatusSchema = z.enum(['open', 'closed']);

export const supportMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(['visitor', 'agent']),
  body: z.string(),
  createdAt: z.string(),
  /**
   * For the team only (the admin's read of a thread): a visitor's message in another language than the admin's,
   * machine-translated (decision 146).
   */
  ...bodyTranslationFields,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  urgent: z.boolean(),
  status: supportThreadStatusSchema,
  createdAt: z.string(),
  lastMessageAt: z.string(),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const createSupportThreadReplySchema = z.object({
  thread: supportThreadSchema,
  messages: z.array(supportMessageSchema),
  /** Only for anonymous visitors, returned once: keep it to read and continue the thread. */
  visitorKey: z.string().nullable(),
});

export const supportThreadMessagesSchema = z.object({
  thread: supportThreadSchema,
  messages: z.array(supportMessageSchema),
});

// `email` is null for an account made by phone or WeChat without one; `phone` is the verified number the
// team calls back on for "Help now" (decision 147).
const supportPartySchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** What an admin sees in the inbox list. */
export const adminSupportThreadSchema = supportThreadSchema.extend({
  locale: z.string().nullable(),
  pageUrl: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }).nullable(),
  messageCount: z.number().int(),
  lastMessage: z.object({ sender: z.enum(['visitor', 'agent']), body: z.string(), createdAt: z.string() }).nullable(),
  /** When the team must answer by (null: nobody is waiting); overdue once it has passed. */
  replyBy: z.string().nullable(),
  firstReplyAt: z.string().nullable(),
  /** An urgent thread's trip, with both parties and the contact the product holds for each. */
  booking: z
    .object({
      id: z.number().int(),
      bookingNumber: z.string(),
      status: z.string(),
      date: z.string(),
      traveler: supportPartySchema,
      guide: supportPartySchema,
    })
    .nullable(),
  /** The web app links it with the reader's map provider (src/shared/map-links.ts). */
  location: supportLocationSchema.extend({ accuracyM: z.number().nullable() }).nullable(),
});
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;

export const adminSupportListQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/admin/support/metrics: first-reply times over the last `days`, and what is overdue now. */
export const adminSupportMetricsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
const replyStatsSchema = z.object({
  threads: z.number().int(),
  answered: z.number().int(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  overdue: z.number().int(),
});
export const adminSupportMetricsSchema = z.object({
  days: z.number().int(),
  urgent: replyStatsSchema,
  other: replyStatsSchema,
  /** Open threads waiting past their reply deadline now. */
  overdue: z.number().int(),
  /** The deadlines in force (settings). */
  urgentReplySeconds: z.number().int(),
  replySeconds: z.number().int(),
});
export type AdminSupportMetrics = z.infer<typeof adminSupportMetricsSchema>;

/** GET /api/config/public: what the web app needs to know about the deployment, nothing secret. */
export const publicConfigSchema = z.object({
  support: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('builtin') }),
    z.object({ provider: z.literal('crisp'), crispWebsiteId: z.string() }),
  ]),
  /** The payment provider: `simulated` is a demo (no money moves) and the web app says so. */
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('simulated') }),
    /** Stripe: the publishable key Stripe.js is loaded with (cards are entered in Stripe Elements, decision 042). */
    z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  ]),
  /**
   * The credit for the next booking a paid booking the guide ends gives the traveler (decision 139), fen
   * (0: none): the refund choice and the no-show sheet name it before the traveler decides.
   */
  travelCreditCents: z.number().int(),
  /**
   * Whether WeChat login is offered (WECHAT_APP_ID is set, decision 148): without it the web app shows no WeChat
   * button.
   */
  wechatLogin: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
