import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import type { CheckoutGroup } from '../../../shared/booking/checkout-group';
import { DEFAULT_COMMISSION_RATE, DEFAULT_DEPOSIT_RATE, groupSize } from '../../../shared/booking/money-rules';
import { bookingRulesOf, startOfTourDay, timeToMinutes } from '../../../shared/booking/schedule';
import { MEETING_POINTS, meetingPointAddress, type MeetingPoint } from '../../../shared/meeting-points';
import { dayPlansInputSchema, type DayPlanInput } from '../../../shared/schemas/booking-family';
import { checkoutPrice, groupColumns } from '../../modules/bookings/booking/booking-group';
import { storedDayPlans } from '../../modules/bookings/booking/family-plans';
import { daysPlan, guideForBooking, spanSlots } from '../../modules/bookings/index';
import type { Database } from '../client';
import { bookings, guides, jobs, users } from '../schema/index';
import { seedCharge, seedDeposit } from './deposits';
import { seedSchedule } from './schedule';

const HOUR = 3_600_000;
/** Three days, a family of two adults and a child of eight, meeting at Kyoto Station at 9:00 on day 1. */
export const TRIP = {
  days: 3,
  group: { adults: 2, children: 1, infants: 0 } satisfies CheckoutGroup,
  childAges: [8],
  startTime: '09:00',
  firstDay: 21,
  lastDay: 90,
} as const;
const point = (id: string): MeetingPoint => MEETING_POINTS.find((p) => p.id === id)!;
const KYOTO_STATION = point('kyoto/kyoto-station');

/**
 * A listed point as the checkout's picker writes it for a reader of Chinese: its words, postal code and coordinates.
 */
const meetAt = (p: MeetingPoint) => ({
  meetingAddress: meetingPointAddress(p, 'zh-CN'),
  meetingPostalCode: p.postalCode,
  meetingLat: p.lat,
  meetingLng: p.lng,
});

/**
 * Where and when the family meets the guide each day, and what the day is for (decision 178), as the
 * traveler wrote them at the checkout: Kyoto Station at 9:00, JR Nara Station at 8:30 (the deer before
 * the crowds; a time to meet is a note, the booked start stays 9:00), Fushimi Inari at 9:00.
 */
export const TRIP_DAYS = [
  { day: 1, ...meetAt(KYOTO_STATION), startTime: '09:00', plan: '东山一带：清水寺、二年坂三年坂，下午去祇园走走。' },
  {
    day: 2,
    ...meetAt(point('nara/jr-nara-station')),
    startTime: '08:30',
    plan: '早点到奈良公园看小鹿、喂鹿，再去东大寺和春日大社。',
  },
  {
    day: 3,
    ...meetAt(point('kyoto/fushimi-inari')),
    startTime: '09:00',
    plan: '伏见稻荷大社的千本鸟居，慢慢往上走，孩子累了就早点下山。',
  },
] as const satisfies readonly DayPlanInput[];

/**
 * A trip of several days (decisions 154, 180): the demo family (Li Wei, another adult and a child)
 * has three days in Kyoto and Nara with one Kyoto guide who sells whole days and prices children at
 * a share, three weeks or more ahead, paid and accepted (upcoming). It is made as the checkout makes
 * it: days the guide sells (`daysPlan`) starting at 9:00 on every day, each a day the guide works for
 * the day's hours, clear of the guide's and the traveler's other tours (`spanSlots`, with the guide's
 * notice and buffer), priced by `checkoutPrice` (the day rate, the further adult and the child's
 * share) with the booking's group columns (`groupColumns`: the lines as charged, the overtime rate
 * frozen), the day plans and the child's age as the checkout stores them (decision 178), one
 * deposit paid by card in the ledger (`seedDeposit`) — its receipt is issued with the others'
 * (receipts.ts) — and the start-day job an accepted booking has.
 */
export async function seedMultiDayTrip(db: Database, now: Date): Promise<void> {
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'));
  if (!traveler) return;
  const dayGuides = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(
      and(
        eq(guides.serviceCity, 'kyoto'),
        eq(guides.status, 'active'),
        isNotNull(guides.dayRateCents),
        ne(users.username, 'guide'),
      ),
    )
    .orderBy(asc(guides.id));
  for (const { id } of dayGuides) {
    const guide = await guideForBooking(db, id);
    if (!guide || groupSize(TRIP.group) < guide.minPeople || groupSize(TRIP.group) > guide.maxPeople) continue;
    const plan = daysPlan(guide, { days: TRIP.days, dayHours: guide.dayHours });
    const found = await firstSpan(db, guide, traveler.id, plan.durationMinutes, now);
    if (!found) continue;
    const price = checkoutPrice(guide, null, TRIP.group, plan.length, {
      depositRate: DEFAULT_DEPOSIT_RATE,
      commissionRate: DEFAULT_COMMISSION_RATE,
    });
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
        ...meetAt(KYOTO_STATION),
        notes: '一家三口，孩子八岁，第一次来京都。',
        // The checkout's own reading of the plans and the ages (decision 178).
        dayPlans: storedDayPlans(dayPlansInputSchema.parse(TRIP_DAYS), 'traveler'),
        childAges: [...TRIP.childAges],
        paidAt,
        acceptedAt,
        createdAt,
        updatedAt: acceptedAt,
      })
      .returning();
    await seedDeposit(db, b!, { travelerId: traveler.id, guideUserId: guide.userId, method: 'card', paidAt });
    await db.insert(jobs).values({
      kind: 'booking.start_day',
      payload: { bookingId: b!.id },
      runAt: startOfTourDay(b!.date, b!.timeZone),
      dedupeKey: `booking.start_day:${b!.id}`,
    });
    return;
  }
}

/**
 * The first date from three weeks ahead whose three days all start at 9:00 for the day's hours, as the checkout's slots
 * offer them.
 */
async function firstSpan(
  db: Database,
  guide: NonNullable<Awaited<ReturnType<typeof guideForBooking>>>,
  travelerId: number,
  durationMinutes: number,
  now: Date,
) {
  const schedule = await seedSchedule(db, guide.id, { travelerId });
  const today = todayInZone(guide.timeZone, now);
  for (let i = TRIP.firstDay; i < TRIP.lastDay; i++) {
    const date = addDays(today, i);
    const slot = spanSlots({
      date,
      days: TRIP.days,
      durationMinutes,
      timeZone: guide.timeZone,
      ...schedule,
      now,
      ...bookingRulesOf(guide),
    }).find((s) => s.startTime === TRIP.startTime);
    if (slot) return { date, startsAt: slot.startsAt, endsAt: slot.endsAt };
  }
  return undefined;
}
