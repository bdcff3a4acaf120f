/**
 * A meeting place as the API takes it: a typed address with its postal code, or a point chosen from
 * the list with its coordinates (decision 094). The booking's own place and each day's plan
 * (decision 178) take the same fields.
 */
import { z } from 'zod';

/** docs/rules/booking-lifecycle.md: 7 digits typed as 1234567 or 123-4567; stored as 123-4567. */
export const postalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{4}$/, 'Please enter a valid 7-digit postal code.')
  .transform((v) => `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`);

/**
 * The coordinates of a meeting point chosen from the list (decision 094): inside Japan.
 * Optional, and only stored when both are given (`meetingCoords`); a typed address has none.
 */
const meetingLatSchema = z.number().min(20).max(46);
const meetingLngSchema = z.number().min(122).max(154);
export const meetingCoordsSchema = { meetingLat: meetingLatSchema.optional(), meetingLng: meetingLngSchema.optional() };
/** Both coordinates, or both null. */
export const meetingCoords = (b: { meetingLat?: number | null; meetingLng?: number | null }) =>
  b.meetingLat != null && b.meetingLng != null
    ? { meetingLat: b.meetingLat, meetingLng: b.meetingLng }
    : { meetingLat: null, meetingLng: null };

/** A time of day, HH:MM (24 h). */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time written HH:MM');
