import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { todayInZone } from '../../../shared/availability';
import { completionPostings, depositPostings, type Posting } from '../../../shared/booking/ledger';
import { chargeFor, ownAmountOf, paidPostings, type PaidIn } from '../../../shared/booking/charge';
import type { Currency } from '../../../shared/currency';
import { addWorkingDays, bookingPrice, EARNINGS_HOLD_WORKING_DAYS } from '../../../shared/booking/money-rules';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { guideForBooking, type BookingRow } from '../../modules/bookings/index';
import type { Database } from '../client';
import { seedPriceColumns } from './deposits';
import { REVIEW_BLIND_DAYS } from '../../../shared/schemas/reviews';
import { refreshGuideRating } from '../../modules/reviews/reviews.repository';
import { bookings, guides, ledgerEntries, payments, reviews, users } from '../schema/index';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Past tours of the demo guide Sato Yuki, completed at their end (days from the seeding day in the
 * guide's zone). Those more than five working days ago are withdrawable, the last ones still pending.
 */
interface PastTour {
  traveler: string;
  day: number;
  hours: number;
  travelers: number;
  method: 'card' | 'alipay' | 'wechat';
  /** The traveler's review, written the day after and published when the blind period ended. */
  review?: { rating: number; content: string };
}
const PAST_TOURS: PastTour[] = [
  {
    traveler: 'traveler02',
    day: -46,
    hours: 4,
    travelers: 3,
    method: 'alipay',
    review: { rating: 5, content: '由纪带我们一家三口走了浅草和谷中，老人孩子都照顾得很好，讲解也很有趣。' },
  },
  {
    traveler: 'traveler09',
    day: -31,
    hours: 3,
    travelers: 2,
    method: 'wechat',
    review: { rating: 4, content: '行程安排得很紧凑，小吃推荐都很地道。就是那天下雨，有点可惜。' },
  },
  {
    traveler: 'traveler12',
    day: -19,
    hours: 3,
    travelers: 2,
    method: 'card',
    review: { rating: 5, content: '第一次去东京，有由纪带路特别安心，还教我们怎么坐地铁。强烈推荐！' },
  },
  {
    traveler: 'traveler17',
    day: -13,
    hours: 2,
    travelers: 1,
    method: 'card',
    review: {
      rating: 5,
      content: 'Yuki knew every back street of Yanaka. A calm, friendly and very well organised walk.',
    },
  },
  { traveler: 'traveler04', day: -3, hours: 3, travelers: 2, method: 'alipay' },
  { traveler: 'traveler06', day: -2, hours: 4, travelers: 2, method: 'wechat' },
];
/** Starts tried in turn (minutes after midnight) so a past tour does not overlap another seeded one. */
const STARTS = [600, 780, 540, 960];

/**
 * Demo step: the demo guide's earnings, so the wallet and /guide show real figures at once.
 * Completed seeded bookings that never received their completion postings get them (as the product
 * writes them at 'Complete Service': the shared `completionPostings`, earnings available five working
 * days later); the demo guide gets past completed tours (withdrawable and pending) and one completed
 * earlier today, each with its deposit payment and ledger postings at their own times.
 */
export async function seedDemoGuideEarnings(db: Database, now: Date): Promise<void> {
  await postMissingCompletions(db);
  await seedCompletedTours(db, now);
}

/** Completion postings for completed bookings without them (the earlier demo steps wrote the deposit only). */
async function postMissingCompletions(db: Database): Promise<void> {
  const rows = await db
    .select({ booking: bookings, guideUserId: guides.userId })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(
      and(
        eq(bookings.status, 'completed'),
        sql`not exists (select 1 from ${ledgerEntries} le where le.booking_id = ${bookings.id} and le.kind in ('guide_earnings', 'deposit_release'))`,
      ),
    );
  for (const { booking, guideUserId } of rows) {
    const [deposit] = await db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        currency: payments.currency,
        ownAmountCents: payments.ownAmountCents,
      })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.kind, 'deposit'), eq(payments.status, 'succeeded')));
    if (!deposit) continue;
    await writeCompletion(db, booking, guideUserId, deposit);
  }
}

