import type { CreateBookingBody } from '../../../../shared/schemas/booking-create';
import type { Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { assertLive, sessionEnded, type TokenCaller } from '../../auth/index';
import type { BookingViewInput } from '../booking/booking-view';
import { lockForCheckout } from './checkout.repository';

/**
 * The checkout's first statement (`lockForCheckout`): the locks, the guide and the session. An ended
 * session is a 401 before anything else is answered, a missing guide included; then 404 for a guide
 * not bookable, 409 for one's own listing.
 */
export async function lockCheckout(db: Database, user: TokenCaller, body: CreateBookingBody, now: Date) {
  const found = await lockForCheckout(db, body.guideId, user, body.subcategoryId, now);
  if (!found) await assertLive(db, user);
  if (found && !found.live) throw sessionEnded();
  if (!found || found.guide.status !== 'active') throw notFound('Guide');
  if (found.guide.userId === user.id) throw new AppError('own_listing', 'You cannot book your own listing');
  return found;
}

/**
 * What the checkout's reply shows besides the booking, from its lock statement: the parties and the
 * service; a booking just made has no payments, extensions or proposals.
 */
export function checkoutReply(
  user: TokenCaller,
  found: Awaited<ReturnType<typeof lockCheckout>>,
): Omit<BookingViewInput, 'booking'> {
  const traveler = {
    id: user.id,
    fullName: found.traveler?.fullName ?? '',
    profilePicture: found.traveler?.profilePicture ?? null,
    phone: found.traveler?.phone ?? null,
  };
  return {
    traveler,
    guide: found.view,
    subcategory: found.subcategory,
    payments: [],
    extensions: [],
    reschedule: null,
    replacement: null,
    creditIssued: null,
  };
}
