import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { todayInZone } from '../../../shared/availability';
import { chargeFor, paidPostings } from '../../../shared/booking/charge';
import { completionPostings, depositPostings } from '../../../shared/booking/ledger';
import { addWorkingDays, bookingPrice, EARNINGS_HOLD_WORKING_DAYS } from '../../../shared/booking/money-rules';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { Database } from '../client';
import { bookings, guides, ledgerEntries, payments, reviews } from '../schema/index';
import { postingRows } from './guide-earnings';
import { seedPriceColumns } from './deposits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Starts tried in turn (minutes after midnight), as the demo guide's past tours are placed (guide-earnings.ts). */
const STARTS = [600, 780, 540, 960];
const METHODS = ['alipay', 'wechat', 'card'] as const;

interface Busy {
  startsAt: number;
  endsAt: number;
}
const clashes = (list: Busy[] | undefined, from: number, to: number) =>
  (list ?? []).some((b) => b.startsAt < to && b.endsAt > from);
const mark = (map: Map<number, Busy[]>, id: number, b: Busy) => map.set(id, [...(map.get(id) ?? []), b]);

/** Who is busy when: each guide's and each traveler's tours, by their id. */
interface Calendars {
  guide: Map<number, Busy[]>;
  traveler: Map<number, Busy[]>;
}

interface PlannedTour {
  reviewId: number;
  guideUserId: number;
  method: (typeof METHODS)[number];
  row: typeof bookings.$inferInsert;
}

/**
 * Demo step: a review exists only for a completed booking (decision 063), so every seeded traveler review
 * that has none gets the tour it speaks of — completed the day before it was written (or earlier, when
 * the guide or the traveler was busy then), paid online and settled with the product's own postings
 * (deposit at payment, completion at the end, earnings available five working days later). A guide's
 * "tours completed" then never falls below their reviews. It runs last, so it keeps clear of every
 * other seeded tour; databases seeded before it receive it on their next start.
 */
export async function seedDemoReviewedTours(db: Database): Promise<void> {
  const rows = await reviewsWithoutTour(db);
  if (!rows.length) return;
  const calendars = await seededCalendars(db);
  const planned: PlannedTour[] = [];
  for (const r of rows) {
    const tour = planReviewedTour(r, calendars);
    if (tour) planned.push(tour);
  }
  for (let i = 0; i < planned.length; i += 500) await insertPart(db, planned.slice(i, i + 500));
}

/** The seeded traveler reviews without a booking, oldest first, with what their guide charges and takes. */
function reviewsWithoutTour(db: Database) {
  return db
    .select({
      reviewId: reviews.id,
      travelerId: reviews.fromUserId,
      submittedAt: reviews.submittedAt,
      guideId: guides.id,
      guideUserId: guides.userId,
      basicPerHourCents: guides.basicPricePerHourCents,
      additionalPerPersonCents: guides.additionalPricePerPersonCents,
      includedPeople: guides.includedPeople,
      minPeople: guides.minPeople,
      maxPeople: guides.maxPeople,
      minDurationHours: guides.minDurationHours,
      timeZone: guides.timeZone,
      currency: guides.currency,
    })
    .from(reviews)
    .innerJoin(guides, eq(guides.id, reviews.guideId))
    .where(and(eq(reviews.type, 'traveler_to_guide'), isNull(reviews.bookingId)))
    .orderBy(reviews.id);
}
type ReviewWithoutTour = Awaited<ReturnType<typeof reviewsWithoutTour>>[number];

