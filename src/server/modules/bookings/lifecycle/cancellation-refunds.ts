// What a cancellation gives back, the deposit's refund jobs and the travel credit: BookingCancellation.end's money.
import type { Currency } from '../../../../shared/currency';
import {
  inCurrency,
  ownAmountOf,
  paidPostings,
  refundedThroughExchange,
  refundParts,
  shareOfPayment,
} from '../../../../shared/booking/charge';
import { TRAVEL_CREDIT_DAYS } from '../../../../shared/booking/credit';
import { cancellationPostings } from '../../../../shared/booking/ledger';
import type { RefundSplit } from '../../../../shared/booking/money-rules';
import { refundArrival } from '../../../../shared/booking/cancellation-terms';
import type { Database } from '../../../db/client';
import { enqueueJob } from '../../../jobs/index';
import { JOB, type BookingCore, type Publish } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import { depositPaymentsLeft } from '../changes/changes.repository';
import { openChangeOf } from '../changes/change-cancel';
import type { CancellationQuote } from '../../../../shared/schemas/booking-answers';
import * as credits from '../booking/credits.repository';
import { earningsAvailableAt } from '../trouble/missed-day';

export interface RefundInfo {
  /** In `currency`: what was charged, which may differ from the booking's (decision 164). */
  amountCents: number;
  currency: Currency;
  method: string | null;
  minBusinessDays: number;
  maxBusinessDays: number;
}

/** One cancellation's transaction: the booking locked, its guide's user, the clock it runs on. */
export interface Ctx {
  db: Database;
  publish: Publish;
  booking: BookingRow;
  guideUserId: number;
  now: Date;
}

/** A travel credit given with a refund, as the traveler's notice names it. */
export interface Credit {
  creditCents: number;
  creditCurrency: Currency;
  creditExpiresAt: string;
}

export interface Ended {
  refund: RefundInfo | null;
  refundJob?: number;
  /**
   * The refunds beside the first, run after the commit too: the deposit's other parts (decision 177), a missed day's
   * extensions (decision 158), an open change's payment (decision 194).
   */
  otherRefundJobs?: number[];
}

/** One refund of a payment: `ownCents` of the booking's currency, `amountCents` of what was paid. */
interface RefundPart {
  payment: PaymentRow;
  ownCents: number;
  amountCents: number;
}

/**
 * Where `refundCents` of the deposit held comes back from, payment by payment: the deposit's own payment, its exact
 * share of what was charged (decision 164); for a trip changed since it was paid (decision 177), the deposit held is
 * spread over the deposit's and the applied changes' payments, so from the latest money in first, each part in its
 * own currency. The quote and the ending both read this, so the dialog shows what is refunded.
 */
async function depositRefundParts(
  db: Database,
  booking: BookingRow,
  paid: PaymentRow,
  refundCents: number,
): Promise<RefundPart[]> {
  if (booking.depositChangeCents !== 0)
    return refundParts(refundCents, await depositPaymentsLeft(db, booking.id), booking.currency);
  const amountCents = shareOfPayment(refundCents, booking.currency, paid);
  return amountCents > 0 ? [{ payment: paid, ownCents: refundCents, amountCents }] : [];
}

/**
 * The paid deposit released by the split, and the refund through the provider as a job per part (decision 085).
 * `given`: days of the tour were given (a later day's no-show, decision 158): the guide's part is
 * earnings, held as a completion's are.
 */
