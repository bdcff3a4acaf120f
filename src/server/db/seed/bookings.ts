import { eq, inArray } from 'drizzle-orm';
import { addDays, dayAvailability, todayInZone } from '../../../shared/availability';
import { bookingPrice } from '../../../shared/booking/money-rules';
import {
  PAYMENT_HELD_NOTICE_MINUTES,
  PAYMENT_WINDOW_MINUTES,
  REQUEST_ANSWER_HOURS,
  startOfTourDay,
  zonedTimeToUtc,
} from '../../../shared/booking/schedule';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import { jmaAreaOf } from '../../../shared/weather';
import { fixtureProvider, WEATHER_JOB, warningFor } from '../../modules/weather/index';
import type { Database } from '../client';
import { pickGuide } from './booked-guide';
import { seedDeposit, seedPriceColumns } from './deposits';
import { seedRescheduleProposals } from './reschedule-proposals';
import { seedTourDay } from './tour-day';
import {
  bookings,
  bookingWeatherChecks,
  guideAvailabilityExceptions,
  guideWeeklyAvailability,
  jobs,
  users,
} from '../schema/index';

const HOUR = 3_600_000;

interface Plan {
  traveler: string;
  /** The guide's username ('guide' is the demo guide). */
  guide: string;
  /** Days from today (Tokyo); negative for the past. The first day with hours from there is used. */
  day: number;
  hours: number;
  travelers: number;
  status: BookingStatus;
  method?: 'card' | 'alipay' | 'wechat';
  notes?: string;
  meetingAddress?: string;
  cancelledDaysBefore?: number;
  /** Under the recorded JMA warning of the demo recordings (the typhoon rule, decision 093). */
  weather?: boolean;
}

/**
 * Meeting points typed in English also carry their Japanese name (for the driver and the station
 * signs) and their Chinese one (for the traveler), as a traveler would write them (decision 105).
 *
 * What the demo accounts see: the traveler Li Wei has a trip waiting for payment, one waiting for
 * the guide, one upcoming with the demo guide, and past ones (completed, cancelled); the demo guide
 * Sato Yuki has requests to answer. Dates are relative to the day of seeding; scheduled jobs are
 * queued as the API would (so an unpaid booking still lapses after 30 minutes).
 */
const PLANS: Plan[] = [
  {
    traveler: 'traveler',
    guide: 'guide',
    day: 4,
    hours: 3,
    travelers: 2,
    status: 'upcoming',
    method: 'alipay',
    meetingAddress: '浅草寺雷门前',
    notes: '第一次来东京，想看看老街和小吃。',
  },
  // Tomorrow in Kyoto, under the typhoon of the demo recordings: the trip card shows the JMA warning
  // and the free cancellation at once.
  {
    traveler: 'traveler',
    guide: 'kyoto',
    day: 1,
    hours: 3,
    travelers: 2,
    status: 'upcoming',
    method: 'card',
    meetingAddress: 'Fushimi Inari Taisha, main gate · 伏見稲荷大社 楼門 · 伏见稻荷大社 楼门',
    weather: true,
  },
  {
    traveler: 'traveler',
    guide: 'kyoto',
    day: 9,
    hours: 4,
    travelers: 2,
    status: 'confirmed',
    method: 'wechat',
    meetingAddress: 'Kyoto Station, Karasuma central exit · 京都駅 烏丸中央口 · 京都站 乌丸中央口',
  },
  {
    traveler: 'traveler',
    guide: 'osaka',
    day: 16,
    hours: 3,
    travelers: 3,
    status: 'pending',
    notes: '带父母一起，走路不要太多。',
  },
  { traveler: 'traveler', guide: 'kyoto', day: -12, hours: 4, travelers: 2, status: 'completed', method: 'card' },
  {
    traveler: 'traveler',
    guide: 'nara',
    day: -20,
    hours: 3,
    travelers: 2,
    status: 'cancelled',
    method: 'card',
    cancelledDaysBefore: 9,
  },
  {
    traveler: 'traveler03',
    guide: 'guide',
    day: 6,
    hours: 4,
    travelers: 3,
    status: 'confirmed',
    method: 'wechat',
    meetingAddress: '上野站公园口',
    notes: '想去谷中银座和根津神社。',
  },
  {
    traveler: 'traveler07',
    guide: 'guide',
    day: 11,
    hours: 2,
    travelers: 1,
    status: 'confirmed',
    method: 'card',
    meetingAddress: 'Shibuya Station, Hachiko exit · 渋谷駅 ハチ公口 · 涩谷站 八公口',
  },
  { traveler: 'traveler05', guide: 'guide', day: -8, hours: 3, travelers: 2, status: 'completed', method: 'alipay' },
];

