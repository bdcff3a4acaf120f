import type { Booking } from '../../../../shared/schemas/bookings';
import type { ResellerView } from './booking-views.repository';

/** A reseller's booking: its name and the contact the guide reaches the traveler by (decision 202); else null. */
export function resellerOf(r: ResellerView | null | undefined): Booking['reseller'] {
  if (!r) return null;
  const c = r.contact;
  return {
    name: r.name,
    contact: {
      fullName: c?.fullName ?? null,
      emailAddress: c?.emailAddress ?? null,
      phoneNumber: c?.phoneNumber ?? null,
      locales: c?.locales ?? [],
    },
  };
}
