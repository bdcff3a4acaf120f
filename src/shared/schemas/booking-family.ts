/**
 * What a family settles with the guide up front (decision 178): a plan for each day, the extras paid
 * at cost in person, and the children's ages and needs — in the checkout's body, in the booking's
 * reply (both sides), and in the later edit of the plans (`PUT /api/v2/bookings/{id}/day-plans`).
 */
import { z } from 'zod';
import { CHOOSABLE_EXTRA_KINDS, childAgesRefusal, MAX_CHILD_AGE } from '../booking/family-plans';
import { MAX_BOOKING_DAYS } from '../booking/tour-days';
import { TEXT_LANGUAGES } from '../guide-texts';
import { LOCALES } from '../locales';
import { currencySchema } from './common';
import { meetingCoordsSchema, postalCodeSchema, timeOfDaySchema } from './meeting-place';

export const MAX_DAY_PLAN_CHARS = 300;

/** One day's plan as a client sends it; every field optional, an empty day is no plan. */
export const dayPlanInputSchema = z.object({
  day: z.number().int().min(1).max(MAX_BOOKING_DAYS).describe('The tour day, 1 for the first'),
  meetingAddress: z
    .string()
    .trim()
    .max(300)
    .optional()
    .describe(
      "Where to meet that day: typed, or a listed point's words with its coordinates (as the booking's meetingAddress); day 1 defaults to the booking's place",
    ),
  meetingPostalCode: postalCodeSchema.optional(),
  ...meetingCoordsSchema,
  startTime: timeOfDaySchema
    .optional()
    .describe("The time to meet that day, HH:MM in the guide's zone (a note; the booked start does not move)"),
  plan: z
    .string()
    .trim()
    .max(MAX_DAY_PLAN_CHARS)
    .optional()
    .describe(`What the day is for, up to ${MAX_DAY_PLAN_CHARS} characters`),
});
export type DayPlanInput = z.infer<typeof dayPlanInputSchema>;

/** Each day once, at most the booking's days (the caller checks the upper bound, which it knows). */
export const dayPlansInputSchema = z
  .array(dayPlanInputSchema)
  .max(MAX_BOOKING_DAYS)
  .superRefine((plans, ctx) => {
    plans.forEach((p, i) => {
      if (plans.findIndex((q) => q.day === p.day) !== i)
        ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'each day once' });
    });
  });

/** The children's needs on the tour; both false when not said. */
export const familyNeedsSchema = z.object({ stroller: z.boolean(), childSeat: z.boolean() });

const extraKindSchema = z.enum(CHOOSABLE_EXTRA_KINDS);

/** The checkout body's fields of decision 178 (`createBookingFields` spreads them). */
export const familyBodyFields = {
  dayPlans: dayPlansInputSchema
    .optional()
    .describe('A plan for each day 1..days (decision 178): place, time to meet, a short plan; all optional'),
  extras: z
    .array(extraKindSchema)
    .max(CHOOSABLE_EXTRA_KINDS.length)
    .optional()
    .describe(
      'Extras the traveler will pay for at cost, in person: only kinds the guide declares not included with a price (else 400 extra_not_offered). Never charged online, not in the total',
    ),
  childAges: z
    .array(z.number().int().min(0).max(MAX_CHILD_AGE))
    .max(100)
    .optional()
    .describe('One age per child (3–11) and infant (0–2), as many as children + infants'),
  needs: familyNeedsSchema.optional().describe('A stroller with them, a child seat needed'),
};

/**
 * The body's family fields against its days and group: each day within the days, each extra once, one age per child and
 * infant.
 */
export function familyBodyRefinement(
  b: { days?: number; dayPlans?: { day: number }[]; extras?: string[]; childAges?: number[] },
  group: { children: number; infants: number },
  ctx: z.RefinementCtx,
): void {
  const days = b.days ?? 1;
  b.dayPlans?.forEach((p, i) => {
    if (p.day > days)
      ctx.addIssue({ code: 'custom', path: ['dayPlans', i, 'day'], message: `a day from 1 to ${days}` });
  });
  b.extras?.forEach((k, i) => {
    if (b.extras!.indexOf(k) !== i) ctx.addIssue({ code: 'custom', path: ['extras', i], message: 'each extra once' });
  });
  if (b.childAges) {
    const refusal = childAgesRefusal(b.childAges, group);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['childAges'], message: refusal });
  }
}

/** PUT /api/v2/bookings/{id}/day-plans: the plans as they now stand (every day not named has none). */
export const dayPlansBodySchema = z.object({ dayPlans: dayPlansInputSchema });
export type DayPlansBody = z.infer<typeof dayPlansBodySchema>;

// ---------------------------------------------------------------- in the booking's reply

const textLanguageSchema = z.enum(TEXT_LANGUAGES);

/**
 * A place as the reader reads it (`placeForReader`, decision 175): a listed point in the reader's language, a typed one
 * as written.
 */
export const placeForReaderSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listed'),
    name: z.string(),
    addressJa: z.string(),
    asWritten: z.object({ text: z.string(), locale: z.enum(LOCALES).nullable() }).nullable(),
  }),
  z.object({ kind: z.literal('typed'), text: z.string() }),
]);

export const dayPlanSchema = z.object({
  day: z.number().int(),
  /** The day's date in the guide's zone. */
  date: z.string(),
  /** As written, with the coordinates of a listed point; day 1 without its own is the booking's place. */
  meetingAddress: z.string().nullable(),
  meetingPostalCode: z.string().nullable(),
  meetingLat: z.number().nullable(),
  meetingLng: z.number().nullable(),
  /** The place in the reader's language (decision 175's rule); null without a place. */
  place: placeForReaderSchema.nullable(),
  startTime: z.string().nullable(),
  plan: z.string().nullable(),
  /** The languages the place and the plan are written in (decision 146), when the accounts were read. */
  meetingAddressLanguage: textLanguageSchema.optional(),
  planLanguage: textLanguageSchema.optional(),
});
export type DayPlan = z.infer<typeof dayPlanSchema>;

export const chosenExtraSchema = z.object({
  kind: extraKindSchema,
  /** About what it costs, paid in person at cost, in `currency` (the guide's): never charged online. */
  priceCents: z.number().int(),
  currency: currencySchema,
  note: z.string().nullable(),
});

/** The booking reply's fields of decision 178; always sent by the server (optional for clients built before them). */
export const bookingFamilyFields = {
  /** One entry per day, in order; a field with nothing agreed is null. */
  dayPlans: z.array(dayPlanSchema).optional(),
  /** The extras chosen at the checkout, paid at cost in person: not in `totalPriceCents`, never charged online. */
  extras: z.array(chosenExtraSchema).optional(),
  /** One age per child and infant as the traveler gave them, else null. */
  childAges: z.array(z.number().int()).nullable().optional(),
  needs: familyNeedsSchema.optional(),
};