export async function payBack(
  core: BookingCore,
  ctx: Ctx,
  paid: PaymentRow,
  split: RefundSplit,
  given = false,
): Promise<Ended> {
  const { booking, db, now } = ctx;
  const guideKind = given ? 'guide_earnings' : 'cancellation_fee';
  const held = split.refundCents + split.guideCents + split.platformCents;
  const parts = await depositRefundParts(db, booking, paid, split.refundCents);
  // The split is the booking's currency's; the traveler's side goes back in what was charged (decision 164).
  const postings =
    booking.depositChangeCents !== 0
      ? refundedThroughExchange(cancellationPostings(held, split, guideKind), booking.currency, parts)
      : paidPostings(cancellationPostings(ownAmountOf(paid), split, guideKind), booking.currency, paid);
  await repo.insertPostings(db, booking.id, postings, {
    travelerId: booking.travelerId,
    guideUserId: ctx.guideUserId,
    paymentId: parts[0]?.payment.id ?? paid.id,
    guideAvailableAt: given ? earningsAvailableAt(booking, now) : null,
  });
  const jobs: number[] = [];
  for (const part of parts) {
    const job =
      booking.depositChangeCents === 0
        ? await core.enqueueRefund(db, part.payment, part.amountCents, now)
        : await enqueueJob(db, {
            kind: JOB.refund,
            payload: { paymentId: part.payment.id, amountCents: part.amountCents, key: `end-${booking.id}` },
            runAt: now,
            dedupeKey: `${JOB.refund}:${part.payment.id}:end`,
          });
    if (job) jobs.push(job);
  }
  const first = parts[0]?.payment ?? paid;
  const back = parts.filter((p) => p.payment.currency === first.currency).reduce((s, p) => s + p.amountCents, 0);
  return { refundJob: jobs[0], otherRefundJobs: jobs.slice(1), refund: refundInfoOf(first, back) };
}

/**
 * The cancellation quote's refunds, each as the ending makes it (decision 194): the deposit's parts
 * (`depositRefundParts`) and an open change's payment, whole (`openChangeOf`), so the dialog shows what is refunded.
 */
export async function quoteRefunds(
  db: Database,
  booking: BookingRow,
  paid: PaymentRow | undefined,
  refundCents: number,
): Promise<CancellationQuote['refunds']> {
  const parts = paid ? await depositRefundParts(db, booking, paid, refundCents) : [];
  const open = (await openChangeOf(db, booking.id))?.paid;
  const row = (p: PaymentRow, amountCents: number, isOpen: boolean) => ({
    paymentId: p.id,
    kind: p.kind === 'change' ? ('change' as const) : ('deposit' as const),
    amountCents,
    currency: p.currency,
    method: p.method,
    open: isOpen,
  });
  return [
    ...parts.map((p) => row(p.payment, p.amountCents, false)),
    ...(open ? [row(open, open.amountCents, true)] : []),
  ];
}

/** What a traveler is told of a refund of `amountCents` of what `payment` charged, and when it arrives. */
export const refundInfoOf = (payment: PaymentRow, amountCents: number): RefundInfo => ({
  amountCents,
  currency: payment.currency,
  method: payment.method,
  ...refundArrival(payment.method === 'cash' ? 'bank_transfer' : payment.method),
});

/** The credit for the next booking; the traveler's notice of the refund names it. */
export async function issueTravelCredit(
  core: BookingCore,
  ctx: Ctx,
  reason: 'guide_no_show' | 'guide_cancelled',
): Promise<Credit | undefined> {
  // The credit is set in yuan; it is given in the booking's currency at the booking's rate, and
  // spent only on a booking in that currency (decision 164).
  const { booking } = ctx;
  const amountCents = inCurrency(
    { ...booking, currency: 'CNY' },
    core.deps.config.payments.travelCreditCents,
    booking.currency,
  );
  if (amountCents <= 0) return undefined;
  const expiresAt = new Date(ctx.now.getTime() + TRAVEL_CREDIT_DAYS * 86_400_000);
  await credits.issueCredit(ctx.db, {
    travelerId: booking.travelerId,
    amountCents,
    currency: booking.currency,
    reason,
    sourceBookingId: booking.id,
    expiresAt,
    createdAt: ctx.now,
  });
  return { creditCents: amountCents, creditCurrency: booking.currency, creditExpiresAt: expiresAt.toISOString() };
}
