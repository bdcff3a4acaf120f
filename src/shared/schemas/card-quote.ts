import { z } from 'zod';
import { currencySchema } from './common';

/**
 * A search card's price of the searched trip (decisions 151, 176): for the group the search names
 * (`travelers`, or `adults` with `children` and `infants`) and its length (`days`, `durationHours`),
 * else the guide's shortest tour, by the pricing the quote uses, so the card's figures are the
 * quote's for the same question (`durationHours=minDuration` when the search named no length).
 */
export const cardGroupQuoteSchema = z.object({
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  /** Hours in all. */
  hours: z.number(),
  /** The trip's price in the guide's currency. */
  totalCents: z.number().int(),
  /** The days priced (1 for a tour of hours) and each day's hours. */
  days: z.number().int(),
  dayHours: z.number(),
  /** One day's price in the guide's currency (the trip's for one day). */
  dayTotalCents: z.number().int(),
  /** The trip's and one day's price in the reader's currency, as the quote's chargeTotal and chargeDayTotal. */
  chargeCurrency: currencySchema,
  chargeTotal: z.number().int(),
  chargeDayTotal: z.number().int(),
});

/** Why a card has no price for the searched length: it is not a length the guide sells (the quote's code). */
export const cardQuoteRefusalSchema = z.enum(['duration_out_of_range']);
