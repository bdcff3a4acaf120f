import { chooseExtras, isEmptyDayPlan, type StoredDayPlan } from '../../../../shared/booking/family-plans';
import { tourDates } from '../../../../shared/booking/tour-days';
import { detectTextLanguage, writerTextLanguage, type TextLanguage } from '../../../../shared/guide-texts';
import type { Locale } from '../../../../shared/locales';
import { placeForReader } from '../../../../shared/meeting-points';
import type { DayPlan, DayPlanInput } from '../../../../shared/schemas/booking-family';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import { meetingCoords } from '../../../../shared/schemas/meeting-place';
import { AppError } from '../../../lib/app-error';
import type { BookingRow, GuideForBooking, NewBooking } from './bookings.repository';

/**
 * What a family settles up front (decision 178), kept out of `create()` and `toBooking()` as the
 * group is (booking-group.ts): the columns a checkout stores, and the reply's fields.
 */

/** The plans as stored: each day's place (coordinates only with both), time and plan; empty days dropped. */
export function storedDayPlans(
  input: readonly DayPlanInput[],
  by: StoredDayPlan['by'],
  before: readonly StoredDayPlan[] = [],
): StoredDayPlan[] {
  return input
    .map((p) => {
      const plan: StoredDayPlan = {
        day: p.day,
        meetingAddress: p.meetingAddress || null,
        meetingPostalCode: p.meetingAddress ? (p.meetingPostalCode ?? null) : null,
        ...(p.meetingAddress ? meetingCoords(p) : { meetingLat: null, meetingLng: null }),
        startTime: p.startTime ?? null,
        plan: p.plan || null,
        by,
      };
      // Words left as they were keep their writer, whose account language tells a Han-only text's (decision 146).
      const old = before.find((o) => o.day === p.day);
      return old && old.meetingAddress === plan.meetingAddress && old.plan === plan.plan
        ? { ...plan, by: old.by }
        : plan;
    })
    .filter((p) => !isEmptyDayPlan(p))
    .sort((a, b) => a.day - b.day);
}

/**
 * The checkout's family columns: the day plans, the extras chosen as the guide declares them now
 * (400 `extra_not_offered` for one the guide does not sell that way), the ages and needs.
 */
export function familyColumns(guide: Pick<GuideForBooking, 'extras' | 'currency'>, body: CreateBookingBody) {
  const chosen = chooseExtras(guide.extras, body.extras ?? [], guide.currency);
  if ('refused' in chosen) {
    throw new AppError(
      'extra_not_offered',
      'This guide does not offer that extra to pay at cost',
      chosen.refused.map((kind) => ({ path: 'extras', message: kind })),
    );
  }
  const plans = storedDayPlans(body.dayPlans ?? [], 'traveler');
  return {
    dayPlans: plans.length ? plans : null,
    chosenExtras: chosen.chosen.length ? chosen.chosen : null,
    childAges: body.childAges ?? null,
    needsStroller: body.needs?.stroller ?? false,
    needsChildSeat: body.needs?.childSeat ?? false,
  } satisfies Partial<NewBooking>;
}

type Writers = { traveler: string | null; guide: string | null } | undefined;

/**
 * One plan a day, in order (decision 178): a day without one has its fields null, and day 1 without
 * its own place is met where the booking says. The place reads in English here and in the reader's
 * language as the reply is sent (`dayPlacesForReader`), as the price lines do (decision 152).
 */
export function dayPlansView(
  b: Pick<
    BookingRow,
    'date' | 'days' | 'dayPlans' | 'meetingAddress' | 'meetingPostalCode' | 'meetingLat' | 'meetingLng' | 'offerId'
  >,
  writers: Writers,
): DayPlan[] {
  const language = (text: string | null, by: StoredDayPlan['by']): TextLanguage | undefined =>
    writers && text ? detectTextLanguage(text, writerTextLanguage(writers[by])) : undefined;
  return tourDates(b.date, b.days).map((date, i) => {
    const day = i + 1;
    const own = b.dayPlans?.find((p) => p.day === day);
    // The booking's place is the traveler's words, or the guide's on a booking from her offer (decision 175).
    const place =
      own?.meetingAddress || day !== 1
        ? {
            meetingAddress: own?.meetingAddress ?? null,
            meetingPostalCode: own?.meetingPostalCode ?? null,
            meetingLat: own?.meetingLat ?? null,
            meetingLng: own?.meetingLng ?? null,
            by: own?.by ?? 'traveler',
          }
        : {
            meetingAddress: b.meetingAddress,
            meetingPostalCode: b.meetingPostalCode,
            meetingLat: b.meetingLat,
            meetingLng: b.meetingLng,
            by: b.offerId !== null ? ('guide' as const) : ('traveler' as const),
          };
    const addressLanguage = language(place.meetingAddress, place.by);
    const planLanguage = language(own?.plan ?? null, own?.by ?? 'traveler');
    return {
      day,
      date,
      meetingAddress: place.meetingAddress,
      meetingPostalCode: place.meetingPostalCode,
      meetingLat: place.meetingLat,
      meetingLng: place.meetingLng,
      place: place.meetingAddress ? placeForReader(place, 'en') : null,
      startTime: own?.startTime ?? null,
      plan: own?.plan ?? null,
      ...(addressLanguage && { meetingAddressLanguage: addressLanguage }),
      ...(planLanguage && { planLanguage }),
    };
  });
}

/** The reply's family fields (`bookingFamilyFields`), for both sides alike. */
export function familyView(
  b: BookingRow,
  writers: Writers,
): Required<Pick<Booking, 'dayPlans' | 'extras' | 'childAges' | 'needs'>> {
  return {
    dayPlans: dayPlansView(b, writers),
    extras: b.chosenExtras ?? [],
    childAges: b.childAges ?? null,
    needs: { stroller: b.needsStroller, childSeat: b.needsChildSeat },
  };
}

/** Each day's listed place in the reader's language (decision 175), as a booking reply is sent. */
export function dayPlacesForReader(plans: unknown[], locale: Locale): void {
  for (const p of plans as DayPlan[]) if (p?.place && p.meetingAddress) p.place = placeForReader(p, locale);
}
