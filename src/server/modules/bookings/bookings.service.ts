import { createHash } from 'node:crypto';
import { addDays, todayInZone } from '../../../shared/availability';
import { cancellationPostings, completionPostings, depositPostings, extensionPostings, extensionRefundPostings, ledgerBalance } from '../../../shared/booking/ledger';
import {
  addWorkingDays,
  bookingPrice,
  cancellationSplit,
  cancellationTier,
  EARNINGS_HOLD_WORKING_DAYS,
  extensionFeeCents,
  refundArrival,
  type RefundSplit,
} from '../../../shared/booking/money-rules';
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
  ExtensionPaymentBody,
  LedgerReply,
  PaymentReply,
  RequestExtensionReply,
  SlotsQuery,
  SlotsReply,
} from '../../../shared/schemas/bookings';
import type { Config } from '../../config';
import { pgErrorCode, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import { assertPaymentDetails, type PaymentProvider, type WebhookEvent } from '../payments/index';
import { baseDurationHours, factsOf, respondBy, toBooking, toPayment } from './booking-view';
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
      entries: entries.map((e) => ({ ...e, availableAt: e.availableAt?.toISOString() ?? null, createdAt: e.createdAt.toISOString() })),
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
    assertPaymentDetails(this.deps.provider.name, body);
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
      if (body.kind === 'extension') return { payment: await this.claimExtensionPayment(db, booking, user, body, { idempotencyKey, requestHash, last4 }), fresh: true };
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
        // An extension's return names its payment, so /payment-success shows the extension (not the deposit).
        returnUrl: `${this.deps.config.appUrl}/payment-success?booking=${payment.bookingId}${payment.kind === 'extension' ? `&payment=${payment.id}` : ''}`,
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
      if (payment.kind === 'extension') {
        await this.extensionPaymentSucceeded(db, booking, payment, parties, now, after);
        return;
      }
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
    // Stripe reports a card's last four digits on the charge (decision 042); nothing more of a card is kept.
    if (event.cardLast4 && payment.method === 'card' && !payment.cardLast4) await repo.updatePayment(this.db, payment.id, { cardLast4: event.cardLast4 });
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

  /**
   * PATCH /api/bookings/{id}/status: `cancelled` (refund by the tiers) or `completed` ('Complete
   * Service' by either side: the guide's earnings become pending). Other statuses have their own routes.
   */
  async setStatus(user: AuthUser, id: number, status: BookingStatus): Promise<Booking & { refund: RefundInfo | null }> {
    const { side } = await this.ownBooking(user, id);
    if (status === 'completed') {
      await this.complete(id, side);
      return { ...(await this.view(id, user.id)), refund: null };
    }
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

  // ------------------------------------------------------------ on tour (issue 12): start, extensions, completion

  /** The caller's side must be what the body says it is (SPEC §7 `userType`). */
  private checkUserType(side: 'traveler' | 'guide', userType: 'traveler' | 'guide') {
    if (side !== userType) throw new AppError('forbidden', `You are this booking's ${side}, not its ${userType}`);
  }

  private refuse(booking: BookingRow, event: BookingEvent, actor: Actor, now: Date) {
    const decision = nextStatus(factsOf(booking), event, actor, { now });
    if (decision.ok) return decision;
    if (decision.reason === 'extension_limit_reached') throw new AppError('extension_limit_reached', 'Extension Limit Reached');
    throw new AppError('invalid_transition', `A ${booking.status} booking cannot take "${event}" (${decision.reason})`);
  }

  /**
   * PATCH /api/bookings/{id}/confirm-start (SPEC §4): on the tour day (guide's zone) either side
   * confirms; the second confirmation makes the tour `ongoing`. Confirming twice changes nothing.
   */
  async confirmStart(user: AuthUser, id: number, userType: 'traveler' | 'guide'): Promise<Booking> {
    const { side, guideUserId } = await this.ownBooking(user, id);
    this.checkUserType(side, userType);
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      if ((side === 'traveler' ? booking.travelerConfirmedStart : booking.guideConfirmedStart) && ['start_confirmed', 'ongoing'].includes(booking.status)) return null;
      const decision = this.refuse(booking, 'start_confirm', side, now);
      if (todayInZone(booking.timeZone, now) < booking.date) throw new AppError('too_early', `The tour starts on ${booking.date}; confirm the start on that day`);
      return repo.transitionBooking(db, id, decision.from, decision.to, side === 'traveler' ? { travelerConfirmedStart: true } : { guideConfirmedStart: true });
    });
    if (row) {
      const status = row.status === 'ongoing' ? 'ongoing' : 'start_confirmed';
      this.events.emit('booking.start_confirmed', { bookingId: id, travelerId: row.travelerId, guideUserId, by: side, status });
    }
    return this.view(id, user.id);
  }

  /**
   * POST /api/bookings/{id}/request-extension: the traveler asks for more time; the server prices it
   * (round(total / duration) RMB per hour × hours, SPEC §9) and ignores a price the client sends.
   */
  async requestExtension(user: AuthUser, id: number, hours: number): Promise<RequestExtensionReply> {
    const { side, guideUserId } = await this.ownBooking(user, id);
    if (side !== 'traveler') throw new AppError('invalid_transition', 'Only the traveler asks for an extension');
    const now = this.now();
    const minutes = Math.round(hours * 60);
    const ext = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.refuse(booking, 'request_extension', 'traveler', now);
      const extensions = await repo.extensionsOf(db, id);
      const priceCents = extensionFeeCents(booking.totalPriceCents, baseDurationHours(booking, extensions), hours);
      await repo.lockGuideSchedule(db, booking.guideId);
      const clash = await repo.otherBusy(db, booking.guideId, id, booking.endsAt, new Date(booking.endsAt.getTime() + minutes * MINUTE_MS));
      if (clash.length) throw new AppError('slot_unavailable', 'Your guide has another booking right after this tour');
      const row = await repo.insertExtension(db, { bookingId: id, minutes, priceCents, requestedAt: now });
      await repo.transitionBooking(db, id, decision.from, decision.to, { extensionPriceCents: priceCents, travelerConfirmedExtension: false });
      return row;
    });
    this.events.emit('booking.extension_requested', { bookingId: id, travelerId: user.id, guideUserId, hours, priceCents: ext.priceCents });
    return { ...(await this.view(id, user.id)), extensionDetails: { hours, price: ext.priceCents / 100, priceCents: ext.priceCents } };
  }

  /** Inside pay(): a payment row for the open, unpaid extension, at the server's price. */
  private async claimExtensionPayment(
    db: Database,
    booking: BookingRow,
    user: AuthUser,
    body: CreatePaymentBody,
    k: { idempotencyKey: string; requestHash: string; last4: string | null },
  ): Promise<PaymentRow> {
    const ext = await repo.openExtension(db, booking.id);
    if (!ext || booking.status !== 'extend_requested') throw new AppError('invalid_transition', 'There is no extension to pay');
    if (ext.status !== 'requested') throw new AppError('already_paid', 'This extension is already paid');
    const attempts = await repo.extensionPayments(db, booking.id);
    // A wallet payment left pending does not block a new attempt; if both succeed, the second is refunded.
    if (attempts.some((p) => p.id === ext.paymentId && p.status === 'processing')) {
      throw new AppError('payment_in_progress', 'Another payment of this extension is being processed');
    }
    const payment = await repo.insertPayment(db, {
      bookingId: booking.id,
      payerId: user.id,
      kind: 'extension',
      method: body.method,
      provider: this.deps.provider.name,
      idempotencyKey: k.idempotencyKey,
      requestHash: k.requestHash,
      amountCents: ext.priceCents,
      currency: booking.currency,
      cardLast4: k.last4,
    });
    await repo.updateExtension(db, ext.id, { paymentId: payment.id });
    return payment;
  }

  /**
   * Inside paymentSucceeded(): the traveler's money is held by the platform (ledger), the extension is
   * paid and the booking records `extension_paid`. Money for an extension no longer open (rejected
   * meanwhile) goes straight back.
   */
  private async extensionPaymentSucceeded(
    db: Database,
    booking: BookingRow,
    payment: PaymentRow,
    parties: { travelerId: number; guideUserId: number; paymentId: number },
    now: Date,
    after: (() => Promise<void>)[],
  ) {
    await repo.insertPostings(db, booking.id, extensionPostings(payment.amountCents), parties);
    const ext = await repo.extensionByPayment(db, payment.id);
    const decision = nextStatus(factsOf(booking), 'extension_paid', 'system', { now });
    if (ext && ext.status === 'requested' && decision.ok) {
      await repo.updateExtension(db, ext.id, { status: 'paid', paidAt: now });
      await repo.transitionBooking(db, booking.id, decision.from, decision.to, { extensionPriceCents: null });
      const event = { bookingId: booking.id, travelerId: booking.travelerId, guideUserId: parties.guideUserId, hours: ext.minutes / 60, priceCents: ext.priceCents };
      after.push(async () => this.events.emit('booking.extension_paid', event));
      return;
    }
    await repo.insertPostings(db, booking.id, extensionRefundPostings(payment.amountCents), parties);
    const jobId = await this.enqueueRefund(db, payment, payment.amountCents, now);
    if (jobId) after.push(async () => void (await this.deps.jobs.runNow(jobId, now)));
  }

  /**
   * PATCH /api/bookings/{id}/extension-payment (SPEC §7): the client reports its payment; the server
   * checks its own record of it (the payment id in transactionData.transactionId, a succeeded
   * extension payment of this booking by the caller) and answers with the booking.
   */
  async markExtensionPaid(user: AuthUser, id: number, body: ExtensionPaymentBody): Promise<Booking> {
    const { side } = await this.ownBooking(user, id);
    if (side !== 'traveler') throw new AppError('invalid_transition', 'Only the traveler pays an extension');
    if (!body.paid) throw new AppError('extension_not_paid', 'The extension is not paid yet');
    const paymentId = Number(body.transactionData.transactionId);
    const payment = Number.isSafeInteger(paymentId) && paymentId > 0 ? await repo.paymentById(this.db, paymentId) : undefined;
    if (!payment || payment.bookingId !== id || payment.kind !== 'extension' || payment.payerId !== user.id) {
      throw new AppError('validation_failed', 'Unknown transaction', [{ path: 'transactionData.transactionId', message: 'not a payment of this extension' }]);
    }
    if (payment.status === 'processing' || payment.status === 'pending') throw new AppError('payment_in_progress', 'This payment is still being processed; try again shortly');
    if (payment.status === 'failed') throw new AppError('payment_failed', 'Payment failed. Please check your information and try again.');
    const ext = await repo.extensionByPayment(this.db, payment.id);
    if (!ext || ext.status === 'requested') throw new AppError('extension_not_paid', 'The extension is not paid yet');
    return this.view(id, user.id);
  }

  /** POST /api/v2/bookings/{id}/extension/approve: the guide agrees to the paid extension. */
  async approveExtension(user: AuthUser, id: number): Promise<Booking> {
    const { side } = await this.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = this.now();
    const ext = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.refuse(booking, 'approve_extension', 'guide', now);
      const open = await repo.openExtension(db, id);
      if (!open || open.status !== 'paid') throw new AppError('extension_not_paid', 'The traveler has not paid this extension yet');
      await repo.updateExtension(db, open.id, { status: 'approved', decidedAt: now });
      await repo.transitionBooking(db, id, decision.from, decision.to);
      return { ...open, travelerId: booking.travelerId };
    });
    this.events.emit('booking.extension_approved', { bookingId: id, travelerId: ext.travelerId, guideUserId: user.id, hours: ext.minutes / 60 });
    return this.view(id, user.id);
  }

  /** POST /api/v2/bookings/{id}/extension/reject: the guide declines; a paid fee is refunded in full. */
  async rejectExtension(user: AuthUser, id: number): Promise<Booking> {
    const { side } = await this.ownBooking(user, id);
    if (side !== 'guide') throw notFound('Booking');
    const now = this.now();
    let refundJob: number | undefined;
    const out = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.refuse(booking, 'reject_extension', 'guide', now);
      const open = await repo.openExtension(db, id);
      let refundCents = 0;
      if (open) {
        await repo.updateExtension(db, open.id, { status: 'rejected', decidedAt: now });
        const payment = open.paymentId ? await repo.paymentById(db, open.paymentId) : undefined;
        if (open.status === 'paid' && payment?.status === 'succeeded') {
          refundCents = payment.amountCents;
          await repo.insertPostings(db, id, extensionRefundPostings(payment.amountCents), { travelerId: booking.travelerId, guideUserId: user.id, paymentId: payment.id });
          refundJob = await this.enqueueRefund(db, payment, payment.amountCents, now);
        }
      }
      await repo.transitionBooking(db, id, decision.from, decision.to, { extensionPriceCents: null });
      return { travelerId: booking.travelerId, hours: (open?.minutes ?? 0) / 60, refundCents };
    });
    if (refundJob) await this.deps.jobs.runNow(refundJob, now);
    this.events.emit('booking.extension_rejected', { bookingId: id, travelerId: out.travelerId, guideUserId: user.id, hours: out.hours, refundCents: out.refundCents });
    return this.view(id, user.id);
  }

  /**
   * PATCH /api/bookings/{id}/confirm-extension: the traveler confirms the approved extension; the
   * booking goes back to `ongoing`, longer by the extension, with one more extension counted.
   */
  async confirmExtension(user: AuthUser, id: number, userType: 'traveler' | 'guide'): Promise<Booking> {
    const { side, guideUserId } = await this.ownBooking(user, id);
    this.checkUserType(side, userType);
    const now = this.now();
    let hours = 0;
    try {
      await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const booking = (await repo.lockBooking(db, id))!;
        const decision = this.refuse(booking, 'confirm_extension', side, now);
        const open = await repo.openExtension(db, id);
        if (!open || open.status !== 'approved') throw new AppError('invalid_transition', 'There is no approved extension to confirm');
        hours = open.minutes / 60;
        await repo.updateExtension(db, open.id, { status: 'confirmed', confirmedAt: now });
        await repo.transitionBooking(db, id, decision.from, decision.to, {
          durationMinutes: booking.durationMinutes + open.minutes,
          endsAt: new Date(booking.endsAt.getTime() + open.minutes * MINUTE_MS),
          extensionCount: booking.extensionCount + 1,
          travelerConfirmedExtension: true,
          extensionPriceCents: null,
        });
      });
    } catch (err) {
      if (pgErrorCode(err) === '23P01') throw new AppError('slot_unavailable', 'Your guide has another booking right after this tour');
      throw err;
    }
    this.events.emit('booking.extension_confirmed', { bookingId: id, travelerId: user.id, guideUserId, hours });
    return this.view(id, user.id);
  }

  /**
   * 'Complete Service' by either side: `completed`, and in the same transaction the platform releases
   * what it holds (deposit and paid extensions): the commission stays, the rest is the guide's earnings,
   * pending until five working days after completion (DESIGN §7, decision 061).
   */
  private async complete(id: number, side: 'traveler' | 'guide'): Promise<void> {
    const now = this.now();
    const out = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const booking = (await repo.lockBooking(db, id))!;
      const decision = this.refuse(booking, 'service_complete', side, now);
      const guideUserId = (await repo.guideUserIdOf(db, booking.guideId))!;
      const deposit = (await repo.depositPayments(db, id)).find((p) => p.status === 'succeeded');
      const extensions = (await repo.extensionsOf(db, id)).filter((e) => e.status === 'confirmed');
      const extensionsCents = extensions.reduce((sum, e) => sum + e.priceCents, 0);
      const commissionCents = booking.commissionCents + Math.round(extensionsCents * this.rates.commissionRate);
      const postings = completionPostings({ depositCents: deposit?.amountCents ?? 0, extensionsCents, commissionCents });
      await repo.transitionBooking(db, id, decision.from, decision.to, { completedAt: now });
      await repo.insertPostings(db, id, postings, {
        travelerId: booking.travelerId,
        guideUserId,
        guideAvailableAt: addWorkingDays(now, EARNINGS_HOLD_WORKING_DAYS, booking.timeZone),
      });
      const earnings = postings.find((p) => p.kind === 'guide_earnings')?.amountCents ?? 0;
      return { travelerId: booking.travelerId, guideUserId, earnings };
    });
    this.events.emit('booking.completed', { bookingId: id, travelerId: out.travelerId, guideUserId: out.guideUserId, by: side, guideEarningsCents: out.earnings });
  }
}
