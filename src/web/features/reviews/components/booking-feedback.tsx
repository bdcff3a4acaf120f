import type { Booking } from '../../../../shared/schemas/bookings';
import { DisputeAction } from '../../disputes';
import { ReviewAction } from './review-action';

/**
 * What a card offers after and during a tour: the review (either side) and reporting a problem. Mounted in one line.
 */
export function BookingFeedback({ booking, side }: { booking: Booking; side: 'traveler' | 'guide' }) {
  return (
    <>
      <ReviewAction booking={booking} side={side} />
      <DisputeAction booking={booking} />
    </>
  );
}
