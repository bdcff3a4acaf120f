import type { TFunction } from 'i18next';
import { tourLengthText } from '../../../../shared/booking/tour-length';
import { formatBeside, formatMoney } from '../../../../shared/money-format';
import type { ChangeBody, ChangeMoney, ChangeTrip } from '../../../../shared/schemas/booking-changes';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Locale } from '../../../../shared/locales';
import { ApiError } from '../../../lib/api-client';
import { i18next } from '../../../lib/i18n';
import { groupText } from './group-text';
import { refusalText } from './refusal-text';

/**
 * The codes a trip change is refused with that are its own (decision 177); the others are the booking's (decision 176).
 */
const CHANGE_CODES = ['change_unchanged', 'change_open', 'change_not_allowed', 'change_not_open'];

/**
 * A trip as a change reads it: "3 days × 8 hours, 2 adults, 1 child" / "3 天 × 8 小时，成人 2 位、儿童 1 位"
 * — its length as every card writes it, and the group as every card writes it. `t` reads `changes`.
 */
export function changeTripText(
  t: TFunction,
  trip: Pick<ChangeTrip, 'adults' | 'children' | 'infants' | 'days' | 'dayHours'>,
  locale: Locale,
): string {
  const group = groupText(t, {
    travelers: trip.adults + trip.children + trip.infants,
    children: trip.children,
    infants: trip.infants,
  });
  return t('changes:trip', { length: tourLengthText(trip.days, trip.dayHours, locale), group });
}

/** The trip a booking is now, as a change reads it. */
export const bookedTrip = (b: Booking): ChangeBody & { dayHours: number } => ({
  adults: b.adults,
  children: b.children,
  infants: b.infants,
  days: b.days ?? 1,
  dayHours: b.duration,
});

/**
 * Why the server refused a change, in words: the change's own codes (`changes:refused.<code>`), else the
 * booking's refusal words of decision 176 (a day off, the guide's other tour and its times, the
 * traveler's other booking, the guide's group range) about the days asked. Null for a failure that is
 * not a refusal (no answer, a server error): the caller offers a retry.
 */
export function changeRefusalText(
  t: TFunction,
  err: unknown,
  asked: { booking: Booking; days: number; minPeople?: number; maxPeople?: number },
  locale: Locale,
): string | null {
  // A refusal has a code; a 4xx without one (a proxy's) or a 5xx is a failure to retry.
  if (!(err instanceof ApiError) || err.status >= 500 || !err.code) return null;
  const code = err.code;
  if (code && CHANGE_CODES.includes(code)) return t(`changes:refused.${code}`);
  const { booking: b, days, minPeople, maxPeople } = asked;
  return refusalText(
    i18next.getFixedT(locale, 'bookings'),
    { code, fields: err.body?.fields },
    { date: b.date, days, timeZone: b.timeZone, minPeople, maxPeople },
    locale,
  );
}

/**
 * A change's difference of deposit as a card charges it: the server's `payNowChargeCents` in the currency the
 * traveler saw, exactly, with the booking's own beside (decision 193: an exact charge is never "about").
 */
export function payNowText(m: ChangeMoney, locale: Locale): string {
  if (m.chargeCurrency === m.currency) return formatMoney(m.payNowCents, m.currency, locale);
  return formatBeside(
    { minor: m.payNowChargeCents, currency: m.chargeCurrency },
    { minor: m.payNowCents, currency: m.currency },
    locale,
    true,
  );
}
