import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import type { CheckoutGroup } from '../../../shared/booking/checkout-group';
import { DEFAULT_COMMISSION_RATE, DEFAULT_DEPOSIT_RATE, groupSize } from '../../../shared/booking/money-rules';
import { bookingRulesOf, startOfTourDay, timeToMinutes } from '../../../shared/booking/schedule';
import { MEETING_POINTS, meetingPointAddress } from '../../../shared/meeting-points';
import { checkoutPrice, groupColumns } from '../../modules/bookings/booking-group';
import { daysPlan, guideForBooking, spanSlots } from '../../modules/bookings/index';
import type { Database } from '../client';
import { bookings, guides, jobs, users } from '../schema/index';
import { seedCharge, seedDeposit } from './deposits';
import { seedSchedule } from './schedule';

const HOUR = 3_600_000;
/** Three days, a family of two adults and a child of eight, meeting at Kyoto Station at 9:00 on day 1. */
export const TRIP = { days: 3, group: { adults: 2, children: 1, infants: 0 } satisfies CheckoutGroup, startTime: '09:00', firstDay: 21, lastDay: 90 } as const;
const KYOTO_STATION = MEETING_POINTS.find((p) => p.id === 'kyoto/kyoto-station')!;

/**
 * A trip of several days (decisions 154, 180): the demo family (Li Wei, another adult and a child)
 * has three days in Kyoto and Nara with one Kyoto guide who sells whole days and prices children at
 * a share, three weeks or more ahead, paid and accepted (upcoming). It is made as the checkout makes
 * it: days the guide sells (`daysPlan`) starting at 9:00 on every day, each a day the guide works for
 * the day's hours, clear of the guide's and the traveler's other tours (`spanSlots`, with the guide's
 * notice and buffer), priced by `checkoutPrice` (the day rate, the further adult and the child's
 * share) with the booking's group columns (`groupColumns`: the lines as charged, the overtime rate
 * frozen), one deposit paid by card in the ledger (`seedDeposit`) — its receipt is issued with the
 * others' (receipts.ts) — and the start-day job an accepted booking has.
 */
export async function seedMultiDayTrip(db: Database, now: Date): Promise<void> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'));
  if (!traveler) return;
  const dayGuides = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(and(eq(guides.serviceCity, 'kyoto'), eq(guides.status, 'active'), isNotNull(guides.dayRateCents), ne(users.username, 'guide')))
    .orderBy(asc(guides.id));
  for (const { id } of dayGuides) {
    const guide = await guideForBooking(db, id);
    if (!guide || groupSize(TRIP.group) < guide.minPeople || groupSize(TRIP.group) > guide.maxPeople) continue;
    const plan = daysPlan(guide, { days: TRIP.days, dayHours: guide.dayHours });
    const found = await firstSpan(db, guide, traveler.id, plan.durationMinutes, now);
    if (!found) continue;
    const price = checkoutPrice(guide, null, TRIP.group, plan.length, { depositRate: DEFAULT_DEPOSIT_RATE, commissionRate: DEFAULT_COMMISSION_RATE });
    const createdAt = new Date(now.getTime() - 3 * 24 * HOUR);
    const paidAt = new Date(createdAt.getTime() + 6 * 60_000);
    const acceptedAt = new Date(paidAt.getTime() + 2 * HOUR);
    const [b] = await db
      .insert(bookings)
      .values({
        travelerId: traveler.id,
        guideId: guide.id,
        status: 'upcoming',
        date: found.date,
        startMinute: timeToMinutes(TRIP.startTime)!,
        durationMinutes: plan.durationMinutes,
        days: TRIP.days,
        timeZone: guide.timeZone,
        startsAt: found.startsAt,
        endsAt: found.endsAt,
        ...groupColumns(guide, TRIP.group, price),
        unitPriceCents: price.unitPriceCents,
        additionalPerPersonCents: price.additionalPerPersonCents,
        totalPriceCents: price.totalCents,
        depositCents: price.depositCents,
        commissionCents: price.commissionCents,
        currency: guide.currency,
        ...seedCharge(guide.currency, price.depositCents),
        meetingAddress: meetingPointAddress(KYOTO_STATION, 'zh-CN'),
        meetingPostalCode: KYOTO_STATION.postalCode,
        meetingLat: KYOTO_STATION.lat,
        meetingLng: KYOTO_STATION.lng,
        notes: '一家三口，孩子八岁。第一天东山和清水寺，第二天去奈良看鹿和东大寺，第三天伏见稻荷。',
        paidAt,
        acceptedAt,
        createdAt,
        updatedAt: acceptedAt,
      })
      .returning();
    await seedDeposit(db, b!, { travelerId: traveler.id, guideUserId: guide.userId, method: 'card', paidAt });
    await db.insert(jobs).values({ kind: 'booking.start_day', payload: { bookingId: b!.id }, runAt: startOfTourDay(b!.date, b!.timeZone), dedupeKey: `booking.start_day:${b!.id}` });
    return;
  }
}

/** The first date from three weeks ahead whose three days all start at 9:00 for the day's hours, as the checkout's slots offer them. */
async function firstSpan(db: Database, guide: NonNullable<Awaited<ReturnType<typeof guideForBooking>>>, travelerId: number, durationMinutes: number, now: Date) {
  const schedule = await seedSchedule(db, guide.id, travelerId);
  const today = todayInZone(guide.timeZone, now);
  for (let i = TRIP.firstDay; i < TRIP.lastDay; i++) {
    const date = addDays(today, i);
    const slot = spanSlots({ date, days: TRIP.days, durationMinutes, timeZone: guide.timeZone, ...schedule, now, ...bookingRulesOf(guide) }).find((s) => s.startTime === TRIP.startTime);
    if (slot) return { date, startsAt: slot.startsAt, endsAt: slot.endsAt };
  }
  return undefined;
}
