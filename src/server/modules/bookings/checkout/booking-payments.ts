import { createHash } from 'node:crypto';
import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { cancellationPostings, depositPostings } from '../../../../shared/booking/ledger';
import { nextStatus } from '../../../../shared/booking/state-machine';
import type { CreatePaymentBody, PaymentReply } from '../../../../shared/schemas/payments';
import { inTransaction, type Database } from '../../../db/client';
import type { ClaimedJob } from '../../../jobs/index';
import { AppError } from '../../../lib/app-error';
import type { TokenCaller } from '../../auth/index';
import { assertPaymentDetails, paymentCurrency, type WebhookEvent } from '../../payments/index';
import { paymentInProgress, type BookingCore, type Publish } from '../booking/booking-core';
import { factsOf, respondBy, toBooking, toPayment } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import type { AttemptKeys, ExtraCharges } from './extra-charges';
import { cancelOpenAttempt } from './one-charge';
import { claimAttempt, type Claim } from './payment-claim';
import { chargePayment, jobAfterDeposit, paidEvents, providerKey } from './payment-charge';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request's marks besides its key: a card's last four digits (all of a card that is stored) and the
 * hash of what a retry with the key must repeat.
 */
function requestMarks(bookingId: number, body: CreatePaymentBody): Omit<AttemptKeys, 'idempotencyKey'> {
  const { kind, method, cardHolder, alipayAccount, wechatId } = body;
  const digits = body.cardNumber?.replace(/[\s-]/g, '');
  const last4 = method === 'card' && digits ? digits.slice(-4) : null;
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify([bookingId, kind, method, last4, cardHolder ?? null, alipayAccount ?? null, wechatId ?? null]),
    )
    .digest('hex');
  return { requestHash, last4 };
}

/** A retry's attempt, waited for while the first request is still with the provider (15 s at most, then 409). */
async function processed(core: BookingCore, attempt: PaymentRow): Promise<PaymentRow> {
  let payment = attempt;
  for (let i = 0; payment.status === 'processing' && i < 300; i++) {
    await sleep(50);
    payment = (await repo.paymentById(core.db, payment.id))!;
  }
  if (payment.status === 'processing')
    throw paymentInProgress('This payment is still being processed; try again shortly');
  return payment;
}

/**
 * Deposits and extension payments (decisions 040–042): claimed under the booking's row lock, charged
 * through the provider, settled once however often the provider (inline or by webhook) reports it.
 */
export class BookingPayments {
  constructor(
    private readonly core: BookingCore,
    private readonly extras: ExtraCharges,
  ) {}

  /**
   * Pays the deposit or the open extension. The first request with a key creates the payment row
   * (under the booking's row lock), asks the provider, and stores the result; a retry with the key
   * returns that stored result, waiting while the first is still with the provider. Another key finds
   * the charge's open attempt, if any, and reuses or cancels it (decision 100). Only the card's last
   * four digits are stored.
   */
  async pay(
    user: TokenCaller,
    bookingId: number,
    body: CreatePaymentBody,
    idempotencyKey: string,
  ): Promise<PaymentReply> {
    const { core } = this;
    assertPaymentDetails(core.deps.provider.name, body);
    const claim = await this.claim(user, bookingId, body, { idempotencyKey, ...requestMarks(bookingId, body) });

    let payment = claim.payment;
    let settledBooking: BookingRow | undefined;
    const deposits = claim.kind === 'fresh' ? claim.deposits : undefined;
    if (claim.kind === 'fresh') {
      const charged = await chargePayment(
        core,
        payment,
        body,
        (id, known) => this.succeeded(id, known),
        claim.deposits ? claim.locked : undefined,
      );
      payment = charged.payment;
      settledBooking = charged.booking;
    } else {
      payment = await processed(core, payment);
    }
    if (payment.status === 'failed') {
      throw new AppError(
        'payment_failed',
        payment.failureMessage ?? 'Payment failed. Please check your information and try again.',
        [{ path: 'payment', message: payment.failureCode ?? 'failed' }],
      );
    }
    // A deposit just charged: the booking's payments are known (its deposits, this one as it is now),
    // and a pending booking has no extensions or proposals; the reply is one read, not four — and
    // none when its success returned the booking (the parties came with the claim's lock).
    const known = deposits
      ? {
          payments: deposits.map((p) => (p.id === payment.id ? payment : p)),
          extensions: [],
          reschedule: null,
          replacement: null,
          creditIssued: null,
        }
      : undefined;
    if (known && settledBooking) {
      const { traveler, guide, subcategory } = claim.locked;
      return {
        payment: toPayment(payment),
        booking: toBooking(
          { booking: settledBooking, traveler, guide, subcategory, ...known },
          user.id,
          core.now(),
          core.rates.commissionRate,
        ),
      };
    }
    return { payment: toPayment(payment), booking: await core.view(bookingId, user.id, known) };
  }

