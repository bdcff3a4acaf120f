import { bookingNumber } from '../../../shared/booking/money-rules';
import type { OctoBooking, OctoBookingStatus, OctoContactView } from '../../../shared/schemas/octo-bookings';
import type { OctoContact } from '../../db/schema/index';
import type { OctoBookingRead } from './octo-bookings.repository';
import { localDateTime } from './octo-times';

const HOUR_MS = 3_600_000;
/**
 * A reseller's booking is cancelled free until this many hours before its start, and not after (decision 202): the
 * trade's usual terms, which the option's `cancellationCutoff` states.
 */
export const OCTO_CANCELLATION_CUTOFF_HOURS = 24;

/** The guide declined, did not answer in time, or could not give the tour: OCTO's REJECTED, not the reseller's act. */
const REJECTED_REASONS = new Set(['decline', 'request_expired']);

/** Our booking's status as OCTO says it (decision 202). */
export function octoStatusOf(r: OctoBookingRead, now: Date): OctoBookingStatus {
  const { booking: b, octo } = r;
  if (b.status === 'pending') return now < octo.expiresAt ? 'ON_HOLD' : 'EXPIRED';
  if (b.status === 'cancelled') {
    if (!octo.confirmedAt) return b.cancelReason === 'payment_expired' ? 'EXPIRED' : 'CANCELLED';
    return b.cancelledBy === 'guide' || REJECTED_REASONS.has(b.cancelReason ?? '') ? 'REJECTED' : 'CANCELLED';
  }
  if (b.status === 'confirmed' || b.status === 'awaiting_replacement') return 'PENDING';
  if (b.status === 'completed') return 'REDEEMED';
  return 'CONFIRMED';
}

/** Whether the reseller may still cancel: a hold always, a booking until the cutoff before its start. */
export function octoCancellable(r: OctoBookingRead, now: Date): boolean {
  const status = octoStatusOf(r, now);
  if (status === 'ON_HOLD') return true;
  if (status !== 'PENDING' && status !== 'CONFIRMED') return false;
  return now.getTime() <= r.booking.startsAt.getTime() - OCTO_CANCELLATION_CUTOFF_HOURS * HOUR_MS;
}

export function contactView(c: OctoContact | null): OctoContactView {
  const [firstName, ...rest] = (c?.fullName ?? '').split(' ');
  return {
    fullName: c?.fullName ?? null,
    firstName: c?.fullName ? (firstName ?? null) : null,
    lastName: rest.length ? rest.join(' ') : null,
    emailAddress: c?.emailAddress ?? null,
    phoneNumber: c?.phoneNumber ?? null,
    locales: c?.locales ?? [],
    postalCode: null,
    country: c?.country ?? null,
    notes: c?.notes ?? null,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One reseller's booking as OCTO's Booking (decision 202); prices with the pricing capability. */
export function toOctoBooking(r: OctoBookingRead, now: Date, pricing: boolean): OctoBooking {
  const { octo, booking: b, guide } = r;
  const status = octoStatusOf(r, now);
  const cancelled = status === 'CANCELLED' || status === 'REJECTED' || status === 'EXPIRED';
  const start = localDateTime(b.startsAt, b.timeZone);
  const contact = contactView(octo.contact);
  return {
    id: octo.uuid,
    uuid: octo.uuid,
    testMode: false,
    resellerReference: octo.resellerReference,
    supplierReference: bookingNumber(b.id, b.bookingNumber),
    status,
    utcCreatedAt: octo.createdAt.toISOString(),
    utcUpdatedAt: (b.updatedAt > octo.updatedAt ? b.updatedAt : octo.updatedAt).toISOString(),
    utcExpiresAt: status === 'ON_HOLD' || status === 'EXPIRED' ? octo.expiresAt.toISOString() : null,
    utcRedeemedAt: iso(b.completedAt),
    utcConfirmedAt: iso(octo.confirmedAt),
    productId: `guide-${b.guideId}`,
    optionId: octo.optionId,
    cancellable: octoCancellable(r, now),
    cancellation:
      cancelled && status !== 'EXPIRED'
        ? {
            refund: 'FULL',
            reason: octo.cancelReason ?? b.cancelReason,
            utcCancelledAt: (b.cancelledAt ?? now).toISOString(),
          }
        : null,
    freesale: false,
    availabilityId: octo.availabilityId,
    availability: {
      id: octo.availabilityId,
      localDateTimeStart: start,
      localDateTimeEnd: localDateTime(b.endsAt, b.timeZone),
      utcCutoffAt: new Date(b.startsAt.getTime() - guide.minNoticeHours * HOUR_MS).toISOString(),
      allDay: false,
      // One booking takes the whole start (decision 201): once held, it is not for sale.
      available: false,
      status: 'SOLD_OUT',
      vacancies: 0,
      capacity: guide.maxPeople,
      maxUnits: guide.maxPeople,
      openingHours: [],
    },
    contact,
    notes: octo.notes,
    deliveryMethods: ['VOUCHER'],
    voucher: null,
    unitItems: octo.unitItems.map((u) => ({
      uuid: u.uuid,
      resellerReference: u.resellerReference,
      supplierReference: null,
      unitId: u.unitId,
      status,
      utcRedeemedAt: iso(b.completedAt),
      contact: contactView(null),
      ticket: null,
    })),
    ...(pricing && {
      pricing: {
        original: octo.retailCents,
        retail: octo.retailCents,
        net: octo.netCents,
        currency: octo.currency,
        currencyPrecision: octo.currency === 'JPY' ? 0 : 2,
        includedTaxes: [],
      },
    }),
  };
}