async function writeCompletion(
  db: Database,
  booking: Pick<
    BookingRow,
    'id' | 'travelerId' | 'commissionCents' | 'timeZone' | 'completedAt' | 'endsAt' | 'currency'
  >,
  guideUserId: number,
  deposit: { id: number } & PaidIn,
) {
  const completedAt = booking.completedAt ?? booking.endsAt;
  // The platform holds the deposit in the booking's currency, whatever the traveler paid it in (decision 164).
  const postings = completionPostings({
    depositCents: ownAmountOf(deposit),
    extensionsCents: 0,
    commissionCents: booking.commissionCents,
  });
  const at = {
    travelerId: booking.travelerId,
    guideUserId,
    paymentId: deposit.id,
    at: completedAt,
    currency: booking.currency,
  };
  await insertPostings(db, booking.id, postings, {
    ...at,
    guideAvailableAt: addWorkingDays(completedAt, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone),
  });
}

/** As the bookings repository writes postings, with the time they were made (the seed writes history). */
async function insertPostings(db: Database, bookingId: number, postings: Posting[], p: PostingContext) {
  if (!postings.length) return;
  await db.insert(ledgerEntries).values(postingRows(bookingId, postings, p));
}

interface PostingContext {
  travelerId: number;
  guideUserId: number;
  paymentId: number;
  at: Date;
  guideAvailableAt?: Date;
  /** The booking's currency (decision 164); yuan unless the guide prices in yen. */
  currency?: Currency;
}

/** A booking's postings as ledger rows: who each account is, and when the guide's share becomes available. */
export function postingRows(
  bookingId: number,
  postings: Posting[],
  p: PostingContext,
): (typeof ledgerEntries.$inferInsert)[] {
  return postings.map((x) => ({
    bookingId,
    account: x.account,
    userId: x.account === 'traveler' ? p.travelerId : x.account === 'guide' ? p.guideUserId : null,
    kind: x.kind,
    amountCents: x.amountCents,
    currency: x.currency ?? p.currency ?? 'CNY',
    paymentId: p.paymentId,
    availableAt: x.account === 'guide' ? (p.guideAvailableAt ?? null) : null,
    createdAt: p.at,
  }));
}

type DemoGuide = NonNullable<Awaited<ReturnType<typeof guideForBooking>>>;
interface TourPlan {
  travelerId: number;
  startsAt: Date;
  hours: number;
  travelers: number;
  method: PastTour['method'];
  completedAt?: Date;
  review?: PastTour['review'];
}

export async function seedCompletedTours(db: Database, now: Date): Promise<void> {
  const [demo] = await db
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(users.username, 'guide'));
  const guide = demo && (await guideForBooking(db, demo.id));
  if (!guide) return;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...PAST_TOURS.map((p) => p.traveler), 'traveler08']));
  const userId = new Map(people.map((p) => [p.username, p.id]));
  const startOfToday = zonedTimeToUtc(todayInZone(guide.timeZone, now), 0, guide.timeZone);
  const plans = await planPastTours(db, guide, userId, startOfToday);
  const todayTraveler = userId.get('traveler08');
  if (todayTraveler) plans.push(planTourEarlierToday(todayTraveler, now, startOfToday));
  for (const plan of plans) await insertCompletedTour(db, guide, plan);
  await refreshGuideRating(db, guide.id);
}

/** PAST_TOURS on their days, each at the first of STARTS that keeps clear of the guide's other tours. */
async function planPastTours(
  db: Database,
  guide: DemoGuide,
  userId: Map<string, number>,
  startOfToday: Date,
): Promise<TourPlan[]> {
  const zone = guide.timeZone;
  const plans: TourPlan[] = [];
  for (const p of PAST_TOURS) {
    const travelerId = userId.get(p.traveler);
    if (!travelerId) continue;
    const day = todayInZone(zone, new Date(startOfToday.getTime() + p.day * DAY + 12 * HOUR));
    for (const minute of STARTS) {
      const startsAt = zonedTimeToUtc(day, minute, zone);
      if (!(await overlaps(db, guide.id, startsAt, new Date(startsAt.getTime() + p.hours * HOUR)))) {
        plans.push({
          travelerId,
          startsAt,
          hours: p.hours,
          travelers: p.travelers,
          method: p.method,
          review: p.review,
        });
        break;
      }
    }
  }
  return plans;
}

/**
 * Earlier today: a two-hour tour that ended five hours before seeding (before the seeded tour day's
 * tours), completed then or, when that was still yesterday in the guide's zone, just after midnight.
 */
