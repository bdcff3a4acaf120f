import { z } from 'zod';

/**
 * A guide's other calendars, read through their secret iCal addresses (decision 200). The address
 * itself never comes back: a calendar is shown by its name and its host.
 */

/** At most this many calendars a guide. */
export const MAX_CALENDARS = 5;

/**
 * Why a calendar's last read gave no busy times (its last good ones are kept): an address that may not
 * be called, or is our own export of her bookings; an HTTP error, no answer in time, too large, no
 * connection; no calendar, or too many events; an address this server can no longer read (add it again).
 */
export const CALENDAR_PROBLEMS = [
  'address_refused',
  'own_export',
  'http_error',
  'timeout',
  'too_large',
  'unreachable',
  'not_a_calendar',
  'too_many_events',
  'address_lost',
] as const;
export type CalendarProblem = (typeof CALENDAR_PROBLEMS)[number];

export const calendarBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .describe('The calendar’s secret iCal address (https://, http:// or webcal://); never shown back'),
    name: z.string().trim().min(1).max(60).optional().describe('Her name for it; the host when left out'),
  })
  .strict();
export type CalendarBody = z.infer<typeof calendarBodySchema>;

export const calendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string().describe('The host of its address: all of the address she is shown again'),
  lastReadAt: z.string().nullable().describe('The last attempt to read it'),
  lastSuccessAt: z.string().nullable().describe('The last read that gave its busy times'),
  busyCount: z.number().int().describe('Busy times its last good read gave, from today to the booking horizon'),
  problem: z.enum(CALENDAR_PROBLEMS).nullable().describe('Why the last read failed; null after a good one'),
  problemText: z.string().nullable().describe('The problem in the reader’s language'),
  failingSince: z.string().nullable(),
});
export type CalendarView = z.infer<typeof calendarSchema>;

export const calendarsReplySchema = z.object({
  calendars: z.array(calendarSchema),
  max: z.number().int(),
  syncMinutes: z.number().int().describe('How often each calendar is read again'),
});
export type CalendarsReply = z.infer<typeof calendarsReplySchema>;
