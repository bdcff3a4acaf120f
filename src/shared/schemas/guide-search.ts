/**
 * What a search of guides asks (GET /api/v2/guides and its price bounds), apart from what a guide and
 * its cards look like (guides.ts), which the profile and the saved guides share with the search's reply.
 */
import { z } from 'zod';
import { SERVICE_CITY_SLUGS } from '../cities';
import { calendarDateSchema, currencySchema } from './common';
import { GUIDE_SORTS, SEARCH_LANGUAGES } from '../price-range';
import { MAX_PRICE_BAND as MAX_BAND } from '../guide-search';
import { MAX_BOOKING_DAYS } from '../booking/tour-days';
import { readerLangSchema } from './guides';

/** A query value that may be given once, repeated (`services=1&services=2`) or comma-separated. */
const repeatedIds = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((x) => String(x).split(',')).filter((x) => x.trim() !== '');
  },
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(50).optional(),
);

/**
 * GET /api/v2/guides query (/search parameters, plus paging and sort). Prices are whole yuan or yen, as `currency`
 * says.
 */
export const guideSearchQuerySchema = z
  .object({
    city: z.enum(SERVICE_CITY_SLUGS).optional(),
    language: z.enum(SEARCH_LANGUAGES).optional(),
    services: repeatedIds,
    date: calendarDateSchema.optional(),
    travelers: z.coerce.number().int().min(1).max(100).optional(),
    adults: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'The group by age (decision 152): adults; with children and infants it sizes the search as `travelers` does and prices each card for the group',
      ),
    children: z.coerce.number().int().min(0).max(100).optional().describe('Children 3–11 in the group (needs adults)'),
    infants: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('Infants under 3 in the group (needs adults); they count toward the group size'),
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_BOOKING_DAYS)
      .optional()
      .describe(
        "The trip's consecutive days from `date` (decision 176): each card prices the group for them, per day and for the trip",
      ),
    durationHours: z.coerce
      .number()
      .multipleOf(0.5)
      .min(0.5)
      .max(24)
      .optional()
      .describe(
        "The tour's hours (decision 176); with `days`, each day's hours. Without either, a card prices the guide's shortest tour",
      ),
    chargeCurrency: currencySchema
      .optional()
      .describe(
        "The reader's currency the cards' group prices are also given in (decision 176; default `currency`), as the quote's `chargeCurrency`",
      ),
    minPrice: z.coerce.number().int().min(0).max(MAX_BAND).optional(),
    maxPrice: z.coerce.number().int().min(0).max(MAX_BAND).optional(),
    currency: currencySchema
      .default('CNY')
      .describe(
        "The currency of the price band and the price sorts (decision 168): whole yuan or yen; every guide's hourly price is converted to it at the current rate before it is compared",
      ),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(12),
    sort: z.enum(GUIDE_SORTS).default('recommended'),
    /** true: only guides with a verified licence (全国通訳案内士 / 地域通訳案内士; decision 092). */
    licensed: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    /** true: only guides who confirm a paid booking at once, not paused (decision 153). */
    instantBook: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    lang: readerLangSchema,
  })
  .superRefine((q, ctx) => {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
    }
    if (q.adults === undefined && (q.children !== undefined || q.infants !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['adults'], message: 'children and infants need adults' });
    }
    const size = q.adults === undefined ? undefined : q.adults + (q.children ?? 0) + (q.infants ?? 0);
    if (size !== undefined && size > 100)
      ctx.addIssue({ code: 'custom', path: ['adults'], message: 'at most 100 travelers in all' });
    if (size !== undefined && q.travelers !== undefined && q.travelers !== size) {
      ctx.addIssue({ code: 'custom', path: ['travelers'], message: 'travelers must be adults + children + infants' });
    }
  });
export type GuideSearchQuery = z.infer<typeof guideSearchQuerySchema>;

/** GET /api/v2/guides/price-bounds query: the currency the bounds are in (decision 168). */
export const priceBoundsQuerySchema = z.object({
  currency: currencySchema
    .default('CNY')
    .describe('Whole yuan (CNY, the default) or yen (JPY), every guide converted at the current rate'),
});

export const priceBoundsReplySchema = z.object({
  /** Lowest and highest hourly price per person of listed guides, whole yuan or yen (null with no guides). */
  lowest: z.number().nullable(),
  highest: z.number().nullable(),
});
