import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { guides } from './guides';

/**
 * A guide's other calendar, read through its secret iCal address (decision 200). The address is a
 * secret: only its host is kept readable (`host`, what her list shows); the whole address is kept
 * encrypted (`urlSealed`), and `urlHash` (SHA-256) finds the same address added twice.
 */
export const guideCalendars = pgTable(
  'guide_calendars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    host: text('host').notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlHash: text('url_hash').notNull(),
    /** The last good read's validators, sent back so an unchanged calendar answers 304. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    busyCount: integer('busy_count').notNull().default(0),
    /** The last read's problem (a stable code the reader puts in her language), null after a good read. */
    problem: text('problem'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    failureNoticeAt: timestamp('failure_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guide_calendars_guide_idx').on(t.guideId)],
);

/**
 * A busy time read from a guide's calendar (decision 199): only when, never what — no title, place or
 * attendee is stored. The slot rule reads these beside her bookings, in the same statements.
 */
export const guideBusyTimes = pgTable(
  'guide_busy_times',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => guideCalendars.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('guide_busy_times_guide_starts_idx').on(t.guideId, t.startsAt),
    index('guide_busy_times_calendar_idx').on(t.calendarId),
  ],
);
