import { z } from 'zod';
import { LOCALES } from '../locales';
import { calendarDateSchema, currencySchema } from './common';
import { fxRateSchema } from './fx';
import { CHOOSABLE_EXTRA_KINDS } from '../booking/family-plans';

/**
 * GET /api/v2/guides/{id}/quote (decision 151): the price of a tour for a group, as a booking with
 * the same guide, group and length is charged. Either `durationHours` or `days`, not both.
 */
export const quoteQuerySchema = z.object({
  date: calendarDateSchema.optional().describe("The tour's date in the guide's zone (the price does not depend on it)"),
  startTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM')
    .optional(),
  durationHours: z.coerce.number().multipleOf(0.5).min(0.5).max(24).optional(),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(7)
    .optional()
    .describe("Consecutive days, each of the guide's day hours unless `dayHours` says"),
  dayHours: z.coerce
    .number()
    .multipleOf(0.5)
    .min(0.5)
    .max(24)
    .optional()
    .describe(
      "With `days` (decision 176): each day's hours, the day rate's or a length the guide sells, as a booking's `dayHours`",
    ),
  adults: z.coerce.number().int().min(1).max(50),
  children: z.coerce.number().int().min(0).max(50).default(0).describe('Aged 3–11'),
  infants: z.coerce.number().int().min(0).max(50).default(0).describe('Under 3'),
  subcategoryId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe("A service of the guide's with its own hourly price"),
  lang: z.enum(LOCALES).optional().describe("The lines' language (default: Accept-Language, else en)"),
  chargeCurrency: currencySchema
    .optional()
    .describe(
      'The currency the reader sees and a card is charged in (decision 164; default CNY): the …Cents fields are in it',
    ),
  extras: z
    .preprocess(
      (v) => {
        if (v === undefined || v === '') return undefined;
        return (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter((x) => x.trim() !== '');
      },
      z.array(z.enum(CHOOSABLE_EXTRA_KINDS)).max(CHOOSABLE_EXTRA_KINDS.length).optional(),
    )
    .describe(
      'Extras to list as paid in person at cost (decision 178), repeated or comma-separated: kinds the guide declares not included with a price (else 400 extra_not_offered)',
    ),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

export const quoteReplySchema = z.object({
  guideId: z.number().int(),
  /** The charge currency, which the …Cents fields are in (kept for the clients that read them). */
  currency: currencySchema,
  /** The guide's own currency and price (decision 164): what the guide set and is paid in, in its minor unit. */
  guideCurrency: currencySchema,
  guideTotal: z.number().int(),
  guideDeposit: z.number().int(),
  guideInPerson: z
    .number()
    .int()
    .describe("Paid to the guide in person, in the guide's currency (yen for a guide in yen)"),
  /** What the reader sees and pays online in, converted once at `rate`. */
  chargeCurrency: currencySchema,
  chargeTotal: z.number().int(),
  chargeDeposit: z.number().int().describe('Charged online at checkout; a booking made now stores exactly this'),
  chargeInPerson: z.number().int(),
  rate: fxRateSchema,
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  /** Hours in all: the duration, or days × each day's hours. */
  hours: z.number(),
  days: z.number().int().nullable(),
  /** Each day's hours with `days`, else null (decision 176). */
  dayHours: z.number().nullable(),
  /**
   * One day's price with `days` (the trip's with one), in the guide's currency and the charge currency (decision 176);
   * null without `days`.
   */
  guideDayTotal: z.number().int().nullable(),
  chargeDayTotal: z.number().int().nullable(),
  totalCents: z.number().int(),
  /** Paid online at checkout. */
  depositCents: z.number().int(),
  /** Paid to the guide in person. */
  inPersonCents: z.number().int(),
  /**
   * In the reader's language; their `amountCents` (charge currency) add up to `totalCents`, their `guideAmount` to
   * `guideTotal`.
   */
  lines: z.array(
    z.object({
      kind: z.enum(['base', 'extra_adults', 'children', 'infants']),
      label: z.string(),
      amountCents: z.number().int(),
      guideAmount: z.number().int(),
    }),
  ),
  /**
   * The extras asked for (decision 178): paid to the guide in person at cost, about `guideAmount` in the
   * guide's currency (`amountCents` in the charge currency) — not charged online and in none of the
   * amounts above. The label says so in the reader's language. Empty when none were asked; always sent by the server.
   */
  extras: z
    .array(
      z.object({
        kind: z.enum(CHOOSABLE_EXTRA_KINDS),
        label: z.string(),
        note: z.string().nullable(),
        amountCents: z.number().int(),
        guideAmount: z.number().int(),
      }),
    )
    .optional(),
});
export type QuoteReply = z.infer<typeof quoteReplySchema>;