  /**
   * The request's attempt, claimed (`claimAttempt`). A claim that finds another attempt of the charge
   * open (decision 100) cancels it at the provider and claims again; twice at most, then the charge is
   * busy (another request keeps opening attempts).
   */
  private async claim(
    user: TokenCaller,
    bookingId: number,
    body: CreatePaymentBody,
    keys: AttemptKeys,
  ): Promise<Exclude<Claim, { kind: 'cancel' }>> {
    const { core } = this;
    let claim = await claimAttempt(core, this.extras, user, bookingId, body, keys);
    for (let i = 0; claim.kind === 'cancel'; i++) {
      if (i === 2) throw paymentInProgress('Another payment of this booking is being started; try again shortly');
      await cancelOpenAttempt(core, claim.payment, (id, known) => this.succeeded(id, known));
      claim = await claimAttempt(core, this.extras, user, bookingId, body, keys);
    }
    return claim;
  }

  /**
   * A provider says the payment succeeded (inline for cards, or a webhook). Idempotent: a succeeded
   * payment stays as it is. The booking goes pending → confirmed with the deposit's ledger entries and
   * the request's expiry job, all in one transaction; money for a booking that already lapsed is
   * recorded and refunded at once.
   */
  async succeeded(
    paymentId: number,
    known?: { bookingId: number; providerRef?: string },
  ): Promise<PaymentRow | undefined> {
    const { core } = this;
    const now = core.now();
    const after: (() => Promise<void>)[] = [];
    const settled = await core.transaction(async (db, publish) => {
      const bookingId = known?.bookingId ?? (await repo.paymentById(db, paymentId))?.bookingId;
      if (bookingId === undefined) return undefined;
      const locked = await repo.lockBookingWithGuide(db, bookingId);
      if (!locked) return undefined;
      const { booking, guideUserId } = locked;
      // Under the booking's lock, only an open attempt succeeds (idempotent: a settled one stays as it is).
      const payment = await repo.updatePayment(
        db,
        paymentId,
        {
          status: 'succeeded',
          failureCode: null,
          failureMessage: null,
          ...(known?.providerRef && { providerRef: known.providerRef }),
        },
        ['processing', 'pending', 'failed'],
      );
      if (!payment) return undefined;
      if (payment.bookingId !== booking.id)
        throw new AppError('internal', `payment ${paymentId} is not booking ${booking.id}'s`);
      const parties = { travelerId: booking.travelerId, guideUserId, paymentId };
      if (payment.kind === 'extension' || payment.kind === 'change') {
        await this.extras[payment.kind].paymentSucceeded(db, booking, payment, parties, now, after, publish);
        await core.deps.receipts.receipts(db, booking.id, now);
        return payment;
      }
      await this.depositSucceeded(db, booking, payment, parties, now, after, publish);
      // The money was received either way: its receipt now, a refund's credit note when the refund is recorded.
      await core.deps.receipts.receipts(db, booking.id, now);
      return payment;
    });
    for (const fn of after) await fn();
    return settled;
  }

  /**
   * `succeeded` for a deposit, in its transaction under the booking's lock, as extensions and changes
   * have their `paymentSucceeded`: the ledger's entries, then the booking paid with its job and events,
   * or, when it lapsed (or is paid already), the money's refund.
   */
  private async depositSucceeded(
    db: Database,
    booking: BookingRow,
    payment: PaymentRow,
    parties: { travelerId: number; guideUserId: number; paymentId: number },
    now: Date,
    after: (() => Promise<void>)[],
    publish: Publish,
  ): Promise<void> {
    const { core } = this;
    // The booking's deposit, the traveler's side in what was charged (decision 164).
    await repo.insertPostings(
      db,
      booking.id,
      paidPostings(depositPostings(ownAmountOf(payment)), booking.currency, payment),
      parties,
    );
    const decision = nextStatus(factsOf(booking), 'deposit_paid', 'system', { now });
    if (decision.ok && payment.kind === 'deposit') {
      // From an offer the guide already said yes (decision 078), and an instant booking is their yes
      // given beforehand (decision 153): upcoming, with the start-day job `accept` would schedule;
      // otherwise confirmed, with the guide's 48-h answer expiry.
      const accepted = decision.to === 'upcoming';
      const paid = await repo.transitionBooking(
        db,
        booking.id,
        decision.from,
        decision.to,
        accepted ? { paidAt: now, acceptedAt: now } : { paidAt: now },
      );
      publish.job(jobAfterDeposit(paid!, accepted, respondBy(paid!)!));
      for (const e of paidEvents(booking, parties.guideUserId, payment, accepted, respondBy(paid!)!))
        await publish(e.name, e.payload);
    } else {
      // The booking lapsed (or is paid already): give the money straight back.
      const own = ownAmountOf(payment);
      const split = { refundCents: own, guideCents: 0, platformCents: 0 };
      await repo.insertPostings(
        db,
        booking.id,
        paidPostings(cancellationPostings(own, split), booking.currency, payment),
        parties,
      );
      const jobId = await core.enqueueRefund(db, payment, payment.amountCents, now);
      if (jobId) after.push(async () => void (await core.deps.jobs.runNow(jobId, now)));
    }
  }

