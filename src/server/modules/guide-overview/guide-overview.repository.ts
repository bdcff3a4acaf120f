import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Currency } from '../../../shared/currency';
import { MAX_BOOKING_DAYS } from '../../../shared/booking/tour-days';
import { REQUEST_ANSWER_HOURS } from '../../../shared/booking/schedule';
import {
  OVERVIEW_REQUESTS_SHOWN,
  OVERVIEW_REVIEWS_SHOWN,
  OVERVIEW_TOUR_STATUSES,
} from '../../../shared/schemas/guide-overview';
import type { Database } from '../../db/client';
import { bookings, guides, ledgerEntries, reviews, users } from '../../db/schema/index';

/** The caller's listing with what the greeting and the ratings need (one row, by the unique user_id index). */
export async function guideOfUser(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: guides.id,
      timeZone: guides.timeZone,
      currency: guides.currency,
      rating: guides.rating,
      reviewCount: guides.reviewCount,
      fullName: users.fullName,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.userId, userId));
  return row;
}

const tourColumns = {
  id: bookings.id,
  bookingNumber: bookings.bookingNumber,
  status: bookings.status,
  date: bookings.date,
  timeZone: bookings.timeZone,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  durationMinutes: bookings.durationMinutes,
  days: bookings.days,
  travelers: bookings.travelers,
  totalPriceCents: bookings.totalPriceCents,
  currency: bookings.currency,
  paidAt: bookings.paidAt,
  firstStartsAt: bookings.firstStartsAt,
  travelerId: users.id,
  travelerName: users.fullName,
  travelerPicture: users.profilePicture,
  // The language the name is written in breaks its tie on the traveler's account language (decision 175).
  travelerLocale: users.locale,
};

/**
 * Accepted tours of the guide on any day of [from, to), soonest first (bookings_guide_idx): those
 * starting then, and a booking of several days begun before `from` whose days reach into it
 * (decision 154), so the week shows every day of it. One day never runs past its start by more than a
 * week (MAX_BOOKING_DAYS), which bounds the scan.
 */
export function toursBetween(db: Database, guideId: number, from: Date, to: Date) {
  const earliest = new Date(from.getTime() - MAX_BOOKING_DAYS * 24 * 3_600_000);
  return db
    .select(tourColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .where(
      and(
        eq(bookings.guideId, guideId),
        gte(bookings.startsAt, earliest),
        lt(bookings.startsAt, to),
        or(gte(bookings.startsAt, from), and(gt(bookings.days, 1), gt(bookings.endsAt, from))),
        inArray(bookings.status, [...OVERVIEW_TOUR_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** Paid requests waiting for the guide: the most urgent few, and how many there are (one statement). */
export function openRequests(db: Database, guideId: number) {
  const answerBy = sql`least(${bookings.paidAt} + make_interval(hours => ${REQUEST_ANSWER_HOURS}), ${bookings.startsAt})`;
  return db
    .select({ ...tourColumns, total: sql<number>`(count(*) over ())::int` })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.travelerId))
    .where(and(eq(bookings.guideId, guideId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(answerBy), asc(bookings.id))
    .limit(OVERVIEW_REQUESTS_SHOWN);
}

export interface EarningsBounds {
  dayStart: Date;
  dayEnd: Date;
  monthStart: Date;
  monthEnd: Date;
  yearStart: Date;
  yearEnd: Date;
}

/**
 * The guide account's booking entries in `currency` summed per period (one statement over
 * ledger_entries_user_idx): yen and fen are never added together (decision 164). An entry's time is
 * the booking's completion for `guide_earnings` (the posting of decision 061, in the completing
 * transaction) and its own creation time for the others.
 */
export async function earningsByPeriod(db: Database, userId: number, currency: Currency, b: EarningsBounds) {
  const at = sql`(case when ${ledgerEntries.kind} = 'guide_earnings' and ${bookings.completedAt} is not null then ${bookings.completedAt} else ${ledgerEntries.createdAt} end)`;
  const within = (from: Date, to: Date) =>
    sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${at} >= ${from.toISOString()}::timestamptz and ${at} < ${to.toISOString()}::timestamptz), 0)`;
  const [row] = await db
    .select({
      today: within(b.dayStart, b.dayEnd),
      month: within(b.monthStart, b.monthEnd),
      year: within(b.yearStart, b.yearEnd),
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .where(
      and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.currency, currency)),
    );
  const n = (v: unknown) => Number(v ?? 0);
  return { today: n(row?.today), month: n(row?.month), year: n(row?.year), total: n(row?.total) };
}

/**
 * What the guide collected in person for her tours completed in each period, in `currency` (decision
 * 196): a completed booking's total less its deposit, as her tour card's net reads it (decision 175),
 * at the booking's completion, the time `earningsByPeriod` gives its wallet part.
 */
export async function inPersonByPeriod(db: Database, userId: number, currency: Currency, b: EarningsBounds) {
  const part = sql`${bookings.totalPriceCents} - ${bookings.depositCents}`;
  const within = (from: Date, to: Date) =>
    sql<string>`coalesce(sum(${part}) filter (where ${bookings.completedAt} >= ${from.toISOString()}::timestamptz and ${bookings.completedAt} < ${to.toISOString()}::timestamptz), 0)`;
  const [row] = await db
    .select({
      today: within(b.dayStart, b.dayEnd),
      month: within(b.monthStart, b.monthEnd),
      year: within(b.yearStart, b.yearEnd),
      total: sql<string>`coalesce(sum(${part}), 0)`,
    })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(and(eq(guides.userId, userId), eq(bookings.status, 'completed'), eq(bookings.currency, currency)));
  const n = (v: unknown) => Number(v ?? 0);
  return { todayCents: n(row?.today), monthCents: n(row?.month), yearCents: n(row?.year), totalCents: n(row?.total) };
}

/**
 * The latest published traveler reviews of the listing (reviews_guide_published_idx), with the reviewer's first name.
 */
export function latestReviews(db: Database, guideId: number) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      content: reviews.content,
      reviewerFirstName: sql<string>`split_part(btrim(${users.fullName}), ' ', 1)`,
      reviewerPicture: users.profilePicture,
      reviewerLocale: users.locale,
      publishedAt: reviews.publishedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.fromUserId))
    .where(and(eq(reviews.guideId, guideId), eq(reviews.type, 'traveler_to_guide'), isNotNull(reviews.publishedAt)))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(OVERVIEW_REVIEWS_SHOWN);
}
