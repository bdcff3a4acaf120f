import type { Currency, FxRate } from '../../../../shared/currency';
import type { Database } from '../../../db/client';
import type { AuthUser } from '../../auth/index';

// Types only, apart from the code that books an offer (booking-offers.ts): the core's dependencies
// name the offer source without importing what books it, so no import runs back to the core.

/** What a booking takes from a guide's offer (decision 078): everything, the price included. */
export interface OfferTerms {
  offerId: number;
  guideId: number;
  date: string;
  startMinute: number;
  /** One day's length; `days` consecutive days (decision 154), `endsAt` the last one's end. */
  durationMinutes: number;
  days: number;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  travelers: number;
  subcategoryId: number | null;
  priceCents: number;
  /** What the offer's price is in: the guide's currency when it was made (decision 164). */
  currency: Currency;
  /**
   * The rate the offer was priced at, which its booking is fixed at; null for an offer made before offers kept one
   * (decision 169).
   */
  rate: FxRate | null;
  meetingAddress: string;
  meetingPostalCode: string;
  meetingLat: number | null;
  meetingLng: number | null;
  itinerary: string;
}

/** What bookings need of the offers module (compose.ts passes it in; bookings do not import offers). */
export interface OfferSource {
  /**
   * The terms for a traveler booking an offer, inside the booking's transaction: the offer row locked,
   * 404 unless it is this traveler's, 409 `offer_closed` unless it is open.
   */
  termsForBooking(db: Database, traveler: AuthUser, offerId: number, now: Date): Promise<OfferTerms>;
}