export async function seedDemoBookings(db: Database, now: Date): Promise<void> {
  await seedPlans(db, now);
  await seedTourDay(db, now);
  await seedRescheduleProposals(db, now);
}

/** A plan's booking row, at the slot found for it: its length and group within what the guide takes, and its dates. */
async function insertPlanned(
  db: Database,
  plan: (typeof PLANS)[number],
  travelerId: number,
  guide: NonNullable<Awaited<ReturnType<typeof pickGuide>>>,
  slot: NonNullable<Awaited<ReturnType<typeof firstOpenDay>>>,
  now: Date,
) {
  const hours =
    Math.floor(
      Math.min(
        Math.max(plan.hours, guide.minDurationHours),
        guide.maxDurationHours,
        (slot.endMinute - slot.startMinute) / 60,
      ) * 2,
    ) / 2;
  const travelers = Math.min(Math.max(plan.travelers, guide.minPeople), guide.maxPeople);
  const price = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    includedPeople: guide.includedPeople,
    adults: travelers,
    hours,
  });
  const startsAt = zonedTimeToUtc(slot.date, slot.startMinute, guide.timeZone);
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  const past = plan.day < 0;
  const createdAt =
    plan.status === 'pending'
      ? now
      : new Date(Math.min(now.getTime(), startsAt.getTime()) - (past ? 20 : 1) * 24 * HOUR);
  const paidAt = plan.status === 'pending' ? null : new Date(createdAt.getTime() + 6 * 60_000);
  const cancelledAt = plan.cancelledDaysBefore
    ? new Date(startsAt.getTime() - plan.cancelledDaysBefore * 24 * HOUR)
    : null;

  const [row] = await db
    .insert(bookings)
    .values({
      travelerId,
      guideId: guide.id,
      status: plan.status,
      date: slot.date,
      startMinute: slot.startMinute,
      durationMinutes: hours * 60,
      timeZone: guide.timeZone,
      startsAt,
      endsAt,
      travelers,
      ...seedPriceColumns(price, guide.currency),
      meetingAddress: plan.meetingAddress ?? null,
      notes: plan.notes ?? null,
      travelerConfirmedStart: plan.status === 'completed',
      guideConfirmedStart: plan.status === 'completed',
      paidAt,
      acceptedAt:
        ['upcoming', 'completed'].includes(plan.status) || cancelledAt ? new Date(paidAt!.getTime() + 3 * HOUR) : null,
      cancelledAt,
      cancelledBy: cancelledAt ? 'traveler' : null,
      cancelReason: cancelledAt ? 'cancel' : null,
      completedAt: plan.status === 'completed' ? endsAt : null,
      createdAt,
      updatedAt: cancelledAt ?? paidAt ?? createdAt,
    })
    .returning();
  return { b: row!, createdAt, paidAt, cancelledAt, startsAt };
}

