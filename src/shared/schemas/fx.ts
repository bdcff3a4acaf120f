import { z } from 'zod';
import { FX_SOURCES, isUsableRate, MAX_JPY_PER_CNY, MIN_JPY_PER_CNY } from '../currency';
import { instantSchema } from './common';

/**
 * Where the current rate comes from (FX_PROVIDER, decision 165): the operator's or admin's fixed rate, or the ECB's
 * daily feed.
 */
export const FX_PROVIDERS = ['fixed', 'ecb'] as const;
export type FxProvider = (typeof FX_PROVIDERS)[number];

/** How a read of the ECB's feed failed (decision 165); `late` is a feed whose newest rates are more than 4 days old. */
export const FX_FEED_FAILURES = ['timeout', 'unreachable', 'http_error', 'broken', 'late'] as const;
export type FxFeedFailure = (typeof FX_FEED_FAILURES)[number];

const RATE_MESSAGE = `Yen per yuan as a decimal of at most six places, from ${MIN_JPY_PER_CNY} to ${MAX_JPY_PER_CNY}, e.g. 20.53`;

/** GET /api/v2/fx/rate: yen per yuan now, the day it is the reference for and where it came from. */
export const fxRateSchema = z.object({
  jpyPerCny: z.string().meta({ example: '20.53' }),
  asOf: z.string().meta({ format: 'date' }),
  source: z.enum(FX_SOURCES),
});

/** PUT /api/admin/fx/rate: the admin's fixed rate, checked as the product checks every rate (isUsableRate). */
export const setFxRateBodySchema = z
  .object({ jpyPerCny: z.string().trim().refine(isUsableRate, RATE_MESSAGE) })
  .strict();
export type SetFxRateBody = z.infer<typeof setFxRateBodySchema>;

/** GET /api/admin/fx: the rate in use, the rates kept (newest first) and the feed's latest failure. */
export const adminFxSchema = z.object({
  provider: z.enum(FX_PROVIDERS),
  /** FX_JPY_PER_CNY: the rate when no admin has set one, and under `ecb` before the feed has answered once. */
  configuredJpyPerCny: z.string(),
  current: fxRateSchema,
  rates: z.array(fxRateSchema.extend({ recordedAt: instantSchema })),
  lastFailure: z
    .object({
      at: instantSchema,
      kind: z.enum(FX_FEED_FAILURES),
      detail: z.string(),
      /** The date the feed gave, when it gave one (a late or incomplete feed). */
      feedAsOf: z.string().nullable(),
    })
    .nullable(),
});
export type AdminFx = z.infer<typeof adminFxSchema>;
