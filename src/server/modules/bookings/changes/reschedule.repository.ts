import { and, eq } from 'drizzle-orm';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { Database } from '../../../db/client';
import { bookingReschedules, bookings } from '../../../db/schema/index';
import type { BookingRow } from '../booking/bookings.repository';

export type RescheduleRow = typeof bookingReschedules.$inferSelect;

export async function insertProposal(
  tx: Database,
  values: typeof bookingReschedules.$inferInsert,
): Promise<RescheduleRow> {
  const [row] = await tx.insert(bookingReschedules).values(values).returning();
  return row!;
}

/** A proposal of this booking (a proposal id of another booking is not found). */
export async function proposalOf(
  db: Database,
  bookingId: number,
  proposalId: number,
  lock = false,
): Promise<RescheduleRow | undefined> {
  const q = db
    .select()
    .from(bookingReschedules)
    .where(and(eq(bookingReschedules.id, proposalId), eq(bookingReschedules.bookingId, bookingId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function openProposal(db: Database, bookingId: number): Promise<RescheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingReschedules)
    .where(and(eq(bookingReschedules.bookingId, bookingId), eq(bookingReschedules.status, 'open')));
  return row;
}

/** Closes an open proposal (accepted, declined or expired); undefined when it was no longer open. */
export async function closeProposal(
  tx: Database,
  id: number,
  set: { status: 'accepted' | 'declined' | 'expired'; decidedAt: Date; declineReason?: string },
): Promise<RescheduleRow | undefined> {
  const [row] = await tx
    .update(bookingReschedules)
    .set(set)
    .where(and(eq(bookingReschedules.id, id), eq(bookingReschedules.status, 'open')))
    .returning();
  return row;
}

/**
 * Moves a booking to a new slot, keeping its status (only if it is still `status`); remembers the
 * start as booked the first time (decision 079). The exclusion constraint refuses an overlap (23P01).
 */
export async function moveBooking(
  tx: Database,
  booking: BookingRow,
  status: BookingStatus,
  to: { date: string; startMinute: number; startsAt: Date; endsAt: Date },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    // Under a JMA warning the move is free (decision 093): the new start alone sets a later cancellation's
    // tier, and the new day gets its own weather checks.
    .set({
      ...to,
      firstStartsAt: booking.weatherWarning ? to.startsAt : (booking.firstStartsAt ?? booking.startsAt),
      weatherWarning: null,
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, status)))
    .returning();
  return row;
}
