/**
 * Notices of rescheduling (decision 079): a new time proposed, agreed, declined or left to expire.
 * A family of subscribeToBookings's listeners (booking-events.ts), beside its texts (reschedule-texts.ts).
 */
import type { NotificationsService } from './notifications.service';
import { bookingNumber, texts } from './templates';
import { related, urlFor, type Base, type Listen, type Unsubscribe } from './event-parts';

interface Resched extends Base {
  proposalId: number;
  by: 'traveler' | 'guide';
  date: string;
  startTime: string;
  /** The booking's days (decision 154); events written before it carried none: one. */
  days?: number;
}

/** A new date proposed, agreed, declined or left to expire. */
export function rescheduleListeners(on: Listen, service: NotificationsService): Unsubscribe[] {
  return [
    // Rescheduling (decision 079): both sides hear of every step (and get it by e-mail when they chose that).
    on<Resched & { reason: string | null; expiresAt?: string }>('booking.reschedule_proposed', (p) => {
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:proposed`;
      const n = bookingNumber(p.bookingId);
      const answerer = p.by === 'guide' ? p.travelerId : p.guideUserId;
      // Only the side that answers hears of a proposal: the proposer just made it.
      return service.create([
        {
          userId: answerer,
          type: 'booking',
          text: texts.rescheduleProposedForAnswerer(n, p.by, p.date, p.startTime, p.reason, p.expiresAt, p.days),
          actionUrl: urlFor(p, answerer),
          related: related(p),
          dedupeKey: key,
        },
      ]);
    }),
    on<Resched & { fromDate: string; fromStartTime: string }>('booking.rescheduled', (p) => {
      const text = texts.rescheduled(
        bookingNumber(p.bookingId),
        p.fromDate,
        p.fromStartTime,
        p.date,
        p.startTime,
        p.days,
      );
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:accepted`;
      return service.create(
        [p.travelerId, p.guideUserId].map((userId) => ({
          userId,
          type: 'booking' as const,
          text,
          actionUrl: urlFor(p, userId),
          related: related(p),
          dedupeKey: key,
        })),
      );
    }),
    on<Resched & { reason: string }>('booking.reschedule_declined', (p) => {
      const text = texts.rescheduleDeclined(bookingNumber(p.bookingId), p.date, p.startTime, p.reason, p.days);
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:declined`;
      return service.create(
        [p.travelerId, p.guideUserId].map((userId) => ({
          userId,
          type: 'booking' as const,
          text,
          actionUrl: urlFor(p, userId),
          related: related(p),
          dedupeKey: key,
        })),
      );
    }),
    on<Resched>('booking.reschedule_expired', (p) => {
      const text = texts.rescheduleExpired(bookingNumber(p.bookingId), p.date, p.startTime, p.days);
      const key = `booking:${p.bookingId}:reschedule:${p.proposalId}:expired`;
      return service.create(
        [p.travelerId, p.guideUserId].map((userId) => ({
          userId,
          type: 'booking' as const,
          text,
          actionUrl: urlFor(p, userId),
          related: related(p),
          dedupeKey: key,
        })),
      );
    }),
  ];
}
