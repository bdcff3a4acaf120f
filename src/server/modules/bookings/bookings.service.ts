import { chargeColumns } from '../../../shared/booking/charge';
import { ledgerBalance } from '../../../shared/booking/ledger';
import { instantBookOn } from '../../../shared/booking/instant-book';
import { bookableSlots, bookingRulesOf, zonedTimeToUtc, type Slot } from '../../../shared/booking/schedule';
import { tripTabOf, type TRIP_TABS } from '../../../shared/booking/state-machine';
import type { TravelCreditsReply } from '../../../shared/schemas/replacements';
import { meetingCoords, type Booking, type BookingListReply } from '../../../shared/schemas/bookings';
import { type CreateBookingBody, type CreateBookingRequest } from '../../../shared/schemas/booking-create';
import type { SlotsQuery, SlotsReply } from '../../../shared/schemas/slots';
import { type LedgerReply } from '../../../shared/schemas/booking-answers';
import { pgErrorCode, type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { liveUser, type AuthUser, type TokenCaller } from '../auth/index';
import { BookingCore, MINUTE_MS } from './booking/booking-core';
import { BookingExtensions } from './changes/booking-extensions';
import { groupColumns } from './booking/booking-group';
import { checkDuration, checkoutQuote } from './checkout/checkout-quote';
import { familyColumns } from './booking/family-plans';
import { BookingCancellation } from './lifecycle/booking-cancellation';
import { BookingChanges } from './changes/booking-changes';
import { BookingLifecycle } from './lifecycle/booking-lifecycle';
import { BookingFromOffer } from './checkout/booking-offers';
import { BookingOnAccount, type ResellerHold } from './checkout/on-account';
import { BookingPayments } from './checkout/booking-payments';
import { BookingReplacement } from './trouble/booking-replacement';
import { BookingReschedule } from './changes/booking-reschedule';
import { toBooking, type BookingViewInput } from './booking/booking-view';
import * as repo from './booking/bookings.repository';
import type { BookingRow } from './booking/bookings.repository';
import { bookingViews, type BookingViewRow } from './booking/booking-views.repository';
import { checkoutReply, lockCheckout } from './checkout/checkout-lock';
import { insertNewBooking } from './checkout/new-booking';
import { creditsOf } from './booking/credits.repository';
import { daySchedule } from './booking/schedule.repository';
import { daysPlan, holdDays, nearestStartDates, requestedSpan, spanFreeSlots, spanWindow } from './booking/tour-span';
import { takeSlot } from './booking/time-rules';

export { JOB } from './booking/booking-core';

export type { RefundInfo } from './lifecycle/cancellation-refunds';

/**
 * Bookings (decision 040): slots, checkout and reading here; the rest of a booking's life
 * in its parts — `lifecycle` (answers, cancellation, scheduled steps, start, completion), `cancellation`
 * (each case of a cancellation and its one refunding ending, which `lifecycle` hands over to), `payments`
 * (deposits and extension payments), `extensions` and `reschedule` (decision 079). Every status change goes through the
 * shared state machine and `transitionBooking` (`UPDATE … WHERE status = :from`) in one transaction with its
 * ledger entries and follow-up jobs; events go out after the commit.
 */
export class BookingsService extends BookingCore {
  readonly replacement = new BookingReplacement(this);
  readonly cancellation = new BookingCancellation(this, this.replacement);
  readonly lifecycle = new BookingLifecycle(this, this.replacement, this.cancellation);
  readonly extensions = new BookingExtensions(this);
  readonly changes = new BookingChanges(this);
  readonly payments = new BookingPayments(this, { extension: this.extensions, change: this.changes });
  readonly reschedule = new BookingReschedule(this);
  readonly fromOffer = new BookingFromOffer(this, this.deps.offers);
  readonly onAccount = new BookingOnAccount(this);

  // ------------------------------------------------------------ slots and creation

  async slots(guideId: number, q: SlotsQuery, viewer: AuthUser | null): Promise<SlotsReply> {
    const guide = await repo.guideForBooking(this.db, guideId);
    if (!guide || (guide.status !== 'active' && guide.userId !== viewer?.id)) throw notFound('Guide');
    if (q.days === undefined) checkDuration(guide, q.durationHours);
    else daysPlan(guide, { days: q.days, dayHours: q.durationHours });
    const except = q.exceptBooking === undefined ? undefined : await this.ownBookingOf(guide, q.exceptBooking, viewer);
    const { slots, closedDays } =
      q.days === undefined
        ? { slots: await this.freeSlots(this.db, guide, q.date, q.durationHours * 60, except), closedDays: undefined }
        : await spanFreeSlots(this.db, guide, q.date, q.days, q.durationHours * 60, this.now(), except);
    // A date without a start names the nearest that have one (decision 197).
    const nearestDates =
      slots.length > 0
        ? undefined
        : await nearestStartDates(this.db, guide, q.date, q.days ?? 1, q.durationHours * 60, this.now(), except);
    return {
      guideId,
      date: q.date,
      timeZone: guide.timeZone,
      durationHours: q.durationHours,
      days: q.days ?? 1,
      leadTimeHours: guide.minNoticeHours,
      bufferMinutes: guide.bufferMinutes,
      instantBook: instantBookOn(guide, this.now()),
      slots: slots.map(slotReply),
      ...(closedDays && { closedDays }),
      ...(nearestDates && { nearestDates }),
    };
  }

  /**
   * The free starts of one length on several days of a listed guide (OCTO's calendar and availability,
   * decision 201): `slots`' rule and read, its schedule read once for the whole range.
   */
  async slotsOfDays(guideId: number, dates: string[], durationHours: number): Promise<SlotsReply['slots'][]> {
    const guide = await repo.guideForBooking(this.db, guideId);
    if (!guide || guide.status !== 'active') throw notFound('Guide');
    checkDuration(guide, durationHours);
    const days = await this.freeSlotsOfDays(this.db, guide, dates, durationHours * 60);
    return days.map((slots) => slots.map(slotReply));
  }

  private async freeSlots(
    db: Database,
    guide: repo.GuideForBooking,
    date: string,
    durationMinutes: number,
    except?: number,
  ) {
    return (await this.freeSlotsOfDays(db, guide, [date], durationMinutes, except))[0]!;
  }

  /** Each date's free starts (dates in order): one read of her hours, exceptions and busy times for them all. */
  private async freeSlotsOfDays(
    db: Database,
    guide: repo.GuideForBooking,
    dates: string[],
    durationMinutes: number,
    except?: number,
  ) {
    const first = dates[0]!;
    const last = dates.at(-1)!;
    const [from] = spanWindow(first, 1);
    const [, to] = spanWindow(last, 1);
    const { weekly, exceptions, busy } = await daySchedule(db, guide.id, first, from, to, undefined, last);
    const others = busy.filter((b) => b.id !== except);
    const now = this.now();
    return dates.map((date) =>
      bookableSlots({
        date,
        durationMinutes,
        timeZone: guide.timeZone,
        weekly,
        exceptions,
        busy: others,
        now,
        ...bookingRulesOf(guide),
      }),
    );
  }

  /** `exceptBooking`: a booking of this guide the caller is in, else 404 as another's booking is. */
  private async ownBookingOf(guide: repo.GuideForBooking, bookingId: number, viewer: AuthUser | null): Promise<number> {
    const b = await repo.findBooking(this.db, bookingId);
    if (!viewer || !b || b.guideId !== guide.id || (b.travelerId !== viewer.id && guide.userId !== viewer.id))
      throw notFound('Booking');
    return b.id;
  }

  /**
   * POST /api/v2/bookings: the checkout's fields, or a guide's offer (decision 078). The route reads
   * the token only: the checkout checks the session in its first statement, an offer's booking reads
   * the user first as every other route does.
   */
  async createFrom(caller: TokenCaller & { sessionId: string }, body: CreateBookingRequest): Promise<Booking> {
    if (body.offerId !== undefined)
      return this.fromOffer.create(await liveUser(this.db, caller), body.offerId, body.chargeCurrency);
    return this.create(caller, body as CreateBookingBody);
  }

  /**
   * The checkout (decision 090; five statements since decision 149 folded the session's read into the
   * lock statement). In one transaction: the session's check, the schedule locks and the guide's read,
   * then the guide's day with the traveler's overlapping bookings, then the booking with its jobs; the
   * reply is built from what these returned.
   */
  async create(user: TokenCaller, body: CreateBookingBody, hold?: ResellerHold): Promise<Booking> {
    // A booking of several days (decision 154) has its own checks in tour-span.ts; one without `days` is a tour of
    // hours.
    const span = requestedSpan(body);
    const { startMinute, days } = span;
    const now = this.now();
    // Read before the locks (an in-memory read, decision 165): the rate the booking is fixed at.
    const rate = await this.deps.fx.current();
    let made: { booking: BookingRow; reply: Omit<BookingViewInput, 'booking'> };
    try {
      made = await this.transaction(async (db, publish) => {
        const found = await lockCheckout(db, user, body, now);
        const { guide } = found;
        const { group, durationMinutes, price, paid } = checkoutQuote(found, body, this.rates);
        const credit = paid.creditCents;
        const slot = await this.checkoutSlot(db, user.id, guide, body, span, durationMinutes, now);
        const booking = await insertNewBooking(
          db,
          publish,
          {
            travelerId: user.id,
            guideId: guide.id,
            date: body.date,
            startMinute,
            durationMinutes,
            days,
            timeZone: guide.timeZone,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            ...groupColumns(guide, group, price),
            ...familyColumns(guide, body),
            subcategoryId: body.subcategoryId ?? null,
            unitPriceCents: price.unitPriceCents,
            additionalPerPersonCents: price.additionalPerPersonCents,
            totalPriceCents: paid.totalCents,
            depositCents: paid.depositCents,
            commissionCents: price.commissionCents,
            creditCents: credit,
            currency: guide.currency,
            ...chargeColumns(guide.currency, paid.depositCents, body.chargeCurrency ?? 'CNY', rate),
            meetingAddress: body.meetingAddress ?? null,
            meetingPostalCode: body.meetingPostalCode ?? null,
            ...meetingCoords(body),
            notes: body.notes ?? null,
            instantBook: instantBookOn(guide, now),
            channelId: hold?.channelId ?? null,
            createdAt: now,
            updatedAt: now,
          },
          {
            guideUserId: guide.userId,
            fromOffer: false,
            creditId: credit ? found.credit!.id : undefined,
            holdUntil: hold?.until,
          },
        );
        await hold?.within(db, booking);
        return { booking, reply: checkoutReply(user, found) };
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === '23P01' || code === '40P01')
        throw new AppError('slot_unavailable', 'This time is no longer available');
      throw err;
    }
    // Just made: no payments, extensions or proposals; the parties and service came with the lock.
    return toBooking({ booking: made.booking, ...made.reply }, user.id, this.now(), this.rates.commissionRate);
  }

  /**
   * The checkout's second statement, the guide's days with the traveler's overlapping bookings; then
   * the requested time taken from what is left free, or refused with why.
   */
  private async checkoutSlot(
    db: Database,
    travelerId: number,
    guide: repo.GuideForBooking,
    body: CreateBookingBody,
    { startMinute, days, lastDate }: ReturnType<typeof requestedSpan>,
    durationMinutes: number,
    now: Date,
  ): Promise<{ startsAt: Date; endsAt: Date }> {
    const requested = zonedTimeToUtc(body.date, startMinute, guide.timeZone);
    const [from, to] = spanWindow(body.date, days);
    const lastEnd = new Date(
      zonedTimeToUtc(lastDate, startMinute, guide.timeZone).getTime() + durationMinutes * MINUTE_MS,
    );
    const day = await daySchedule(
      db,
      guide.id,
      body.date,
      from,
      to,
      { id: travelerId, from: requested, to: lastEnd },
      lastDate,
    );
    // An unpaid checkout of the traveler's that this one replaces no longer holds the guide either; a busy time
    // from her other calendars (no booking, decision 199) always does.
    const released = await this.releaseOrRefuse(db, day.travelerOverlaps, now);
    const busy = day.busy.filter((b) => b.id === null || !released.includes(b.id));
    const rules = bookingRulesOf(guide);
    return body.days === undefined
      ? takeSlot(
          {
            date: body.date,
            durationMinutes,
            timeZone: guide.timeZone,
            weekly: day.weekly,
            exceptions: day.exceptions,
            busy,
            now,
            ...rules,
          },
          startMinute,
        )
      : holdDays({
          date: body.date,
          days,
          startMinute,
          durationMinutes,
          timeZone: guide.timeZone,
          weekly: day.weekly,
          exceptions: day.exceptions,
          busy,
          now,
          ...rules,
        });
  }

  // ------------------------------------------------------------ reading

  async get(user: AuthUser, id: number): Promise<Booking> {
    await this.ownBooking(user, id);
    return this.view(id, user.id);
  }

  async travelerList(user: AuthUser, userId: number, tab?: keyof typeof TRIP_TABS): Promise<BookingListReply> {
    if (userId !== user.id) throw notFound('Bookings');
    const rows = await bookingViews(this.db, { travelerId: user.id });
    return this.list(rows, user.id, tab);
  }

  /** The guide's bookings (paid requests and later; unpaid checkouts are not requests yet). */
  async guideList(user: AuthUser, userId: number, tab?: keyof typeof TRIP_TABS): Promise<BookingListReply> {
    const guideId = userId === user.id ? await repo.guideIdOfUser(this.db, user.id) : undefined;
    if (guideId === undefined) throw notFound('Bookings');
    const rows = await bookingViews(this.db, { guideId, excludePending: true });
    return this.list(rows, user.id, tab);
  }

  private list(rows: BookingViewRow[], viewerId: number, tab?: keyof typeof TRIP_TABS): BookingListReply {
    const now = this.now();
    const all = rows.map((r) => toBooking(r, viewerId, now, this.rates.commissionRate));
    const counts = { 'pending-requests': 0, upcoming: 0, ongoing: 0, past: 0 };
    for (const b of all) {
      const of = tripTabOf(b, now);
      if (of) counts[of]++;
    }
    return { data: tab ? all.filter((b) => tripTabOf(b, now) === tab) : all, counts };
  }

  /** GET /api/me/travel-credits (decision 139). */
  async travelCredits(user: AuthUser): Promise<TravelCreditsReply> {
    const now = this.now();
    const rows = await creditsOf(this.db, user.id, now);
    const credits = rows.map((c) => ({
      id: c.id,
      amountCents: c.amountCents,
      reason: c.reason,
      sourceBookingId: c.sourceBookingId,
      spentBookingId: c.spentBookingId,
      expiresAt: c.expiresAt.toISOString(),
    }));
    const available = credits.find((c) => c.spentBookingId === null && new Date(c.expiresAt) > now) ?? null;
    return { available, credits };
  }

  async ledger(bookingId: number): Promise<LedgerReply> {
    const booking = await repo.findBooking(this.db, bookingId);
    if (!booking) throw notFound('Booking');
    const entries = await repo.ledgerOf(this.db, bookingId);
    const balance = ledgerBalance(entries, booking.currency);
    return {
      bookingId,
      entries: entries.map((e) => ({
        ...e,
        availableAt: e.availableAt?.toISOString() ?? null,
        createdAt: e.createdAt.toISOString(),
      })),
      balance,
    };
  }
}

/** A free start as `slots` and OCTO's availability answer it. */
const slotReply = (s: Pick<Slot, 'startTime' | 'startsAt' | 'endsAt'>): SlotsReply['slots'][number] => ({
  startTime: s.startTime,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
});
