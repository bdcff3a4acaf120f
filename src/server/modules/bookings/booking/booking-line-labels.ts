import { priceLineLabel } from '../../../../shared/booking/price-lines';
import type { PriceLine } from '../../../../shared/booking/money-rules';
import type { TripLength } from '../../../../shared/booking/trip-price';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { AppInstance } from '../../../lib/types';
import { readerLocale } from '../../../lib/request-language';
import { dayPlacesForReader } from './family-plans';

/**
 * A booking's price lines carry the quote's labels (decision 151: `priceLineLabel`, in the reader's
 * language). The booking replies come from many services that do not know the request, so
 * `toBooking` labels in English and keeps, out of the JSON, the length the lines were priced for;
 * the reply is relabelled in the reader's language as it is sent.
 */
export const PRICED_LENGTH = Symbol('the tour length the line was priced for');
export type LabelledLine = Booking['lines'][number] & { [PRICED_LENGTH]?: TripLength };

/**
 * The length a booking was priced for: its days with each day's hours (decision 154: a day's hours do
 * not change; read "3 days × 8 hours", decision 179, whether the days were priced by the day or by the
 * hour), else its hours before any extension.
 */
export function pricedLength(
  b: { durationMinutes: number; days: number },
  extensions: { status: string; minutes: number }[],
): TripLength {
  if (b.days > 1) return { days: b.days, dayHours: b.durationMinutes / 60 };
  const added = extensions.filter((e) => e.status === 'confirmed').reduce((sum, e) => sum + e.minutes, 0);
  return { hours: (b.durationMinutes - added) / 60 };
}

/** Relabels the lines of every booking in a reply (a booking, `{booking}`, `{data: [...]}`). */
function labelLines(payload: unknown, locale: ReturnType<typeof readerLocale>): void {
  if (!payload || typeof payload !== 'object' || Buffer.isBuffer(payload)) return;
  const p = payload as { lines?: unknown; dayPlans?: unknown; booking?: unknown; data?: unknown };
  if (Array.isArray(p.lines)) {
    for (const line of p.lines as (LabelledLine & PriceLine)[]) {
      const length = line?.[PRICED_LENGTH];
      if (length) line.label = priceLineLabel(line, length, locale);
    }
  }
  // Each day's place likewise (decision 178).
  if (Array.isArray(p.dayPlans)) dayPlacesForReader(p.dayPlans, locale);
  if (p.booking) labelLines(p.booking, locale);
  if (Array.isArray(p.data)) for (const item of p.data) labelLines(item, locale);
}

/**
 * A booking read outside a reply (the trip PDF, decision 179) in `locale`, as the hook below relabels
 * a reply: its lines and what else `labelLines` puts in the reader's language. Relabels in place.
 */
export function inReaderLanguage<T extends object>(booking: T, locale: ReturnType<typeof readerLocale>): T {
  labelLines(booking, locale);
  return booking;
}

/**
 * Every reply carrying bookings (bookings, reschedules, payments…) in the reader's language: `lang`,
 * the app's stored choice, Accept-Language, else English. Only lines `toBooking` made are touched.
 */
export function labelLinesForReader(app: AppInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!payload || typeof payload !== 'object' || Buffer.isBuffer(payload)) return payload;
    const locale = readerLocale(request);
    // toBooking labelled in English already.
    if (locale !== 'en') labelLines(payload, locale);
    return payload;
  });
}