/** The tours seeded before this step (all but the cancelled), on their guide's and traveler's calendars. */
async function seededCalendars(db: Database): Promise<Calendars> {
  const calendars: Calendars = { guide: new Map(), traveler: new Map() };
  const taken = await db
    .select({
      guideId: bookings.guideId,
      travelerId: bookings.travelerId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(ne(bookings.status, 'cancelled'));
  for (const b of taken) {
    const busy = { startsAt: b.startsAt.getTime(), endsAt: b.endsAt.getTime() };
    mark(calendars.guide, b.guideId, busy);
    mark(calendars.traveler, b.travelerId, busy);
  }
  return calendars;
}

/** The review's tour, put on both calendars; none when the guide or the traveler was busy for two weeks before it. */
function planReviewedTour(r: ReviewWithoutTour, calendars: Calendars): PlannedTour | null {
  const hours = r.minDurationHours;
  const travelers = Math.min(Math.max(1 + (r.reviewId % 3), r.minPeople), r.maxPeople);
  const startsAt = freeStartBefore(r, hours, calendars);
  if (!startsAt) return null;
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  const busy = { startsAt: startsAt.getTime(), endsAt: endsAt.getTime() };
  mark(calendars.guide, r.guideId, busy);
  mark(calendars.traveler, r.travelerId, busy);
  return {
    reviewId: r.reviewId,
    guideUserId: r.guideUserId,
    method: METHODS[r.reviewId % METHODS.length]!,
    row: completedBookingRow(r, startsAt, hours, travelers),
  };
}

/**
 * The first of STARTS, from the day before the review back to 14 days, that ends before it and clashes with no tour.
 */
function freeStartBefore(r: ReviewWithoutTour, hours: number, calendars: Calendars): Date | undefined {
  for (let back = 1; back <= 14; back++) {
    const day = todayInZone(r.timeZone, new Date(r.submittedAt.getTime() - back * DAY));
    for (const minute of STARTS) {
      const at = zonedTimeToUtc(day, minute, r.timeZone);
      const end = at.getTime() + hours * HOUR;
      if (
        end >= r.submittedAt.getTime() ||
        clashes(calendars.guide.get(r.guideId), at.getTime(), end) ||
        clashes(calendars.traveler.get(r.travelerId), at.getTime(), end)
      )
        continue;
      return at;
    }
  }
  return undefined;
}

/**
 * The completed booking as the product leaves it: booked nine days before, paid six minutes later, accepted, both
 * confirmed the start.
 */
function completedBookingRow(
  r: ReviewWithoutTour,
  startsAt: Date,
  hours: number,
  travelers: number,
): typeof bookings.$inferInsert {
  const endsAt = new Date(startsAt.getTime() + hours * HOUR);
  const price = bookingPrice({
    basicPerHourCents: r.basicPerHourCents,
    additionalPerPersonCents: r.additionalPerPersonCents,
    includedPeople: r.includedPeople,
    adults: travelers,
    hours,
  });
  const date = todayInZone(r.timeZone, startsAt);
  const createdAt = new Date(startsAt.getTime() - 9 * DAY);
  const paidAt = new Date(createdAt.getTime() + 6 * 60_000);
  return {
    travelerId: r.travelerId,
    guideId: r.guideId,
    status: 'completed',
    date,
    startMinute: Math.round((startsAt.getTime() - zonedTimeToUtc(date, 0, r.timeZone).getTime()) / 60_000),
    durationMinutes: hours * 60,
    timeZone: r.timeZone,
    startsAt,
    endsAt,
    travelers,
    ...seedPriceColumns(price, r.currency),
    travelerConfirmedStart: true,
    guideConfirmedStart: true,
    paidAt,
    acceptedAt: new Date(paidAt.getTime() + 3 * HOUR),
    completedAt: endsAt,
    createdAt,
    updatedAt: endsAt,
  };
}

async function insertPart(db: Database, part: PlannedTour[]): Promise<void> {
  const inserted = await db
    .insert(bookings)
    .values(part.map((p) => p.row))
    .returning();
  // A guide has one tour at a time, so the guide and the start name each inserted booking.
  const byStart = new Map(inserted.map((b) => [`${b.guideId}@${b.startsAt.getTime()}`, b]));
  const made = part.map((p) => ({ ...p, booking: byStart.get(`${p.row.guideId}@${p.row.startsAt.getTime()}`)! }));
  const paid = await db
    .insert(payments)
    .values(
      made.map(({ booking: b, method }) => ({
        bookingId: b.id,
        payerId: b.travelerId,
        kind: 'deposit' as const,
        method,
        provider: 'simulated',
        providerRef: `sim_${method}_seed_${b.id}`,
        idempotencyKey: `seed-${b.id}`,
        requestHash: 'seed',
        status: 'succeeded' as const,
        ...chargeFor(b, b.depositCents, method, true),
        cardLast4: method === 'card' ? '4242' : null,
        createdAt: b.paidAt!,
        updatedAt: b.paidAt!,
      })),
    )
    .returning({ id: payments.id, bookingId: payments.bookingId });
  const paymentOf = new Map(paid.map((p) => [p.bookingId, p.id]));
  const ledger = made.flatMap(({ booking: b, guideUserId, method }) => {
    const who = { travelerId: b.travelerId, guideUserId, paymentId: paymentOf.get(b.id)! };
    const completedAt = b.completedAt!;
    return [
      ...postingRows(
        b.id,
        paidPostings(depositPostings(b.depositCents), b.currency, chargeFor(b, b.depositCents, method, true)),
        { ...who, at: b.paidAt!, currency: b.currency },
      ),
      ...postingRows(
        b.id,
        completionPostings({ depositCents: b.depositCents, extensionsCents: 0, commissionCents: b.commissionCents }),
        {
          ...who,
          currency: b.currency,
          at: completedAt,
          guideAvailableAt: addWorkingDays(completedAt, EARNINGS_HOLD_WORKING_DAYS, b.timeZone),
        },
      ),
    ];
  });
  for (let i = 0; i < ledger.length; i += 2000) await db.insert(ledgerEntries).values(ledger.slice(i, i + 2000));
  const pairs = sql.join(
    made.map((m) => sql`(${m.reviewId}::int, ${m.booking.id}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update reviews r set booking_id = v.booking_id from (values ${pairs}) as v(review_id, booking_id) where r.id = v.review_id`,
  );
}