function planTourEarlierToday(travelerId: number, now: Date, startOfToday: Date): TourPlan {
  const base = Math.floor(now.getTime() / (30 * 60_000)) * 30 * 60_000;
  const startsAt = new Date(base - 7 * HOUR);
  const end = startsAt.getTime() + 2 * HOUR;
  // Never later than a second ago, never before today's midnight: today's earnings are never empty.
  const completedAt = new Date(
    Math.max(
      startOfToday.getTime(),
      Math.min(now.getTime() - 1000, Math.max(end, startOfToday.getTime() + 5 * 60_000)),
    ),
  );
  return { travelerId, startsAt, hours: 2, travelers: 2, method: 'alipay', completedAt };
}

/** One completed tour: the booking, its paid deposit and postings, the completion postings and the review. */
async function insertCompletedTour(db: Database, guide: DemoGuide, plan: TourPlan): Promise<void> {
  const b = await insertCompletedBooking(db, guide, plan);
  const paidAt = b.paidAt!;
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: b.id,
      payerId: plan.travelerId,
      kind: 'deposit',
      method: plan.method,
      provider: 'simulated',
      providerRef: `sim_${plan.method}_seed_${b.id}`,
      idempotencyKey: `seed-${b.id}`,
      requestHash: 'seed',
      status: 'succeeded',
      ...chargeFor(b, b.depositCents, plan.method, true),
      cardLast4: plan.method === 'card' ? '4242' : null,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning();
  await insertPostings(db, b.id, paidPostings(depositPostings(b.depositCents), b.currency, payment!), {
    travelerId: plan.travelerId,
    guideUserId: guide.userId,
    paymentId: payment!.id,
    at: paidAt,
    currency: b.currency,
  });
  await writeCompletion(db, b, guide.userId, payment!);
  if (plan.review) await insertTourReview(db, guide, plan.travelerId, b, plan.review);
}

/**
 * The booking as the product leaves it at 'Complete Service': booked nine days before, paid, accepted, both confirmed
 * the start.
 */
async function insertCompletedBooking(db: Database, guide: DemoGuide, plan: TourPlan): Promise<BookingRow> {
  const zone = guide.timeZone;
  const travelers = Math.min(Math.max(plan.travelers, guide.minPeople), guide.maxPeople);
  const price = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    adults: travelers,
    hours: plan.hours,
  });
  const endsAt = new Date(plan.startsAt.getTime() + plan.hours * HOUR);
  const completedAt = plan.completedAt ?? endsAt;
  const date = todayInZone(zone, plan.startsAt);
  const startMinute = Math.round((plan.startsAt.getTime() - zonedTimeToUtc(date, 0, zone).getTime()) / 60_000);
  const createdAt = new Date(plan.startsAt.getTime() - 9 * DAY);
  const paidAt = new Date(createdAt.getTime() + 6 * 60_000);
  const [b] = await db
    .insert(bookings)
    .values({
      travelerId: plan.travelerId,
      guideId: guide.id,
      status: 'completed',
      date,
      startMinute,
      durationMinutes: plan.hours * 60,
      timeZone: zone,
      startsAt: plan.startsAt,
      endsAt,
      travelers,
      ...seedPriceColumns(price, guide.currency),
      travelerConfirmedStart: true,
      guideConfirmedStart: true,
      paidAt,
      acceptedAt: new Date(paidAt.getTime() + 3 * HOUR),
      completedAt,
      createdAt,
      updatedAt: completedAt,
    })
    .returning();
  return b!;
}

/** The traveler's review, written the day after the tour and published when the blind period ended. */
async function insertTourReview(
  db: Database,
  guide: DemoGuide,
  travelerId: number,
  b: BookingRow,
  review: NonNullable<PastTour['review']>,
): Promise<void> {
  const submittedAt = new Date(b.completedAt!.getTime() + DAY);
  await db.insert(reviews).values({
    bookingId: b.id,
    type: 'traveler_to_guide',
    fromUserId: travelerId,
    toUserId: guide.userId,
    guideId: guide.id,
    rating: review.rating,
    content: review.content,
    submittedAt,
    publishedAt: new Date(submittedAt.getTime() + REVIEW_BLIND_DAYS * DAY),
  });
}

async function overlaps(db: Database, guideId: number, from: Date, to: Date): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.guideId, guideId),
        lt(bookings.startsAt, to),
        gte(bookings.endsAt, new Date(from.getTime() + 1)),
        sql`${bookings.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
