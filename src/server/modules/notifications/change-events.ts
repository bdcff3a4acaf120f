/**
 * Notices of a changed trip (decision 177): a change to the travelers or days asked, made, or closed
 * unmade. A family of subscribeToBookings's listeners (booking-events.ts), beside its texts (change-texts.ts).
 */
import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import type { NotificationsService } from './notifications.service';
import { bookingNumber } from './templates';
import { changeTexts } from './change-texts';
import { amountOf, related, urlFor, type Base, type In, type Listen, type Unsubscribe } from './event-parts';

/** A change to the travelers or days asked, made, or closed unmade. */
export function changeListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // A changed trip (decision 177): the guide answers a request; both sides hear it made; the traveler hears it closed
    // unmade.
    on<Base & { changeId: number; travelers: number; days: number; answerBy: string }>(
      'booking.change_requested',
      (p) =>
        service.create([
          {
            userId: p.guideUserId,
            type: 'booking',
            text: changeTexts.requested(bookingNumber(p.bookingId), p.travelers, p.days, p.answerBy),
            actionUrl: guideBookingPath(p.bookingId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:requested`,
          },
        ]),
    ),
    on<Base & In & { changeId: number; travelers: number; days: number; refundCents: number }>(
      'booking.changed',
      (p) => {
        const text = changeTexts.applied(
          bookingNumber(p.bookingId),
          p.travelers,
          p.days,
          p.refundCents > 0 ? amountOf(p.refundCents, p) : null,
        );
        return service.create(
          [p.travelerId, p.guideUserId].map((userId) => ({
            userId,
            type: 'booking' as const,
            text,
            actionUrl: urlFor(p, userId),
            related: related(p),
            dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:applied`,
          })),
        );
      },
    ),
    on<Base & { changeId: number; how: 'declined' | 'lapsed'; reason: string | null }>('booking.change_closed', (p) =>
      service.create([
        {
          userId: p.travelerId,
          type: 'booking',
          text: changeTexts.closed(bookingNumber(p.bookingId), p.how, p.reason),
          actionUrl: travelerBookingPath(p.bookingId),
          related: related(p),
          dedupeKey: `booking:${p.bookingId}:change:${p.changeId}:closed`,
        },
      ]),
    ),
  ];
}