async function seedPlans(db: Database, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...new Set(PLANS.map((p) => p.traveler))]));
  const userId = new Map(people.map((p) => [p.username, p.id]));

  for (const plan of PLANS) {
    const travelerId = userId.get(plan.traveler);
    const guide = await pickGuide(db, plan.guide);
    if (!travelerId || !guide) continue; // SEED=demo without the demo guides: nothing to book
    const slot = await firstOpenDay(db, guide, plan.day, plan.hours, now);
    if (!slot) continue;
    const { b, createdAt, paidAt, cancelledAt, startsAt } = await insertPlanned(db, plan, travelerId, guide, slot, now);

    if (plan.status === 'pending') {
      // Its expiry, and the notice of a checkout left unpaid, which the traveler gets minutes later as a real one
      // would.
      await db.insert(jobs).values([
        {
          kind: 'booking.payment_expiry',
          payload: { bookingId: b.id },
          runAt: new Date(createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000),
          dedupeKey: `booking.payment_expiry:${b.id}`,
        },
        {
          kind: 'booking.payment_held',
          payload: { bookingId: b.id },
          runAt: new Date(createdAt.getTime() + PAYMENT_HELD_NOTICE_MINUTES * 60_000),
          dedupeKey: `booking.payment_held:${b.id}`,
        },
      ]);
      continue;
    }
    await seedDeposit(db, b, {
      travelerId,
      guideUserId: guide.userId,
      method: plan.method ?? 'card',
      paidAt: paidAt!,
      cancelledAt,
    });
    if (plan.status === 'confirmed') {
      const respondBy = new Date(Math.min(paidAt!.getTime() + REQUEST_ANSWER_HOURS * HOUR, startsAt.getTime()));
      await db.insert(jobs).values({
        kind: 'booking.request_expiry',
        payload: { bookingId: b.id },
        runAt: respondBy,
        dedupeKey: `booking.request_expiry:${b.id}`,
      });
    }
    if (plan.status === 'upcoming') {
      await db.insert(jobs).values({
        kind: 'booking.start_day',
        payload: { bookingId: b.id },
        runAt: startOfTourDay(b.date, b.timeZone),
        dedupeKey: `booking.start_day:${b.id}`,
      });
    }
    if (plan.weather) await seedWeatherCheck(db, b, plan.guide, now); // a city's guide: `guide` is the city
  }
}

/**
 * The typhoon rule's evidence on a demo tour (decision 093): the day-before check as the weather job
 * writes it, made at seeding from the demo recordings (the fixture provider's default files), and the
 * check at the start queued. The recording is replayed as of the seeding, so it is dated the day before
 * the demo tour, not the year it was recorded.
 */
async function seedWeatherCheck(db: Database, b: typeof bookings.$inferSelect, city: string, now: Date): Promise<void> {
  const area = jmaAreaOf(city);
  if (!area) return;
  const report = await fixtureProvider().officeReport(area.office, now);
  const found = warningFor(report, area);
  if (!found) return;
  const evidence = {
    kind: found.kind,
    code: found.code,
    name: found.name,
    areaCode: area.office,
    municipality: found.municipality,
    issuedAt: report.reportedAt.toISOString(),
    source: 'fixture' as const,
    checkedAt: now.toISOString(),
  };
  await db.insert(bookingWeatherChecks).values({
    bookingId: b.id,
    checkpoint: 'eve',
    startsAt: b.startsAt,
    checkedAt: now,
    areaCode: area.office,
    inForce: true,
    kind: found.kind,
    code: found.code,
    name: found.name,
    issuedAt: report.reportedAt,
    source: 'fixture',
  });
  await db.update(bookings).set({ weatherWarning: evidence }).where(eq(bookings.id, b.id));
  const at = b.startsAt.getTime();
  await db.insert(jobs).values({
    kind: WEATHER_JOB.start,
    payload: { bookingId: b.id, startsAt: at },
    runAt: b.startsAt,
    dedupeKey: `${WEATHER_JOB.start}:${b.id}:${at}`,
  });
}

/** The first day from `day` days ahead on which the guide works, and that day's first window. */
async function firstOpenDay(
  db: Database,
  guide: { id: number; timeZone: string },
  day: number,
  hours: number,
  now: Date,
) {
  const weekly = await db
    .select({
      weekday: guideWeeklyAvailability.weekday,
      startMinute: guideWeeklyAvailability.startMinute,
      endMinute: guideWeeklyAvailability.endMinute,
    })
    .from(guideWeeklyAvailability)
    .where(eq(guideWeeklyAvailability.guideId, guide.id));
  const exceptions = await db
    .select({
      date: guideAvailabilityExceptions.date,
      available: guideAvailabilityExceptions.available,
      startMinute: guideAvailabilityExceptions.startMinute,
      endMinute: guideAvailabilityExceptions.endMinute,
    })
    .from(guideAvailabilityExceptions)
    .where(eq(guideAvailabilityExceptions.guideId, guide.id));
  const today = todayInZone(guide.timeZone, now);
  for (let i = 0; i < 14; i++) {
    const date = addDays(today, day + i);
    const window = dayAvailability(date, weekly, exceptions).slots.find(
      (s) => s.endMinute - Math.ceil(s.startMinute / 30) * 30 >= Math.min(hours, 2) * 60,
    );
    if (window) return { date, startMinute: Math.ceil(window.startMinute / 30) * 30, endMinute: window.endMinute };
  }
  return undefined;
}
