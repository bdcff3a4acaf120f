import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addedMinutesByDay, tourDays } from '../../../shared/booking/tour-days';
import { todayInZone } from '../../../shared/availability';
import { MAX_PRICE, MIN_HOURLY_PRICE, type Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import { givenName } from '../../../shared/person-name';
import type {
  AvailabilityBody,
  AvailabilityReply,
  CalendarUrlReply,
  RatesBody,
  RatesReply,
} from '../../../shared/schemas/guide-business';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { GuideSearch } from '../guides/index';
import { buildCalendar, FEED_STATUS } from './ical';
import {
  createFeedIfMissing,
  existingSubcategories,
  feedBookings,
  feedByTokenHash,
  findFeed,
  guideOfUser,
  readAvailability,
  readRates,
  replaceAvailability,
  replaceRates,
  saveFeed,
} from './guide-business.repository';

/**
 * Each kind of extra is declared once; overtime is the one the product charges, so it needs its
 * hourly price when it is not included (decision 151).
 */
function checkExtras(extras: RatesBody['extras']): void {
  const seen = new Set<string>();
  extras.forEach((e, i) => {
    if (e.kind !== 'other' && seen.has(e.kind))
      throw new AppError('duplicate_extra', 'An extra is declared twice', [
        { path: `extras.${i}.kind`, message: 'declared twice' },
      ]);
    seen.add(e.kind);
    if (e.kind === 'overtime_hour' && !e.included && e.priceCents === undefined) {
      throw new AppError('overtime_price_required', 'Overtime that is not included needs its price per hour', [
        { path: `extras.${i}.priceCents`, message: 'required' },
      ]);
    }
  });
}

/**
 * Every price of the body inside its currency's bounds (decision 164): an hourly price (the basic
 * one, a service's, a day's) at least the currency's floor (decision 082), and no price above its
 * ceiling, so a yen price is never read against a floor written in fen.
 */
function checkPriceBounds(body: RatesBody, currency: Currency): void {
  const floor = MIN_HOURLY_PRICE[currency];
  const hourly: [string, number | null][] = [
    ['basicPricePerHourCents', body.basicPricePerHourCents],
    ['dayRateCents', body.dayRateCents],
    ...body.services.map((s, i): [string, number | null] => [`services.${i}.priceCents`, s.priceCents]),
  ];
  const low = hourly.find(([, cents]) => cents !== null && cents < floor);
  if (low)
    throw new AppError('validation_failed', `The lowest price is ${formatMoney(floor, currency, 'en')} an hour`, [
      { path: `body.${low[0]}`, message: `at least ${floor}` },
    ]);
  const all: [string, number | null | undefined][] = [
    ...hourly,
    ['additionalPricePerPersonCents', body.additionalPricePerPersonCents],
    ...body.extras.map((e, i): [string, number | undefined] => [`extras.${i}.priceCents`, e.priceCents]),
  ];
  const high = all.find(([, cents]) => cents != null && cents > MAX_PRICE[currency]);
  if (high)
    throw new AppError(
      'validation_failed',
      `The highest price is ${formatMoney(MAX_PRICE[currency], currency, 'en')}`,
      [{ path: `body.${high[0]}`, message: `at most ${MAX_PRICE[currency]}` }],
    );
}

/** The feed shows tours that ended up to this many days ago, and everything ahead. */
export const FEED_PAST_DAYS = 90;
/** A feed token: 32 bytes of HMAC output, base64url (43 characters). */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The guide's own business settings. Each write answers only after this server's search index has
 * seen it (`guideSearch.sync()`), so the guide's card and slots are up to date at once. Existing
 * bookings are never changed by a new schedule or new rates: their times and prices were frozen at
 * booking time (decision 040), and they keep blocking their slots.
 */
export class GuideBusinessService {
  constructor(
    private readonly db: Database,
    private readonly search: Pick<GuideSearch, 'sync'>,
    private readonly secret: string,
    private readonly appUrl: string,
  ) {}

  private async guide(viewer: AuthUser) {
    const g = await guideOfUser(this.db, viewer.id);
    if (!g) throw new AppError('not_a_guide', 'Only guides have availability, rates and a calendar feed');
    return g;
  }

  async availability(viewer: AuthUser): Promise<AvailabilityReply> {
    const g = await this.guide(viewer);
    const data = await readAvailability(this.db, g.id, todayInZone(g.timeZone));
    return { guideId: g.id, timeZone: g.timeZone, ...data };
  }

  async setAvailability(viewer: AuthUser, body: AvailabilityBody): Promise<AvailabilityReply> {
    const g = await this.guide(viewer);
    const today = todayInZone(g.timeZone);
    body.weekly.forEach((r, i) => {
      if (r.startMinute >= r.endMinute)
        throw new AppError('invalid_range', 'A range must start before it ends', [
          { path: `weekly.${i}`, message: 'start must be before end' },
        ]);
    });
    const sorted = [...body.weekly].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const cur = sorted[i]!;
      if (prev.weekday === cur.weekday && cur.startMinute < prev.endMinute) {
        throw new AppError('overlapping_hours', 'Two ranges of the same day overlap', [
          { path: 'weekly', message: `weekday ${cur.weekday} overlaps` },
        ]);
      }
    }
    const dates = new Set<string>();
    body.exceptions.forEach((e, i) => {
      const path = `exceptions.${i}`;
      if (dates.has(e.date))
        throw new AppError('duplicate_date', 'A date appears twice', [{ path, message: 'duplicate date' }]);
      dates.add(e.date);
      if (e.date < today)
        throw new AppError('invalid_range', 'An exception cannot be in the past', [
          { path, message: 'date in the past' },
        ]);
      if (e.available && (e.startMinute === null || e.endMinute === null || e.startMinute >= e.endMinute)) {
        throw new AppError('invalid_range', 'An available day needs a start before its end', [
          { path, message: 'start must be before end' },
        ]);
      }
    });
    await replaceAvailability(this.db, g.id, body, today);
    await this.search.sync();
    return this.availability(viewer);
  }

  async rates(viewer: AuthUser): Promise<RatesReply> {
    const g = await this.guide(viewer);
    return { guideId: g.id, ...(await readRates(this.db, g.id)) };
  }

  async setRates(viewer: AuthUser, body: RatesBody): Promise<RatesReply> {
    const g = await this.guide(viewer);
    if (body.minPeople > body.maxPeople)
      throw new AppError('invalid_range', 'The smallest group is larger than the largest', [
        { path: 'minPeople', message: 'min must not exceed max' },
      ]);
    if (body.minDurationHours > body.maxDurationHours) {
      throw new AppError('invalid_range', 'The shortest tour is longer than the longest', [
        { path: 'minDurationHours', message: 'min must not exceed max' },
      ]);
    }
    if (body.includedPeople > body.maxPeople) {
      throw new AppError('invalid_range', 'The price covers more people than the largest group', [
        { path: 'includedPeople', message: 'must not exceed maxPeople' },
      ]);
    }
    checkExtras(body.extras);
    const currency = body.currency ?? g.currency;
    checkPriceBounds(body, currency);
    const ids = body.services.map((s) => s.subcategoryId);
    if (new Set(ids).size !== ids.length)
      throw new AppError('validation_failed', 'A service appears twice', [
        { path: 'services', message: 'duplicate service' },
      ]);
    const known = await existingSubcategories(this.db, ids);
    const unknown = body.services.findIndex((s) => !known.has(s.subcategoryId));
    if (unknown >= 0)
      throw new AppError('unknown_service', 'No such service in the catalogue', [
        { path: `services.${unknown}.subcategoryId`, message: 'unknown service' },
      ]);
    await replaceRates(this.db, g.id, body, currency);
    await this.search.sync();
    return this.rates(viewer);
  }

  // ------------------------------------------------------------ calendar feed

  private tokenFor(nonce: string): string {
    return createHmac('sha256', this.secret).update(`ical-feed:${nonce}`).digest('base64url');
  }

  private async newFeedSecret() {
    const nonce = randomBytes(24).toString('base64url');
    return { nonce, tokenHash: sha256(this.tokenFor(nonce)) };
  }

  private urlReply(nonce: string, createdAt: Date): CalendarUrlReply {
    return { url: `${this.appUrl}/api/ical/${this.tokenFor(nonce)}.ics`, createdAt: createdAt.toISOString() };
  }

  async calendarUrl(viewer: AuthUser): Promise<CalendarUrlReply> {
    const g = await this.guide(viewer);
    let feed = await findFeed(this.db, g.id);
    if (!feed) {
      const s = await this.newFeedSecret();
      feed = await createFeedIfMissing(this.db, g.id, s.nonce, s.tokenHash);
    }
    return this.urlReply(feed.nonce, feed.createdAt);
  }

  async resetCalendarUrl(viewer: AuthUser): Promise<CalendarUrlReply> {
    const g = await this.guide(viewer);
    const s = await this.newFeedSecret();
    const feed = await saveFeed(this.db, g.id, s.nonce, s.tokenHash);
    return this.urlReply(feed.nonce, feed.createdAt);
  }

  /** The feed for a token, or 404 (unknown, reset or malformed tokens all look the same). */
  async feed(token: string, now = new Date()): Promise<string> {
    if (!TOKEN_RE.test(token)) throw notFound('Calendar');
    const hash = sha256(token);
    const feed = await feedByTokenHash(this.db, hash);
    // The stored hash finds the row; the token must also be the one this server's secret makes from its nonce.
    if (!feed || !timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(sha256(this.tokenFor(feed.nonce)), 'hex')))
      throw notFound('Calendar');
    const rows = await feedBookings(this.db, feed.guideId, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000));
    const host = new URL(this.appUrl).host;
    return buildCalendar(
      'Tabi Guides tours',
      // A booking of several days is one event a day (decision 154): the nights between are the guide's own in a
      // calendar.
      rows.flatMap((b) => {
        const number = b.bookingNumber ?? `TG${String(b.id).padStart(4, '0')}`;
        const people = `${b.travelers} traveler${b.travelers === 1 ? '' : 's'}`;
        const location = b.meetingAddress
          ? b.meetingPostalCode
            ? `〒${b.meetingPostalCode} ${b.meetingAddress}`
            : b.meetingAddress
          : null;
        // Her traveler by the name she calls them (decision 200): no full name, e-mail or phone in a feed.
        const traveler = givenName(b.travelerName) || 'Traveler';
        const length = b.days > 1 ? `${b.days} days, ${b.durationMinutes / 60} h a day` : `${b.durationMinutes / 60} h`;
        return tourDays(b, addedMinutesByDay(b.extensions, b.days)).map((day, i) => ({
          // A one-day booking keeps the uid it always had, so subscribed calendars do not show it twice.
          uid: b.days > 1 ? `booking-${b.id}-day${i + 1}@${host}` : `booking-${b.id}@${host}`,
          stamp: b.updatedAt,
          start: day.startsAt,
          end: day.endsAt,
          summary: `${FEED_STATUS[b.status].label}: Tabi tour ${number}${b.days > 1 ? ` · day ${i + 1}/${b.days}` : ''}${b.subcategoryEn ? ` · ${b.subcategoryEn}` : ''} · ${traveler} · ${people}`,
          description: `Booking ${number}\nStatus: ${FEED_STATUS[b.status].label}\nTraveler: ${traveler}\n${people}, ${length}\nDetails: ${this.appUrl}/guide-dashboard`,
          location,
          url: `${this.appUrl}/guide-dashboard`,
          status: FEED_STATUS[b.status].ics,
        }));
      }),
    );
  }
}
