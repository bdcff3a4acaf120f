import { z } from 'zod';
import { SERVICE_CITY_SLUGS } from '../cities';
import { instantSchema } from './common';
import { JMA_WARNING_CODES, WEATHER_SOURCES, WEATHER_WARNING_KINDS } from '../weather';

/** The JMA warning in force for a booking's area (decision 093): on the booking, for both sides. */
export const weatherWarningSchema = z.object({
  kind: z.enum(WEATHER_WARNING_KINDS),
  /** JMA's code and name: '05', '暴風警報'. */
  code: z.string(),
  name: z.string(),
  /** The JMA office (area) code, and the municipality it was found for (null: recorded by an admin). */
  areaCode: z.string(),
  municipality: z.string().nullable(),
  issuedAt: z.string(),
  source: z.enum(WEATHER_SOURCES),
  checkedAt: z.string(),
});

const warningCodes = Object.keys(JMA_WARNING_CODES) as [string, ...string[]];

/**
 * An admin records a warning by hand: the city, JMA's code (warnings and special warnings only), when it was issued.
 */
export const recordWarningBodySchema = z.object({
  city: z.enum(SERVICE_CITY_SLUGS),
  code: z.enum(warningCodes),
  issuedAt: instantSchema.optional(),
  note: z.string().trim().max(500).optional(),
});
export type RecordWarningBody = z.infer<typeof recordWarningBodySchema>;

export const recordedWarningSchema = z.object({
  id: z.number().int(),
  areaCode: z.string(),
  kind: z.enum(WEATHER_WARNING_KINDS),
  code: z.string(),
  name: z.string(),
  issuedAt: z.string(),
  liftedAt: z.string().nullable(),
  recordedBy: z.string(),
  note: z.string().nullable(),
});
export type RecordedWarning = z.infer<typeof recordedWarningSchema>;
export const recordedWarningListSchema = z.object({ warnings: z.array(recordedWarningSchema) });
