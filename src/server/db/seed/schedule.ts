import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { AvailabilityException, WeeklySlot } from '../../../shared/availability';
import type { BusyRange } from '../../../shared/booking/schedule';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import type { Database } from '../client';
import { bookings, guideAvailabilityExceptions, guideWeeklyAvailability } from '../schema/index';

/**
 * A guide's hours as the slot rules read them: the weekly hours, the exceptions, and the active
 * bookings in the way — the guide's, and the traveler's when one is named (a traveler is on one tour
 * at a time), leaving out the booking `otherThan` names (one being moved is not in its own way). What a
 * seed step asks before it books a guide, moves a booking or calls the guide bookable.
 */
export async function seedSchedule(
  db: Database,
  guideId: number,
  { travelerId, otherThan }: { travelerId?: number; otherThan?: number } = {},
): Promise<{ weekly: WeeklySlot[]; exceptions: AvailabilityException[]; busy: BusyRange[] }> {
  const [weekly, exceptions, busy] = await Promise.all([
    db
      .select({
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        endMinute: guideWeeklyAvailability.endMinute,
      })
      .from(guideWeeklyAvailability)
      .where(eq(guideWeeklyAvailability.guideId, guideId)),
    db
      .select({
        date: guideAvailabilityExceptions.date,
        available: guideAvailabilityExceptions.available,
        startMinute: guideAvailabilityExceptions.startMinute,
        endMinute: guideAvailabilityExceptions.endMinute,
      })
      .from(guideAvailabilityExceptions)
      .where(eq(guideAvailabilityExceptions.guideId, guideId)),
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          travelerId === undefined
            ? eq(bookings.guideId, guideId)
            : or(eq(bookings.guideId, guideId), eq(bookings.travelerId, travelerId)),
          inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
          otherThan === undefined ? undefined : ne(bookings.id, otherThan),
        ),
      ),
  ]);
  return { weekly, exceptions, busy };
}