  async failed(paymentId: number, failureCode?: string, message = 'The payment failed.'): Promise<void> {
    await repo.updatePayment(
      this.core.db,
      paymentId,
      { status: 'failed', failureCode: failureCode ?? 'payment_failed', failureMessage: message },
      ['processing', 'pending'],
    );
  }

  /**
   * Reconciliation (decision 083): a payment left `processing` by a crash (the provider's answer was
   * lost) or `pending` longer than a webhook takes is settled by asking the provider what became of
   * its key: charged → the payment succeeds and the booking moves on, as if the answer had come;
   * refused → failed; never received → failed, so the traveler can pay again; still waiting for
   * the payer → asked again later. Runs at every job-runner tick; a payment counts as stale after
   * PAYMENT_RECONCILE_AFTER_MS (90 s) without a change, longer than a provider call with its retries.
   */
  async reconcile(now: Date): Promise<void> {
    const { db, deps } = this.core;
    const stale = await repo.stalePayments(
      db,
      deps.provider.name,
      new Date(now.getTime() - deps.config.payments.reconcileAfterMs),
      20,
    );
    for (const payment of stale) {
      const found = await deps.provider.findCharge(providerKey(payment.id), payment.id);
      if (!found) {
        await this.failed(
          payment.id,
          'provider_unreached',
          'The payment did not reach the provider. Please try again.',
        );
      } else if (found.status === 'succeeded') {
        if (!payment.providerRef)
          await repo.updatePayment(db, payment.id, { providerRef: found.providerRef }, ['processing', 'pending']);
        await this.succeeded(payment.id);
      } else if (found.status === 'failed') {
        await this.failed(payment.id, found.failureCode, found.message);
      } else {
        // Still waiting for the payer's approval: recorded as pending with the provider's link (a crash may
        // have lost it; paying again returns this attempt, decision 100), asked again after another interval.
        const nextAction =
          found.approvalUrl || found.clientSecret
            ? { approvalUrl: found.approvalUrl, clientSecret: found.clientSecret }
            : undefined;
        await repo.updatePayment(
          db,
          payment.id,
          { status: 'pending', providerRef: found.providerRef, ...(nextAction && { nextAction }) },
          ['processing', 'pending'],
        );
      }
    }
  }

  /** A verified webhook event: acted on once however often and in whatever order it arrives. */
  async webhook(event: WebhookEvent): Promise<void> {
    if (event.type === 'ignored') return;
    const { db, deps } = this.core;
    const payment =
      (await repo.paymentByRef(db, deps.provider.name, event.providerRef)) ??
      (event.paymentId ? await repo.paymentById(db, event.paymentId) : undefined);
    if (!payment || payment.provider !== deps.provider.name) return;
    // Stripe reports a card's last four digits on the charge (decision 042); nothing more of a card is kept.
    if (event.cardLast4 && payment.method === 'card' && !payment.cardLast4)
      await repo.updatePayment(db, payment.id, { cardLast4: event.cardLast4 });
    if (event.type === 'payment.succeeded') await this.succeeded(payment.id);
    else await this.failed(payment.id, event.failureCode);
  }

  /** Job: refunds through the provider (retried by the runner), then records it on the payment. */
  async runRefund(job: ClaimedJob): Promise<void> {
    const { db, deps } = this.core;
    // `key`: a payment refunded in parts (a trip change's released share, then a cancellation, decision
    // 177) names each part, so each is its own refund at the provider and is recorded once.
    const { paymentId, amountCents, key } = job.payload as { paymentId: number; amountCents: number; key?: string };
    const payment = await repo.paymentById(db, paymentId);
    if (!payment || !payment.providerRef || (payment.refundRef && !key && payment.refundedCents >= payment.amountCents))
      return;
    const idempotencyKey = key ? `tabi-refund-${paymentId}-${key}` : `tabi-refund-${paymentId}`;
    const { refundRef } = await deps.provider.refund({
      providerRef: payment.providerRef,
      amountCents,
      currency: paymentCurrency(payment.currency),
      idempotencyKey,
    });
    // The refund and its credit note together, under the booking's lock like every issue (decision 125).
    await inTransaction(db, async (tx) => {
      await repo.lockBooking(tx, payment.bookingId);
      const now = (await repo.paymentById(tx, paymentId))!;
      // Recorded already: the provider answered this key's refund again (a job run twice).
      if (now.refundRef === refundRef) return;
      const refunded = Math.min(now.amountCents, now.refundedCents + amountCents);
      await repo.updatePayment(tx, paymentId, {
        refundRef,
        refundedCents: refunded,
        status: refunded >= now.amountCents ? 'refunded' : 'partially_refunded',
      });
      await deps.receipts.creditNotes(tx, payment.bookingId, this.core.now());
    });
  }
}
