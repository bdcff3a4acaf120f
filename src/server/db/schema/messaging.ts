import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TOUR_REQUEST_STATUSES } from '../../../shared/messaging/tour-request';
import type { TourRequest } from '../../../shared/schemas/messaging';
import type { SystemMessageTexts } from '../../../shared/schemas/notifications';
import { guides } from './guides';
import { users } from './users';

/**
 * Chat between a traveler and a guide. One conversation per (traveler, guide listing).
 * `guideUserId` is the listing's user at the time, so membership checks need no join.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    guideUserId: integer('guide_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * Counters written by each send in the statement that inserts the message (decision 089): messages
     * each side has sent (credits, decision 050) and each side's unread messages (reset by mark-read).
     */
    travelerMessages: integer('traveler_messages').notNull().default(0),
    guideMessages: integer('guide_messages').notNull().default(0),
    travelerUnread: integer('traveler_unread').notNull().default(0),
    guideUnread: integer('guide_unread').notNull().default(0),
  },
  (t) => [
    uniqueIndex('conversations_traveler_guide_key').on(t.travelerId, t.guideId),
    index('conversations_guide_user_idx').on(t.guideUserId, t.lastMessageAt),
    index('conversations_traveler_idx').on(t.travelerId, t.lastMessageAt),
    // A page of guides' response figures reads their recent conversations only (decision 077).
    index('conversations_guide_recent_idx').on(t.guideId, t.lastMessageAt),
  ],
);

/**
 * A chat message. The same (conversation, sender, clientMessageId) is one message however often it is
 * sent. The body is stored as written; contact details are masked when it is read
 * (decision 050). A tour request carries its form and its state.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientMessageId: text('client_message_id').notNull(),
    body: text('body').notNull(),
    kind: text('kind', { enum: ['text', 'tour_request', 'offer'] })
      .notNull()
      .default('text'),
    tourRequest: jsonb('tour_request').$type<TourRequest>(),
    tourRequestStatus: text('tour_request_status', { enum: TOUR_REQUEST_STATUSES }),
    rejectReason: text('reject_reason'),
    /** When the guide accepted or refused the tour request: an answer for the response figures (decision 077). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    bookingId: integer('booking_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_client_id_key').on(t.conversationId, t.senderId, t.clientMessageId),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    // A sender's messages of the last minute, counted by every send (decision 160).
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
  ],
);

/** How far each participant has read: everything up to `lastReadMessageId`. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** Credits keyed by conversation and user; null is unlimited (decision 050). */
export const conversationCredits = pgTable(
  'conversation_credits',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** System message: the notification centre. `dedupeKey` makes event-driven creation idempotent. */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['system', 'admin', 'approval', 'booking', 'payment', 'reminder'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['unread', 'read', 'archived'] })
      .notNull()
      .default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    actionUrl: text('action_url'),
    actionLabel: text('action_label'),
    showContactSupport: boolean('show_contact_support').notNull().default(false),
    isErrorMessage: boolean('is_error_message').notNull().default(false),
    relatedEntityType: text('related_entity_type'),
    relatedEntityId: integer('related_entity_id'),
    dedupeKey: text('dedupe_key'),
    /**
     * Title, message and action label in every language, given by the creating event (decision 053):
     * each reader gets the language they read in now. Null on rows written before; `title`,
     * `message` and `actionLabel` keep the recipient's stored-locale text either way.
     */
    texts: jsonb('texts').$type<SystemMessageTexts>(),
  },
  (t) => [
    index('system_messages_user_idx').on(t.userId, t.status, t.createdAt),
    index('system_messages_entity_idx').on(t.userId, t.relatedEntityType, t.relatedEntityId),
    uniqueIndex('system_messages_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
  ],
);

/** Per kind (chat, booking, payment, …) and channel: a row only once the user changes a default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    browser: boolean('browser').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
