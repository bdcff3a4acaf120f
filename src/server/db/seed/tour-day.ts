/**
 * The demo's tour under way and tour about to start, apart from the planned bookings (bookings.ts):
 * they are placed by the hour of seeding, not on the guide's first open day.
 */
import { eq } from 'drizzle-orm';
import { todayInZone } from '../../../shared/availability';
import { bookingPrice } from '../../../shared/booking/money-rules';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { Database } from '../client';
import { pickGuide } from './booked-guide';
import { seedDeposit, seedPriceColumns } from './deposits';
import { bookings, users } from '../schema/index';

const HOUR = 3_600_000;

/**
 * The tour day, so a newcomer can try every on-tour step at once: the demo traveler and
 * the demo guide have a tour under way (started an hour before seeding, or at midnight when that was
 * still yesterday in the guide's zone, both confirmed) and another
 * one today that neither has confirmed yet ('Confirm Start' on both sides). Times are relative to the
 * moment of seeding, on the half hour; the second tour starts 4.5 h after the first ends (room for its
 * two extensions) when that is still today in the guide's zone, else earlier today (its start still to
 * be confirmed).
 */
export async function seedTourDay(db: Database, now: Date): Promise<void> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'));
  const guide = await pickGuide(db, 'guide');
  if (!traveler || !guide) return;
  const halfHour = 30 * 60_000;
  const base = Math.floor(now.getTime() / halfHour) * halfHour;
  const today = todayInZone(guide.timeZone, now);
  // Both tours fall on the guide's today at any hour: just after midnight the one under way started at 00:00.
  const ongoingStart = new Date(Math.max(base - HOUR, zonedTimeToUtc(today, 0, guide.timeZone).getTime()));
  // Room for both extensions of the tour under way (2 × 2 h) before the next one.
  const laterStart = new Date(base + 6.5 * HOUR);
  const nextStart = todayInZone(guide.timeZone, laterStart) === today ? laterStart : new Date(base - 4.5 * HOUR);
  const tours = [
    {
      startsAt: ongoingStart,
      hours: 3,
      travelers: 2,
      status: 'ongoing' as const,
      method: 'card' as const,
      meetingAddress: '东京站丸之内北口',
      notes: '想逛皇居外苑和银座。',
    },
    {
      startsAt: nextStart,
      hours: 2,
      travelers: 2,
      status: 'awaiting_start' as const,
      method: 'alipay' as const,
      meetingAddress: '新宿站南口',
      notes: '晚上想去思出横丁。',
    },
  ];
  for (const tour of tours) {
    const price = bookingPrice({
      basicPerHourCents: guide.basicPricePerHourCents,
      additionalPerPersonCents: guide.additionalPricePerPersonCents,
      includedPeople: guide.includedPeople,
      adults: tour.travelers,
      hours: tour.hours,
    });
    const date = todayInZone(guide.timeZone, tour.startsAt);
    const startMinute = Math.round(
      (tour.startsAt.getTime() - zonedTimeToUtc(date, 0, guide.timeZone).getTime()) / 60_000,
    );
    const createdAt = new Date(tour.startsAt.getTime() - 5 * 24 * HOUR);
    const paidAt = new Date(createdAt.getTime() + 6 * 60_000);
    const started = tour.status === 'ongoing';
    const [b] = await db
      .insert(bookings)
      .values({
        travelerId: traveler.id,
        guideId: guide.id,
        status: tour.status,
        date,
        startMinute,
        durationMinutes: tour.hours * 60,
        timeZone: guide.timeZone,
        startsAt: tour.startsAt,
        endsAt: new Date(tour.startsAt.getTime() + tour.hours * HOUR),
        travelers: tour.travelers,
        ...seedPriceColumns(price, guide.currency),
        meetingAddress: tour.meetingAddress,
        notes: tour.notes,
        travelerConfirmedStart: started,
        guideConfirmedStart: started,
        paidAt,
        acceptedAt: new Date(paidAt.getTime() + 3 * HOUR),
        createdAt,
        updatedAt: started ? tour.startsAt : paidAt,
      })
      .returning();
    await seedDeposit(db, b!, { travelerId: traveler.id, guideUserId: guide.userId, method: tour.method, paidAt });
  }
}
