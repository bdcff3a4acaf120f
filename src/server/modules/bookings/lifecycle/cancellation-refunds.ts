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
  /** Extensions of a day a guide missed, refunded (decision 158). */
  extensionRefundJobs?: number[];
}

/**
 * The paid deposit released by the split, and the refund through the provider as a job (decision 085).
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
  const { booking } = ctx;
  const parties = {
    travelerId: booking.travelerId,
    guideUserId: ctx.guideUserId,
    paymentId: paid.id,
    guideAvailableAt: given ? earningsAvailableAt(booking, ctx.now) : null,
  };
  const guideKind = given ? 'guide_earnings' : 'cancellation_fee';
  if (booking.depositChangeCents !== 0) return payBackChanged(ctx, split, guideKind, parties);
  // The split is the booking's currency's; the traveler's side goes back in what was charged, its share exactly
  // (decision 164).
  const postings = paidPostings(cancellationPostings(ownAmountOf(paid), split, guideKind), booking.currency, paid);
  await repo.insertPostings(ctx.db, booking.id, postings, parties);
  const back = shareOfPayment(split.refundCents, booking.currency, paid);
  const refundJob = back > 0 ? await core.enqueueRefund(ctx.db, paid, back, ctx.now) : undefined;
  return {
    refundJob,
    refund: {
      amountCents: back,
      currency: paid.currency,
      method: paid.method,
      ...refundArrival(paid.method === 'cash' ? 'bank_transfer' : paid.method),
    },
  };
}

/**
 * `payBack` for a trip changed since it was paid (decision 177): the deposit held is spread over the
 * deposit and the changes' payments, so the refund goes back from the latest money in first, each
 * part a refund of its own payment in its own currency.
 */
async function payBackChanged(
  ctx: Ctx,
  split: RefundSplit,
  guideKind: 'guide_earnings' | 'cancellation_fee',
  parties: { travelerId: number; guideUserId: number; paymentId: number; guideAvailableAt: Date | null },
): Promise<Ended> {
  const { booking, db, now } = ctx;
  const held = split.refundCents + split.guideCents + split.platformCents;
  const parts = refundParts(split.refundCents, await depositPaymentsLeft(db, booking.id), booking.currency);
  await repo.insertPostings(
    db,
    booking.id,
    refundedThroughExchange(cancellationPostings(held, split, guideKind), booking.currency, parts),
    { ...parties, paymentId: parts[0]?.payment.id ?? parties.paymentId },
  );
  const jobs: number[] = [];
  for (const part of parts) {
    const job = await enqueueJob(db, {
      kind: JOB.refund,
      payload: { paymentId: part.payment.id, amountCents: part.amountCents, key: `end-${booking.id}` },
      runAt: now,
      dedupeKey: `${JOB.refund}:${part.payment.id}:end`,
    });
    if (job) jobs.push(job);
  }
  const first = parts[0]?.payment;
  const back = parts.reduce((sum, p) => sum + p.amountCents, 0);
  const method = first?.method ?? null;
  return {
    refundJob: jobs[0],
    extensionRefundJobs: jobs.slice(1),
    refund: {
      amountCents: back,
      currency: first?.currency ?? booking.chargeCurrency,
      method,
      ...refundArrival(method === null || method === 'cash' ? 'bank_transfer' : method),
    },
  };
}

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
