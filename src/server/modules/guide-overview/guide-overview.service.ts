import { addDays, isoWeekday, todayInZone } from '../../../shared/availability';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { zonedClockTime, zonedTimeToUtc } from '../../../shared/booking/schedule';
import { detectTextLanguage, writerTextLanguage } from '../../../shared/guide-texts';
import type { GuideOverview, OverviewTour } from '../../../shared/schemas/guide-overview';
import type { TotalUnread } from '../../../shared/schemas/messaging';
import type { GuideEarnings } from '../../../shared/schemas/wallet';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import { respondBy } from '../bookings/index';
import * as repo from './guide-overview.repository';

export interface GuideOverviewDeps {
  db: Database;
  /** The server's clock (the bookings service's, so tests move everything together). */
  now: () => Date;
  /** Unread counts, as the messaging module computes them. */
  unread: (userId: number) => Promise<TotalUnread>;
  /** Pending and withdrawable, as the wallet computes them (decision 067). */
  earnings: (user: AuthUser) => Promise<GuideEarnings | null>;
  /**
   * What the guide receives for each of her bookings, as her booking's view says (the bookings module's, decision 175).
   */
  nets: (guideUserId: number, bookingIds: number[]) => Promise<Map<number, number | null>>;
}

type TourRow = Awaited<ReturnType<typeof repo.toursBetween>>[number];

const tourOf = (r: TourRow, nets: Map<number, number | null>): OverviewTour => ({
  id: r.id,
  bookingNumber: bookingNumber(r.id, r.bookingNumber),
  status: r.status,
  date: r.date,
  // Day 1's start, as the booking's own reply gives it (a same-day replacement may start day 1 later: decision 140,
  // amended).
  scheduledStartTime: zonedClockTime(r.startsAt, r.timeZone),
  timeZone: r.timeZone,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  duration: r.durationMinutes / 60,
  days: r.days,
  travelers: r.travelers,
  totalPriceCents: r.totalPriceCents,
  currency: r.currency,
  guideNetCents: nets.get(r.id) ?? null,
  traveler: {
    id: r.travelerId,
    fullName: r.travelerName,
    profilePicture: r.travelerPicture,
    nameLanguage: detectTextLanguage(r.travelerName, writerTextLanguage(r.travelerLocale)),
  },
});

/** The first day of the month after `date`'s month (yyyy-mm-01). */
function nextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The guide landing page's figures (Guide landing): this week's tours, unread counts,
 * earnings per period, open requests and ratings. Weeks run Monday–Sunday and days, months and years
 * are the guide's zone at the server's clock. A caller without a listing gets 403 `not_a_guide`, as on
 * the other /api/v2/guides/me routes.
 */
export class GuideOverviewService {
  constructor(private readonly deps: GuideOverviewDeps) {}

  async overview(user: AuthUser): Promise<GuideOverview> {
    const { db } = this.deps;
    const g = await repo.guideOfUser(db, user.id);
    if (!g) throw new AppError('not_a_guide', 'Only guides have a guide overview');
    const now = this.deps.now();
    const zone = g.timeZone;
    const today = todayInZone(zone, now);
    const weekStart = addDays(today, 1 - isoWeekday(today));
    const at = (date: string) => zonedTimeToUtc(date, 0, zone);
    const year = today.slice(0, 4);

    const bounds = {
      dayStart: at(today),
      dayEnd: at(addDays(today, 1)),
      monthStart: at(`${today.slice(0, 7)}-01`),
      monthEnd: at(nextMonth(today)),
      yearStart: at(`${year}-01-01`),
      yearEnd: at(`${Number(year) + 1}-01-01`),
    };
    const [tours, requests, sums, inPerson, reviews, unread, wallet] = await Promise.all([
      repo.toursBetween(db, g.id, at(weekStart), at(addDays(weekStart, 7))),
      repo.openRequests(db, g.id),
      repo.earningsByPeriod(db, user.id, g.currency, bounds),
      repo.inPersonByPeriod(db, user.id, g.currency, bounds),
      repo.latestReviews(db, g.id),
      this.deps.unread(user.id),
      this.deps.earnings(user),
    ]);
    const nets = await this.deps.nets(
      user.id,
      [...tours, ...requests].map((r) => r.id),
    );

    return {
      guide: { id: g.id, fullName: g.fullName, timeZone: zone },
      today,
      week: { start: weekStart, end: addDays(weekStart, 6), tours: tours.map((r) => tourOf(r, nets)) },
      unread,
      earnings: {
        currency: g.currency,
        todayCents: sums.today,
        monthCents: sums.month,
        yearCents: sums.year,
        totalCents: wallet?.totalCents ?? sums.total,
        pendingCents: wallet?.pendingCents ?? 0,
        withdrawableCents: wallet?.withdrawableCents ?? 0,
        nextAvailableAt: wallet?.nextAvailableAt ?? null,
        inPerson,
      },
      requests: {
        count: requests[0]?.total ?? 0,
        items: requests.map((r) => ({ ...tourOf(r, nets), respondBy: respondBy(r)?.toISOString() ?? null })),
      },
      ratings: {
        average: Math.round(g.rating * 100) / 100,
        count: g.reviewCount,
        reviews: reviews.map(({ reviewerLocale, ...r }) => {
          const writer = writerTextLanguage(reviewerLocale);
          return {
            ...r,
            contentLanguage: detectTextLanguage(r.content, writer),
            reviewerNameLanguage: detectTextLanguage(r.reviewerFirstName, writer),
            publishedAt: r.publishedAt!.toISOString(),
          };
        }),
      },
    };
  }
}
