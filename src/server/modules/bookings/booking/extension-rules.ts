/**
 * A booking's extensions as both the request (booking-extensions.ts) and the view reckon them: how many the limit
 * counts now, the hours the fee is based on, and the fee.
 */
import { MINOR_PER_MAJOR } from '../../../../shared/currency';
import { extensionPriceCents } from '../../../../shared/booking/money-rules';
import { currentTourDay } from '../../../../shared/booking/tour-days';
import type { BookingRow, ExtensionRow } from './bookings.repository';

/**
 * The confirmed extensions the limit (MAX_EXTENSIONS) counts now: on a booking of several days, the
 * current day's only (decision 155: each day may be lengthened as a one-day tour may); otherwise all.
 */
export function extensionsCounted(
  b: Pick<BookingRow, 'days' | 'date' | 'timeZone' | 'extensionCount'>,
  extensions: Pick<ExtensionRow, 'status' | 'day'>[],
  now: Date,
): number {
  if (b.days <= 1) return b.extensionCount;
  const day = currentTourDay(b, now);
  return extensions.filter((e) => e.status === 'confirmed' && (e.day ?? b.days) === day).length;
}

/**
 * The tour's booked hours before any extension: the base of the extension fee (docs/rules/money-and-cancellation.md).
 * Several days (decision 154) keep one day's length through extensions, so their base is every day's hours.
 */
export function baseDurationHours(
  b: Pick<BookingRow, 'durationMinutes' | 'days'>,
  extensions: Pick<ExtensionRow, 'status' | 'minutes'>[],
): number {
  if (b.days > 1) return (b.days * b.durationMinutes) / 60;
  const added = extensions.filter((e) => e.status === 'confirmed').reduce((sum, e) => sum + e.minutes, 0);
  return (b.durationMinutes - added) / 60;
}

/**
 * What an extension of `hours` costs on this booking (decision 152): the overtime rate frozen at
 * booking, else the hourly average of the tour as booked. The request charges it and the view's
 * `extensionRateCents` is it for one hour, so the dialog shows what is charged.
 */
export function extensionFee(
  b: Pick<BookingRow, 'totalPriceCents' | 'durationMinutes' | 'days' | 'overtimeRateCents' | 'currency'>,
  extensions: Pick<ExtensionRow, 'status' | 'minutes'>[],
  hours: number,
): number {
  return extensionPriceCents(
    {
      totalCents: b.totalPriceCents,
      baseHours: baseDurationHours(b, extensions),
      overtimeRateCents: b.overtimeRateCents,
      minorPerMajor: MINOR_PER_MAJOR[b.currency],
    },
    hours,
  );
}
