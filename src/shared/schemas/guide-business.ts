import { z } from 'zod';
import { isCalendarDate } from '../availability';

/**
 * The guide's own business settings (issue #13): weekly hours and exceptions in the guide's zone,
 * rates and services, and the secret calendar feed. Money is integer fen (cents of RMB).
 */

/** Minutes after local midnight: a start is 0–1439, an end 1–1440 (24:00). */
const minute = z.number().int().min(0).max(1440);

export const weeklyRangeSchema = z
  .object({
    weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 Monday … 7 Sunday'),
    startMinute: minute,
    endMinute: minute,
  })
  .strict();

export const availabilityExceptionInputSchema = z
  .object({
    date: z.string().refine(isCalendarDate, 'Expected a date yyyy-mm-dd').describe("A date in the guide's zone"),
    available: z.boolean().describe('false: a day off; true: these hours instead of the weekly ones'),
    startMinute: minute.nullable().default(null),
    endMinute: minute.nullable().default(null),
    note: z.string().trim().max(200).nullable().default(null),
  })
  .strict();

export const availabilityBodySchema = z
  .object({
    weekly: z.array(weeklyRangeSchema).max(70),
    exceptions: z.array(availabilityExceptionInputSchema).max(400).default([]),
  })
  .strict();
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

export const availabilityReplySchema = z.object({
  guideId: z.number().int(),
  timeZone: z.string(),
  weekly: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
  /** Exceptions from today on (in the guide's zone). */
  exceptions: z.array(
    z.object({
      date: z.string(),
      available: z.boolean(),
      startMinute: z.number().int().nullable(),
      endMinute: z.number().int().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type AvailabilityReply = z.infer<typeof availabilityReplySchema>;

/** Prices: integer fen, at most 1,000,000 RMB an hour. */
const fen = z.number().int().min(0).max(100_000_000);

export const ratesBodySchema = z
  .object({
    basicPricePerHourCents: fen,
    additionalPricePerPersonCents: fen,
    minPeople: z.number().int().min(1).max(50),
    maxPeople: z.number().int().min(1).max(50),
    minDurationHours: z.number().int().min(1).max(24),
    maxDurationHours: z.number().int().min(1).max(24),
    services: z
      .array(
        z
          .object({
            subcategoryId: z.number().int().positive().max(2_147_483_647),
            /** null: the basic price. */
            priceCents: fen.nullable().default(null),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();
export type RatesBody = z.infer<typeof ratesBodySchema>;

export const ratesReplySchema = z.object({
  guideId: z.number().int(),
  currency: z.string(),
  basicPricePerHourCents: z.number().int(),
  additionalPricePerPersonCents: z.number().int(),
  minPeople: z.number().int(),
  maxPeople: z.number().int(),
  minDurationHours: z.number().int(),
  maxDurationHours: z.number().int(),
  services: z.array(
    z.object({
      subcategoryId: z.number().int(),
      categoryId: z.number().int(),
      nameEn: z.string(),
      nameCn: z.string(),
      priceCents: z.number().int().nullable(),
    }),
  ),
});
export type RatesReply = z.infer<typeof ratesReplySchema>;

export const calendarUrlReplySchema = z.object({
  url: z.string().describe('Secret iCal feed URL: anyone holding it can read the guide’s tour times and meeting points'),
  createdAt: z.string(),
});
export type CalendarUrlReply = z.infer<typeof calendarUrlReplySchema>;
