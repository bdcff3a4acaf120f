/**
 * A reschedule proposal as a booking's view shows it (`toBooking`'s `reschedule`, decision 079), with the languages of
 * its texts (decision 175).
 */
import { minutesToTime } from '../../../../shared/availability';
import type { Actor } from '../../../../shared/booking/state-machine';
import type { RescheduleProposal } from '../../../../shared/schemas/reschedule';
import { detectTextLanguage, writerTextLanguage } from '../../../../shared/guide-texts';
import type { BookingRow } from './bookings.repository';
import type { BookingViewRow } from './booking-views.repository';

/**
 * A reschedule proposal as `actor` sees it. An open one past its expiry, or on a booking that can no
 * longer move (cancelled, under way), reads as expired before its job has closed it. With the parties'
 * account languages, the language of the proposer's message and of the other side's decline reason
 * (decision 175).
 */
export function toProposal(
  p: NonNullable<BookingViewRow['reschedule']>,
  actor: Actor,
  bookingStatus: BookingRow['status'],
  now: Date,
  writers?: BookingViewRow['writers'],
): RescheduleProposal {
  const stale = p.status === 'open' && (p.expiresAt <= now || !['confirmed', 'upcoming'].includes(bookingStatus));
  const writer = (side: 'traveler' | 'guide') => writerTextLanguage(writers?.[side]);
  const answerer = p.proposedBy === 'traveler' ? 'guide' : 'traveler';
  return {
    id: p.id,
    status: stale ? 'expired' : p.status,
    proposedBy: p.proposedBy,
    mine: p.proposedBy === actor,
    date: p.date,
    startTime: minutesToTime(p.startMinute),
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    fromDate: p.fromDate,
    fromStartTime: minutesToTime(p.fromStartMinute),
    reason: p.reason,
    declineReason: p.declineReason,
    ...(writers && p.reason && { reasonLanguage: detectTextLanguage(p.reason, writer(p.proposedBy)) }),
    ...(writers && p.declineReason && { declineReasonLanguage: detectTextLanguage(p.declineReason, writer(answerer)) }),
    expiresAt: p.expiresAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}
