import { and, eq, inArray, or } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { bookingPrice } from '../../../shared/booking/money-rules';
import { bookingRulesOf, REQUEST_ANSWER_HOURS } from '../../../shared/booking/schedule';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/booking/state-machine';
import { daysLength, MAX_DAY_HOURS, MIN_DAY_HOURS } from '../../../shared/booking/tour-days';
import { daysPlan, spanSlots } from '../../modules/bookings/index';
import type { Database } from '../client';
import { bookings, guideAvailabilityExceptions, guideWeeklyAvailability, jobs, users } from '../schema/index';
import { pickGuide } from './bookings';
import { seedCharge, seedDeposit } from './deposits';

const HOUR = 3_600_000;
const DAYS = 3;

/**
 * A trip of several days (decision 154): the demo traveler has three days in Kyoto and Nara with a
 * Kyoto guide, paid and waiting for the guide's answer, three weeks or more ahead. It is made as the
 * checkout would make it: every day one the guide works from the start for the day's hours
 * (`spanSlots`), no booking of the guide's or the traveler's in the span, the days' price
 * (`daysLength`, as the quote prices them) and one deposit in the ledger.
 */
export async function seedMultiDayTrip(db: Database, now: Date): Promise<void> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'));
  const guide = await pickGuide(db, 'kyoto');
  if (!traveler || !guide) return;
  const offered = (h: number) => {
    try {
      daysPlan(guide, { days: DAYS, dayHours: h });
      return h >= MIN_DAY_HOURS && h <= MAX_DAY_HOURS;
    } catch {
      return false;
    }
  };
  const dayHours = [guide.dayHours, guide.maxDurationHours].find(offered);
  if (dayHours === undefined) return;
  const [weekly, exceptions, busy] = await Promise.all([
    db.select({ weekday: guideWeeklyAvailability.weekday, startMinute: guideWeeklyAvailability.startMinute, endMinute: guideWeeklyAvailability.endMinute }).from(guideWeeklyAvailability).where(eq(guideWeeklyAvailability.guideId, guide.id)),
    db
      .select({ date: guideAvailabilityExceptions.date, available: guideAvailabilityExceptions.available, startMinute: guideAvailabilityExceptions.startMinute, endMinute: guideAvailabilityExceptions.endMinute })
      .from(guideAvailabilityExceptions)
      .where(eq(guideAvailabilityExceptions.guideId, guide.id)),
    // The guide's bookings and the traveler's: neither may overlap the trip.
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(and(or(eq(bookings.guideId, guide.id), eq(bookings.travelerId, traveler.id)), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]))),
  ]);
  const today = todayInZone(guide.timeZone, now);
  for (let i = 21; i < 90; i++) {
    const date = addDays(today, i);
    const [slot] = spanSlots({ date, days: DAYS, durationMinutes: dayHours * 60, timeZone: guide.timeZone, weekly, exceptions, busy, now, ...bookingRulesOf(guide) });
    if (!slot) continue;
    const travelers = Math.min(Math.max(2, guide.minPeople), guide.maxPeople);
    const price = bookingPrice({
      basicPerHourCents: guide.basicPricePerHourCents,
      additionalPerPersonCents: guide.additionalPricePerPersonCents,
      includedPeople: guide.includedPeople,
      adults: travelers,
      hours: dayHours,
      length: daysLength(DAYS, dayHours, guide.dayHours),
      dayRateCents: guide.dayRateCents,
      dayHours: guide.dayHours,
    });
    const createdAt = new Date(now.getTime() - 2 * HOUR);
    const paidAt = new Date(createdAt.getTime() + 6 * 60_000);
    const [h, m] = slot.startTime.split(':').map(Number) as [number, number];
    const [b] = await db
      .insert(bookings)
      .values({
        travelerId: traveler.id,
        guideId: guide.id,
        status: 'confirmed',
        date,
        startMinute: h * 60 + m,
        durationMinutes: dayHours * 60,
        days: DAYS,
        timeZone: guide.timeZone,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        travelers,
        unitPriceCents: price.unitPriceCents,
        additionalPerPersonCents: price.additionalPerPersonCents,
        totalPriceCents: price.totalCents,
        depositCents: price.depositCents,
        commissionCents: price.commissionCents,
        currency: guide.currency,
        ...seedCharge(guide.currency, price.depositCents),
        meetingAddress: 'Kyoto Station, Karasuma central exit · 京都駅 烏丸中央口 · 京都站 乌丸中央口',
        notes: '三天：第一天东山和清水寺，第二天岚山，第三天去奈良看鹿和东大寺。',
        paidAt,
        createdAt,
        updatedAt: paidAt,
      })
      .returning();
    await seedDeposit(db, b!, { travelerId: traveler.id, guideUserId: guide.userId, method: 'card', paidAt });
    const respondBy = new Date(Math.min(paidAt.getTime() + REQUEST_ANSWER_HOURS * HOUR, slot.startsAt.getTime()));
    await db.insert(jobs).values({ kind: 'booking.request_expiry', payload: { bookingId: b!.id }, runAt: respondBy, dedupeKey: `booking.request_expiry:${b!.id}` });
    return;
  }
}
