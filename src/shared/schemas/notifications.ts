import { z } from 'zod';
import type { Locale } from '../locales';
import { idParam } from './common';

/** System messages and notification settings (docs/rules/messaging.md). */
export const SYSTEM_MESSAGE_TYPES = ['system', 'admin', 'approval', 'booking', 'payment', 'reminder'] as const;
export const SYSTEM_MESSAGE_STATUSES = ['unread', 'read', 'archived'] as const;
/** Kinds a user chooses channels for: chat plus every system-message type but admin (always in-app). */
export const NOTIFICATION_KINDS = ['chat', 'booking', 'payment', 'reminder', 'approval', 'system'] as const;
export const NOTIFICATION_CHANNELS = ['inApp', 'browser', 'email'] as const;

export type SystemMessageType = (typeof SYSTEM_MESSAGE_TYPES)[number];
/** A system message's words in each language (decision 053). */
export type SystemMessageTexts = Partial<Record<Locale, { title: string; message: string; actionLabel?: string }>>;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const systemMessageSchema = z.object({
  id: z.number().int(),
  type: z.enum(SYSTEM_MESSAGE_TYPES),
  title: z.string(),
  message: z.string(),
  status: z.enum(SYSTEM_MESSAGE_STATUSES),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  actionable: z.boolean(),
  actionUrl: z.string().nullable(),
  actionLabel: z.string().nullable(),
  showContactSupport: z.boolean(),
  isErrorMessage: z.boolean(),
  relatedEntityId: z.number().int().nullable(),
  relatedEntityType: z.string().nullable(),
});
export type SystemMessage = z.infer<typeof systemMessageSchema>;

const boolFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const systemMessageListQuerySchema = z.object({
  status: z.enum(SYSTEM_MESSAGE_STATUSES).optional(),
  type: z.enum(SYSTEM_MESSAGE_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  includeExpired: boolFlag.default(true),
});
export const systemMessageListSchema = z.object({
  data: z.object({
    messages: z.array(systemMessageSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    unreadCount: z.number().int(),
  }),
});
export const systemMessageReplySchema = z.object({ data: systemMessageSchema });
export const markSystemReadSchema = z.union([
  z.object({ messageIds: z.array(idParam).min(1).max(500) }),
  z.object({ markAll: z.literal(true) }),
]);
export const markSystemReadReplySchema = z.object({
  data: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
});
export const deleteSystemReplySchema = z.object({
  data: z.object({ deleted: z.literal(true), unreadCount: z.number().int() }),
});
export const unreadCountReplySchema = z.object({ data: z.object({ unreadCount: z.number().int() }) });
export const systemStatsReplySchema = z.object({
  data: z.object({
    total: z.number().int(),
    unread: z.number().int(),
    read: z.number().int(),
    archived: z.number().int(),
    expired: z.number().int(),
    byType: z.record(z.enum(SYSTEM_MESSAGE_TYPES), z.number().int()),
  }),
});
export const entityParamsSchema = z.object({ type: z.string().regex(/^[a-z_]{1,40}$/), id: idParam });
export const systemMessagesOfEntitySchema = z.object({ data: z.array(systemMessageSchema) });

export const channelSettingSchema = z.object({ inApp: z.boolean(), browser: z.boolean(), email: z.boolean() });
export const notificationSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelSettingSchema])) as Record<
      NotificationKind,
      typeof channelSettingSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsReplySchema = z.object({ data: notificationSettingsSchema });

/** Defaults before a user chooses: everything in-app and in the browser; e-mail for money and bookings. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: {
    chat: { inApp: true, browser: true, email: false },
    booking: { inApp: true, browser: true, email: true },
    payment: { inApp: true, browser: true, email: true },
    reminder: { inApp: true, browser: true, email: false },
    approval: { inApp: true, browser: true, email: true },
    system: { inApp: true, browser: true, email: false },
  },
};

/** Which setting governs a system message type (admin messages follow "system"). */
export const kindOfType = (type: SystemMessageType): NotificationKind => (type === 'admin' ? 'system' : type);

export const isExpired = (m: Pick<SystemMessage, 'expiresAt'>, now = Date.now()) =>
  m.expiresAt !== null && Date.parse(m.expiresAt) <= now;
