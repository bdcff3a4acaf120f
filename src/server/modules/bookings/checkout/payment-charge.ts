// The provider asked to charge a claimed attempt, and a deposit it charged settled in one statement (decision 090).
import type { Currency } from '../../../../shared/currency';
import { ownAmountOf, paidPostings } from '../../../../shared/booking/charge';
import { depositPostings } from '../../../../shared/booking/ledger';
import { paymentReturnPath } from '../../../../shared/booking/links';
import { startOfTourDay } from '../../../../shared/booking/schedule';
import { nextStatus } from '../../../../shared/booking/state-machine';
import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import type { NewJob } from '../../../jobs/index';
import { AppError } from '../../../lib/app-error';
import { paymentCurrency } from '../../payments/index';
import { JOB, type BookingCore } from '../booking/booking-core';
import { factsOf, respondBy } from '../booking/booking-view';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import { settleDeposit } from './checkout.repository';
import type { LockedView } from './payment-claim';

/**
 * The job a paid deposit leaves: accepted at once (instant, an offer, on account), the start-day job; otherwise the
 * expiry of the guide's answer at `answerBy`. Every way a deposit is paid asks it, so all of them schedule alike.
 */
export function jobAfterDeposit(
  booking: Pick<BookingRow, 'id' | 'date' | 'timeZone'>,
  accepted: boolean,
  answerBy: Date,
): NewJob {
  const kind = accepted ? JOB.startDay : JOB.requestExpiry;
  return {
    kind,
    payload: { bookingId: booking.id },
    runAt: accepted ? startOfTourDay(booking.date, booking.timeZone) : answerBy,
    dedupeKey: `${kind}:${booking.id}`,
  };
}

/**
 * The events of a deposit's success: `booking.paid`, and for an instant booking (decision 153) also
 * `booking.accepted`, as when the guide accepts — the paid notice tells both sides, once.
 */
export function paidEvents(
  booking: BookingRow,
  guideUserId: number,
  paid: { amountCents: number; currency: Currency },
  accepted: boolean,
  answerBy: Date,
) {
  const parties = { bookingId: booking.id, travelerId: booking.travelerId, guideUserId };
  const fromOffer = booking.offerId !== null;
  const instantBook = accepted && !fromOffer;
  return [
    {
      name: 'booking.paid' as const,
      payload: {
        ...parties,
        amountCents: paid.amountCents,
        currency: paid.currency,
        fromOffer,
        ...(instantBook && { instantBook }),
        ...(!accepted && { answerBy: answerBy.toISOString() }),
      },
    },
    ...(instantBook ? [{ name: 'booking.accepted' as const, payload: { ...parties, instantBook } }] : []),
  ];
}

/** Our key for a payment at the provider: a retried or reconciled call finds the same charge there. */
export const providerKey = (paymentId: number) => `tabi-payment-${paymentId}`;

/** `BookingPayments.succeeded`, the general path a charged payment is settled by when the one statement cannot. */
type Settle = (
  paymentId: number,
  known: { bookingId: number; providerRef?: string },
) => Promise<PaymentRow | undefined>;

/**
 * A deposit the provider just charged, settled in one statement (decision 090) when the booking is
 * still as its claim locked it: the payment, the transition, the ledger and the jobs together.
 * Undefined when anything changed meanwhile; the caller then takes `succeeded`, the general path.
 */
async function settleNewDeposit(
  core: BookingCore,
  payment: PaymentRow,
  booking: BookingRow,
  guideUserId: number,
  providerRef: string | undefined,
) {
  const now = core.now();
  const decision = nextStatus(factsOf(booking), 'deposit_paid', 'system', { now });
  if (!decision.ok || payment.kind !== 'deposit') return undefined;
  // As `succeeded` does: from an offer or instant, upcoming with the start-day job; otherwise the 48-h answer expiry.
  const accepted = decision.to === 'upcoming';
  const answerBy = respondBy({ ...booking, paidAt: now })!;
  const jobs: NewJob[] = [
    jobAfterDeposit(booking, accepted, answerBy),
    ...paidEvents(booking, guideUserId, payment, accepted, answerBy).map((e): NewJob => ({
      kind: JOB.event,
      payload: e,
      runAt: now,
    })),
  ];
  const settled = await settleDeposit(core.db, {
    paymentId: payment.id,
    bookingId: booking.id,
    providerRef: providerRef ?? null,
    from: decision.from,
    to: decision.to,
    paidAt: now,
    acceptedAt: accepted ? now : null,
    postings: paidPostings(depositPostings(ownAmountOf(payment)), booking.currency, payment),
    parties: { travelerId: booking.travelerId, guideUserId },
    jobs,
    receipt: { ctes: core.deps.receipts.ctes, values: core.deps.receipts.cteValues(now, now) },
  });
  if (settled)
    core.deps.jobs.soon(
      settled.jobs.filter((j) => j.kind === JOB.event).map((j) => j.id),
      now,
    );
  return settled;
}

/** Asks the provider; `claimed`: the deposit's booking as its claim locked it (a success settles in one statement). */
export async function chargePayment(
  core: BookingCore,
  payment: PaymentRow,
  body: CreatePaymentBody,
  succeeded: Settle,
  claimed?: LockedView,
): Promise<{ payment: PaymentRow; booking?: BookingRow }> {
  let result;
  try {
    result = await core.deps.provider.charge({
      paymentId: payment.id,
      bookingId: payment.bookingId,
      amountCents: payment.amountCents,
      currency: paymentCurrency(payment.currency),
      method: body.method,
      card:
        body.method === 'card'
          ? {
              number: body.cardNumber ?? '',
              expiryDate: body.expiryDate ?? '',
              cvv: body.cvv ?? '',
              holder: body.cardHolder ?? '',
            }
          : undefined,
      idempotencyKey: providerKey(payment.id),
      returnUrl: `${core.deps.config.appUrl}${paymentReturnPath(payment.bookingId, payment.kind === 'extension' || payment.kind === 'change' ? payment.id : undefined)}`,
    });
  } catch {
    // No answer is not a "no": the provider may have charged. The payment stays processing, and
    // reconciliation asks the provider by our key within two minutes; paying again meanwhile is a 409.
    throw new AppError(
      'payment_in_progress',
      'The payment provider did not answer. This payment is being checked with it and settles within 2 minutes.',
      undefined,
      {
        retryAfter: Math.ceil((core.deps.config.payments.reconcileAfterMs + 10_000) / 1000),
      },
    );
  }
  if (result.status === 'failed') {
    const failed = await repo.updatePayment(
      core.db,
      payment.id,
      {
        status: 'failed',
        providerRef: result.providerRef ?? null,
        failureCode: result.failureCode,
        failureMessage: result.message,
      },
      ['processing'],
    );
    return { payment: failed! };
  }
  if (result.status === 'succeeded') {
    // Straight from processing to succeeded: a `pending` in between would let another attempt of the
    // booking (another key) past the claim's check and charge the card again.
    const fast =
      claimed && (await settleNewDeposit(core, payment, claimed.booking, claimed.guide.userId, result.providerRef));
    if (fast) return fast;
    const settled = await succeeded(payment.id, { bookingId: payment.bookingId, providerRef: result.providerRef });
    if (settled) return { payment: settled };
  } else {
    const nextAction = { approvalUrl: result.approvalUrl, clientSecret: result.clientSecret };
    await repo.updatePayment(core.db, payment.id, { status: 'pending', providerRef: result.providerRef, nextAction }, [
      'processing',
    ]);
  }
  return { payment: (await repo.paymentById(core.db, payment.id))! };
}
