import { createHash } from 'node:crypto';
import { addDays } from '../../../shared/availability';
import { cancellationPostings, depositPostings, ledgerBalance } from '../../../shared/booking/ledger';
import { bookingPrice, cancellationSplit, cancellationTier, refundArrival, type RefundSplit } from '../../../shared/booking/money-rules';
import {
  BOOKING_LEAD_TIME_HOURS,
  bookableSlots,
  PAYMENT_WINDOW_MINUTES,
  startOfTourDay,
  timeToMinutes,
} from '../../../shared/booking/schedule';
import { nextStatus, TRIP_TABS, type Actor, type BookingEvent, type BookingStatus } from '../../../shared/booking/state-machine';
import type {
  Booking,
  BookingListReply,
  CancellationQuote,
  CreateBookingBody,
  CreatePaymentBody,
  LedgerReply,
  PaymentReply,
  SlotsQuery,
  SlotsReply,
} from '../../../shared/schemas/bookings';
import type { Config } from '../../config';
import { pgErrorCode, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { PaymentProvider, WebhookEvent } from '../payments/index';
import { factsOf, respondBy, toBooking, toPayment } from './booking-view';
import * as repo from './bookings.repository';
import type { BookingRow, PaymentRow } from './bookings.repository';
import { BookingEvents } from './events';

export const JOB = {
  paymentExpiry: 'booking.payment_expiry',
  requestExpiry: 'booking.request_expiry',
  startDay: 'booking.start_day',
  refund: 'payment.refund',
} as const;

const MINUTE_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Deps {
  db: Database;
  provider: PaymentProvider;
  jobs: JobRunner;
  config: Config;
}

export interface RefundInfo {
  amountCents: number;
  method: string | null;
  minBusinessDays: number;
  maxBusinessDays: number;
}

/**
 * Bookings and their deposits (DESIGN §7, decision 040). Every status change goes through the
 * shared state machine and `transitionBooking` (`UPDATE … WHERE status = :from`) in one transaction
 * with its ledger entries and follow-up jobs; events go out after the commit.
 */
export class BookingsService {
  /** The clock; tests replace it to move time instead of sleeping. */
  now: () => Date = () => new Date();
  readonly events = new BookingEvents();

  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db;
  }

  private get rates() {
    return { depositRate: this.deps.config.payments.depositRate, commissionRate: this.deps.config.payments.commissionRate };
  }

  // ------------------------------------------------------------ slots and creation

  async slots(guideId: number, q: SlotsQuery, viewer: AuthUser | null): Promise<SlotsReply> {
    const guide = await repo.guideForBooking(this.db, guideId);
    if (!guide || (guide.status !== 'active' && guide.userId !== viewer?.id)) throw notFound('Guide');
    this.checkDuration(guide, q.durationHours);
    const slots = await this.freeSlots(this.db, guide, q.date, q.durationHours * 60);
    return {
      guideId,
      date: q.date,
      timeZone: guide.timeZone,
      durationHours: q.durationHours,
      leadTimeHours: BOOKING_LEAD_TIME_HOURS,
      slots: slots.map((s) => ({ startTime: s.startTime, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
    };
  }

  private checkDuration(guide: repo.GuideForBooking, hours: number) {
    if (hours < guide.minDurationHours || hours > guide.maxDurationHours) {
      throw new AppError('duration_out_of_range', `This guide offers tours of ${guide.minDurationHours}–${guide.maxDurationHours} hours`, [
        { path: 'durationHours', message: `between ${guide.minDurationHours} and ${guide.maxDurationHours}` },
      ]);
    }
  }

  private async freeSlots(db: Database, guide: repo.GuideForBooking, date: string, durationMinutes: number) {
    const { weekly, exceptions } = await repo.guideSchedule(db, guide.id, [date]);
    // Any booking touching the day (a day is at most 26 h in any zone; a tour at most 24 h).
    const from = new Date(Date.parse(`${addDays(date, -2)}T00:00:00Z`));
    const to = new Date(Date.parse(`${addDays(date, 3)}T00:00:00Z`));
    const busy = await repo.busyRanges(db, guide.id, from, to);
    return bookableSlots({ date, durationMinutes, timeZone: guide.timeZone, weekly, exceptions, busy, now: this.now() });
  }

  async create(user: AuthUser, body: CreateBookingBody): Promise<Booking> {
    const guide = await repo.guideForBooking(this.db, body.guideId);
    if (!guide || guide.status !== 'active') throw notFound('Guide');
    if (guide.userId === user.id) throw new AppError('own_listing', 'You cannot book your own listing');
    if (body.travelers < guide.minPeople || body.travelers > guide.maxPeople) {
      throw new AppError('group_size_out_of_range', `This guide takes groups of ${guide.minPeople}–${guide.maxPeople}`, [
        { path: 'travelers', message: `between ${guide.minPeople} and ${guide.maxPeople}` },
      ]);
    }
    this.checkDuration(guide, body.durationHours);
    let servicePriceCents: number | null = null;
    if (body.subcategoryId !== undefined) {
      const service = await repo.offeredService(this.db, guide.id, body.subcategoryId);
      if (!service) throw new AppError('service_not_offered', 'This guide does not offer that service', [{ path: 'subcategoryId', message: 'not offered' }]);
      servicePriceCents = service.priceCents;
    }
    const startMinute = timeToMinutes(body.startTime)!;
    const durationMinutes = Math.round(body.durationHours * 60);
    const price = bookingPrice({
      basicPerHourCents: guide.basicPricePerHourCents,
      additionalPerPersonCents: guide.additionalPricePerPersonCents,
      servicePriceCents,
      travelers: body.travelers,
      hours: body.durationHours,
      ...this.rates,
    });
    const now = this.now();

    let booking: BookingRow;
    try {
      booking = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await repo.lockGuideSchedule(db, guide.id);
        const slot = (await this.freeSlots(db, guide, body.date, durationMinutes)).find((s) => s.startMinute === startMinute);
        if (!slot) throw new AppError('slot_unavailable', 'This time is no longer available');
        const row = await repo.insertBooking(db, {
          travelerId: user.id,
          guideId: guide.id,
          date: body.date,
          startMinute,
          durationMinutes,
          timeZone: guide.timeZone,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          travelers: body.travelers,
          subcategoryId: body.subcategoryId ?? null,
          unitPriceCents: price.unitPriceCents,
          additionalPerPersonCents: price.additionalPerPersonCents,
          totalPriceCents: price.totalCents,
          depositCents: price.depositCents,
          commissionCents: price.commissionCents,
          currency: guide.currency,
          meetingAddress: body.meetingAddress ?? null,
          meetingPostalCode: body.meetingPostalCode ?? null,
          notes: body.notes ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await enqueueJob(db, {
          kind: JOB.paymentExpiry,
          payload: { bookingId: row.id },
          runAt: new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS),
          dedupeKey: `${JOB.paymentExpiry}:${row.id}`,
        });
        return row;
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === '23P01' || code === '40P01') throw new AppError('slot_unavailable', 'This time is no longer available');
      throw err;
    }
    this.events.emit('booking.created', { bookingId: booking.id, travelerId: user.id, guideUserId: guide.userId });
    return this.view(booking.id, user.id);
  }

  // ------------------------------------------------------------ reading

  private async view(id: number, viewerId: number): Promise<Booking> {
    const [row] = await repo.bookingViews(this.db, { ids: [id] });
    if (!row) throw notFound('Booking');
    return toBooking(row, viewerId, this.now());
  }

  /** The booking if the caller is its traveler or its guide; 404 for anyone else. */
  private async ownBooking(user: AuthUser, id: number): Promise<{ booking: BookingRow; guideUserId: number; side: 'traveler' | 'guide' }> {
    const booking = await repo.findBooking(this.db, id);
    if (!booking) throw notFound('Booking');
    const guideUserId = (await repo.guideUserIdOf(this.db, booking.guideId))!;
    if (booking.travelerId === user.id) return { booking, guideUserId, side: 'traveler' };
    if (guideUserId === user.id) return { booking, guideUserId, side: 'guide' };
    throw notFound('Booking');
  }

  async get(user: AuthUser, id: number): Promise<Booking> {
    await this.ownBooking(user, id);
    return this.view(id, user.id);
  }

  async travelerList(user: AuthUser, userId: number, tab?: keyof typeof TRIP_TABS): Promise<BookingListReply> {
    if (userId !== user.id) throw notFound('Bookings');
    const rows = await repo.bookingViews(this.db, { travelerId: user.id });
    return this.list(rows, user.id, tab);
  }

  /** The guide's bookings (paid requests and later; unpaid checkouts are not requests yet). */
  async guideList(user: AuthUser, userId: number, tab?: keyof typeof TRIP_TABS): Promise<BookingListReply> {
    const guideId = userId === user.id ? await repo.guideIdOfUser(this.db, user.id) : undefined;
    if (guideId === undefined) throw notFound('Bookings');
    const rows = await repo.bookingViews(this.db, { guideId, excludePending: true });
    return this.list(rows, user.id, tab);
  }

  private list(rows: repo.BookingViewRow[], viewerId: number, tab?: keyof typeof TRIP_TABS): BookingListReply {
    const now = this.now();
    const all = rows.map((r) => toBooking(r, viewerId, now));
    const inTab = (t: keyof typeof TRIP_TABS, b: Booking) => (TRIP_TABS[t] as readonly string[]).includes(b.status);
    const counts = { 'pending-requests': 0, upcoming: 0, ongoing: 0, past: 0 };
    for (const b of all) for (const t of Object.keys(counts) as (keyof typeof TRIP_TABS)[]) if (inTab(t, b)) counts[t]++;
    return { data: tab ? all.filter((b) => inTab(tab, b)) : all, counts };
  }

  async ledger(bookingId: number): Promise<LedgerReply> {
    const booking = await repo.findBooking(this.db, bookingId);
    if (!booking) throw notFound('Booking');
    const entries = await repo.ledgerOf(this.db, bookingId);
    const balance = ledgerBalance(entries);
    return {
      bookingId,
      entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      balance,
    };
  }

  // ------------------------------------------------------------ payments

  /**
   * Pays the deposit. The first request with a key creates the payment row (under the booking's row
   * lock), asks the provider, and stores the result; a retry with the key returns that stored result,
   * waiting while the first is still with the provider. Only the card's last four digits are stored.
   */
  async pay(user: AuthUser, bookingId: number, body: CreatePaymentBody, idempotencyKey: string): Promise<PaymentReply> {
    const digits = body.cardNumber?.replace(/[\s-]/g, '');
    const last4 = body.method === 'card' && digits ? digits.slice(-4) : null;
    const requestHash = createHash('sha256')
      .update(JSON.stringify([bookingId, body.kind, body.method, last4, body.cardHolder ?? null, body.alipayAccount ?? null, body.wechatId ?? null]))
      .digest('hex');

    const claim = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = await repo.lockBooking(db, bookingId);
      if (!booking || booking.travelerId !== user.id) throw notFound('Booking');
      const existing = await repo.paymentByKey(db, user.id, idempotencyKey);
      if (existing) {
        if (existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request');
        return { payment: existing, fresh: false };
      }
      const deposits = await repo.depositPayments(db, bookingId);
      if (deposits.some((p) => p.status === 'succeeded' || p.status === 'refunded' || p.status === 'partially_refunded')) {
        throw new AppError('already_paid', 'The deposit of this booking is already paid');
      }
      if (booking.status !== 'pending') throw new AppError('invalid_transition', `A ${booking.status} booking cannot be paid`);
      if (deposits.some((p) => p.status === 'processing')) throw new AppError('payment_in_progress', 'Another payment of this booking is being processed');
      const payment = await repo.insertPayment(db, {
        bookingId,
        payerId: user.id,
        kind: 'deposit',
        method: body.method,
        provider: this.deps.provider.name,
        idempotencyKey,
        requestHash,
        amountCents: booking.depositCents,
        currency: booking.currency,
        cardLast4: last4,
      });
      return { payment, fresh: true };
    });

    let payment = claim.payment;
    if (claim.fresh) {
      payment = await this.charge(payment, body);
    } else {
      for (let i = 0; payment.status === 'processing' && i < 300; i++) {
        await sleep(50);
        payment = (await repo.paymentById(this.db, payment.id))!;
      }
      if (payment.status === 'processing') throw new AppError('payment_in_progress', 'This payment is still being processed; try again shortly');
    }
    if (payment.status === 'failed') {
      throw new AppError('payment_failed', payment.failureMessage ?? 'Payment failed. Please check your information and try again.', [
        { path: 'payment', message: payment.failureCode ?? 'failed' },
      ]);
    }
    return { payment: toPayment(payment), booking: await this.view(bookingId, user.id) };
  }

  private async charge(payment: PaymentRow, body: CreatePaymentBody): Promise<PaymentRow> {
    let result;
    try {
      result = await this.deps.provider.charge({
        paymentId: payment.id,
        bookingId: payment.bookingId,
        amountCents: payment.amountCents,
        currency: payment.currency,
        method: body.method,
        card:
          body.method === 'card'
            ? { number: body.cardNumber ?? '', expiryDate: body.expiryDate ?? '', cvv: body.cvv ?? '', holder: body.cardHolder ?? '' }
            : undefined,
        idempotencyKey: `tabi-payment-${payment.id}`,
        returnUrl: `${this.deps.config.appUrl}/payment-success?booking=${payment.bookingId}`,
      });
    } catch {
      result = { status: 'failed' as const, failureCode: 'provider_unavailable', message: 'The payment provider could not be reached. Please try again.' };
    }
    if (result.status === 'failed') {
      return (await repo.updatePayment(
        this.db,
        payment.id,
        { status: 'failed', providerRef: result.providerRef ?? null, failureCode: result.failureCode, failureMessage: result.message },
        ['processing'],
      ))!;
    }
    const nextAction = result.status === 'pending' ? { approvalUrl: result.approvalUrl, clientSecret: result.clientSecret } : null;
    const updated = await repo.updatePayment(this.db, payment.id, { status: 'pending', providerRef: result.providerRef, nextAction }, ['processing']);
    if (result.status === 'succeeded') await this.paymentSucceeded(payment.id);
    return (await repo.paymentById(this.db, payment.id)) ?? updated!;
  }

  /**
   * A provider says the payment succeeded (inline for cards, or a webhook). Idempotent: a succeeded
   * payment stays as it is. The booking goes pending → confirmed with the deposit's ledger entries and
   * the request's expiry job, all in one transaction; money for a booking that already lapsed is
   * recorded and refunded at once.
   */
  async paymentSucceeded(paymentId: number): Promise<void> {
    const now = this.now();
    const after: (() => Promise<void>)[] = [];
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const pre = await repo.paymentById(db, paymentId);
      if (!pre) return;
      const booking = await repo.lockBooking(db, pre.bookingId);
      const payment = await repo.paymentById(db, paymentId, true);
      if (!booking || !payment || !['processing', 'pending', 'failed'].includes(payment.status)) return;
      await repo.updatePayment(db, paymentId, { status: 'succeeded', failureCode: null, failureMessage: null });
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      const parties = { travelerId: booking.travelerId, guideUserId, paymentId };
      await repo.insertPostings(db, booking.id, depositPostings(payment.amountCents), parties);
      const decision = nextStatus(factsOf(booking), 'deposit_paid', 'system', { now });
      if (decision.ok && payment.kind === 'deposit') {
        const paid = await repo.transitionBooking(db, booking.id, decision.from, decision.to, { paidAt: now });
        await enqueueJob(db, {
          kind: JOB.requestExpiry,
          payload: { bookingId: booking.id },
          runAt: respondBy(paid!)!,
          dedupeKey: `${JOB.requestExpiry}:${booking.id}`,
        });
        after.push(async () => this.events.emit('booking.paid', { bookingId: booking.id, travelerId: booking.travelerId, guideUserId, amountCents: payment.amountCents }));
      } else {
        // The booking lapsed (or is paid already): give the money straight back.
        const split = { refundCents: payment.amountCents, guideCents: 0, platformCents: 0 };
        await repo.insertPostings(db, booking.id, cancellationPostings(payment.amountCents, split), parties);
        const jobId = await this.enqueueRefund(db, payment, payment.amountCents, now);
        if (jobId) after.push(async () => void (await this.deps.jobs.runNow(jobId, now)));
      }
    });
    for (const fn of after) await fn();
  }

  async paymentFailed(paymentId: number, failureCode?: string): Promise<void> {
    await repo.updatePayment(this.db, paymentId, { status: 'failed', failureCode: failureCode ?? 'payment_failed', failureMessage: 'The payment failed.' }, [
      'processing',
      'pending',
    ]);
  }

  /** A verified webhook event: acted on once however often and in whatever order it arrives. */
  async webhook(event: WebhookEvent): Promise<void> {
    if (event.type === 'ignored') return;
    const payment =
      (await repo.paymentByRef(this.db, this.deps.provider.name, event.providerRef)) ??
      (event.paymentId ? await repo.paymentById(this.db, event.paymentId) : undefined);
    if (!payment || payment.provider !== this.deps.provider.name) return;
    if (event.type === 'payment.succeeded') await this.paymentSucceeded(payment.id);
    else await this.paymentFailed(payment.id, event.failureCode);
  }

  private enqueueRefund(db: Database, payment: PaymentRow, amountCents: number, runAt: Date) {
    return enqueueJob(db, {
      kind: JOB.refund,
      payload: { paymentId: payment.id, amountCents },
      runAt,
      dedupeKey: `${JOB.refund}:${payment.id}`,
    });
  }

  /** Job: refunds through the provider (retried by the runner), then records it on the payment. */
  async runRefund(job: ClaimedJob): Promise<void> {
    const { paymentId, amountCents } = job.payload as { paymentId: number; amountCents: number };
    const payment = await repo.paymentById(this.db, paymentId);
    if (!payment || !payment.providerRef || payment.refundRef) return;
    const { refundRef } = await this.deps.provider.refund({ providerRef: payment.providerRef, amountCents, idempotencyKey: `tabi-refund-${paymentId}` });
    const refunded = Math.min(payment.amountCents, amountCents);
    await repo.updatePayment(this.db, paymentId, {
      refundRef,
      refundedCents: refunded,
      status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
    });
  }

  // ------------------------------------------------------------ answers, cancellation, jobs

  async accept(user: AuthUser, id: number): Promise<Booking> {
    const { side } = await this.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = this.now();
    const done = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.decide(booking, 'accept', 'guide', now);
      const row = (await repo.transitionBooking(db, id, decision.from, decision.to, { acceptedAt: now }))!;
      await enqueueJob(db, {
        kind: JOB.startDay,
        payload: { bookingId: id },
        runAt: startOfTourDay(row.date, row.timeZone),
        dedupeKey: `${JOB.startDay}:${id}`,
      });
      return row;
    });
    const guideUserId = user.id;
    this.events.emit('booking.accepted', { bookingId: id, travelerId: done.travelerId, guideUserId });
    return this.view(id, user.id);
  }

  async decline(user: AuthUser, id: number, reason: string): Promise<Booking> {
    const { side } = await this.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    await this.cancel(id, 'decline', 'guide', { reason });
    return this.view(id, user.id);
  }

  /** PATCH /api/bookings/{id}/status: only `cancelled` is open in this issue (start and completion follow). */
  async setStatus(user: AuthUser, id: number, status: BookingStatus): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.ownBooking(user, id);
    if (status !== 'cancelled') throw new AppError('invalid_transition', `Moving a booking to ${status} is not available here`);
    const { refund } = await this.cancel(id, 'cancel', side, {});
    return { ...(await this.view(id, user.id)), refund };
  }

  private decide(booking: BookingRow, event: BookingEvent, actor: Actor, now: Date) {
    const decision = nextStatus(factsOf(booking), event, actor, { now });
    if (!decision.ok) throw new AppError('invalid_transition', `A ${booking.status} booking cannot take "${event}" (${decision.reason})`);
    return decision;
  }

  /** How a cancellation by `actor` at `now` splits what was paid (decision 004, DESIGN §7). */
  private split(booking: BookingRow, paidCents: number, actor: Actor, now: Date): { split: RefundSplit; tier: string } {
    if (actor !== 'traveler') return { split: { refundCents: paidCents, guideCents: 0, platformCents: 0 }, tier: actor === 'guide' ? 'guide' : 'system' };
    const tier = cancellationTier(booking.startsAt, now);
    return { split: cancellationSplit({ depositCents: paidCents, cancelledBy: 'traveler', tier, commissionRate: this.rates.commissionRate }), tier };
  }

  /**
   * Cancels by any route (traveler, guide decline, expiry jobs): transition, ledger release of the
   * paid deposit by the split, and the refund job, in one transaction; the refund runs right after.
   */
  private async cancel(
    id: number,
    event: 'cancel' | 'decline' | 'payment_expired' | 'request_expired',
    actor: Actor,
    opts: { reason?: string; now?: Date },
  ): Promise<{ refund: RefundInfo | null }> {
    const now = opts.now ?? this.now();
    let refundJob: number | undefined;
    let refund: RefundInfo | null = null;
    const result = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.decide(booking, event, actor, now);
      const paid = (await repo.depositPayments(db, id)).find((p) => p.status === 'succeeded');
      const { split } = this.split(booking, paid?.amountCents ?? 0, actor, now);
      const cancelledBy = actor === 'system' ? 'system' : actor === 'guide' ? 'guide' : 'traveler';
      await repo.transitionBooking(db, id, decision.from, decision.to, { cancelledAt: now, cancelledBy, cancelReason: opts.reason ?? event });
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      if (paid) {
        await repo.insertPostings(db, id, cancellationPostings(paid.amountCents, split), { travelerId: booking.travelerId, guideUserId, paymentId: paid.id });
        if (split.refundCents > 0) refundJob = await this.enqueueRefund(db, paid, split.refundCents, now);
        refund = { amountCents: split.refundCents, method: paid.method, ...refundArrival(paid.method === 'cash' ? 'bank_transfer' : paid.method) };
      }
      return { booking, guideUserId, refundCents: split.refundCents };
    });
    if (refundJob) await this.deps.jobs.runNow(refundJob, now);
    const base = { bookingId: id, travelerId: result.booking.travelerId, guideUserId: result.guideUserId };
    if (event === 'decline') this.events.emit('booking.declined', { ...base, reason: opts.reason ?? '', refundCents: result.refundCents });
    else {
      const by = actor === 'system' ? 'system' : actor === 'guide' ? 'guide' : 'traveler';
      this.events.emit('booking.cancelled', { ...base, by, reason: event, refundCents: result.refundCents });
    }
    return { refund };
  }

  async quote(user: AuthUser, id: number): Promise<CancellationQuote> {
    const { booking, side } = await this.ownBooking(user, id);
    const now = this.now();
    const cancellable = nextStatus(factsOf(booking), 'cancel', side, { now }).ok;
    const paid = (await repo.depositPayments(this.db, id)).find((p) => p.status === 'succeeded');
    const paidCents = paid?.amountCents ?? 0;
    const { split, tier } = this.split(booking, paidCents, side, now);
    const arrival = refundArrival(!paid || paid.method === 'cash' ? 'card' : paid.method);
    return {
      bookingId: id,
      cancellable,
      cancelledBy: side,
      tier,
      depositPaidCents: paidCents,
      refundCents: split.refundCents,
      refundPercent: paidCents ? Math.round((split.refundCents / paidCents) * 10_000) / 100 : 0,
      guideCents: split.guideCents,
      platformCents: split.platformCents,
      method: paid?.method ?? null,
      ...arrival,
      hoursUntilStart: Math.round(((booking.startsAt.getTime() - now.getTime()) / 3_600_000) * 100) / 100,
      quotedAt: now.toISOString(),
    };
  }

  /** Job handlers: each is a no-op when the booking has moved on (paid, answered, cancelled). */
  async expireUnpaid(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'pending', () => this.cancel(Number(job.payload.bookingId), 'payment_expired', 'system', { now }));
  }

  async expireRequest(job: ClaimedJob, now: Date): Promise<void> {
    await this.ifStatus(job, 'confirmed', () => this.cancel(Number(job.payload.bookingId), 'request_expired', 'system', { now }));
  }

  async startDay(job: ClaimedJob, now: Date): Promise<void> {
    const id = Number(job.payload.bookingId);
    await this.ifStatus(job, 'upcoming', async () => {
      const row = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const booking = (await repo.lockBooking(db, id))!;
        const decision = this.decide(booking, 'start_day', 'system', now);
        return repo.transitionBooking(db, id, decision.from, decision.to);
      });
      if (row) {
        const guideUserId = (await repo.guideUserIdOf(this.db, row.guideId))!;
        this.events.emit('booking.awaiting_start', { bookingId: id, travelerId: row.travelerId, guideUserId });
      }
    });
  }

  private async ifStatus(job: ClaimedJob, status: BookingStatus, run: () => Promise<unknown>): Promise<void> {
    const booking = await repo.findBooking(this.db, Number(job.payload.bookingId));
    if (booking?.status !== status) return;
    try {
      await run();
    } catch (err) {
      // Someone else moved the booking between the check and the lock: nothing left to do.
      if (err instanceof AppError && err.code === 'invalid_transition') return;
      throw err;
    }
  }
}
