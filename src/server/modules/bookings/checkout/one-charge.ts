import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import type { ChargeResult } from '../../payments/index';
import { paymentInProgress, type BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { PaymentRow } from '../booking/bookings.repository';

/**
 * One open attempt per charge (decision 100): a booking's deposit, or its open extension, has at most
 * one payment attempt `processing` or `pending` at a time, whatever the method or the Idempotency-Key
 * (the database's `payments_one_open_per_charge` holds it too). A new attempt of the charge:
 * - none open: opens one;
 * - one `processing` (with the provider right now): 409 `payment_in_progress`, as for cards before;
 * - one `pending` for this charge, same payer and method, with its approval link or client secret: is
 *   that attempt (the provider made one charge for it and will make no other);
 * - one `pending` otherwise (another method, or an extension request closed since): cancels it at the
 *   provider, then opens the new one. A cancel that finds the charge made settles it instead, and the
 *   new attempt is then 409 `already_paid`.
 */
export type OpenAttemptStep =
  { do: 'open' } | { do: 'reuse'; payment: PaymentRow } | { do: 'cancel'; payment: PaymentRow };

type PaymentStatus = PaymentRow['status'];
/** An attempt with the provider or waiting for the payer (decision 100: at most one per charge). */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['processing', 'pending'];
/** A charge made (refunded or not): the charge is paid and takes no new attempt. */
export const PAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'refunded', 'partially_refunded'];

const isOpen = (p: PaymentRow) => OPEN_PAYMENT_STATUSES.includes(p.status);
/** A charge's attempts include one that made the charge. */
export const isPaid = (attempts: PaymentRow[]) => attempts.some((p) => PAID_PAYMENT_STATUSES.includes(p.status));

/** The open attempt among a charge's attempts (one at most, by the index; the newest if ever more). */
export function openAttempt(attempts: PaymentRow[]): PaymentRow | undefined {
  return attempts.filter(isOpen).sort((a, b) => b.id - a.id)[0];
}

/**
 * What a new attempt does about the charge's open attempt. `current`: the open attempt is of the
 * charge being paid now (always for a deposit; for an extension, the open request's latest attempt).
 * Throws 409 `payment_in_progress` while the open attempt is with the provider.
 */
export function stepFor(
  open: PaymentRow | undefined,
  request: { payerId: number; method: CreatePaymentBody['method'] },
  current = true,
): OpenAttemptStep {
  if (!open) return { do: 'open' };
  if (open.status === 'processing') throw paymentInProgress('Another payment of this booking is being processed');
  // Reused only with a way forward for the payer (its approval link or client secret); one without is cancelled.
  const actionable = !!(open.nextAction?.approvalUrl || open.nextAction?.clientSecret);
  if (current && actionable && open.payerId === request.payerId && open.method === request.method)
    return { do: 'reuse', payment: open };
  return { do: 'cancel', payment: open };
}

/**
 * Cancels an open `pending` attempt at the provider and records what became of it: failed (cancelled,
 * so its link can no longer charge), or succeeded through `settle` (the payer approved it first: the
 * charge is kept, once). A provider that cannot stop it or does not answer: 409 `payment_in_progress`,
 * and the attempt stays open for reconciliation and the next try.
 */
export async function cancelOpenAttempt(
  core: BookingCore,
  open: PaymentRow,
  settle: (paymentId: number, known: { bookingId: number; providerRef?: string }) => Promise<unknown>,
): Promise<void> {
  if (open.status !== 'pending' || !open.providerRef)
    throw paymentInProgress('Another payment of this booking is being processed');
  let now: ChargeResult;
  try {
    now = await core.deps.provider.cancel(open.providerRef);
  } catch {
    throw paymentInProgress(
      'The earlier payment of this booking could not be cancelled with the provider yet; try again shortly',
    );
  }
  if (now.status === 'failed') {
    await repo.updatePayment(
      core.db,
      open.id,
      { status: 'failed', failureCode: now.failureCode, failureMessage: now.message, nextAction: null },
      ['pending'],
    );
  } else if (now.status === 'succeeded') {
    await settle(open.id, { bookingId: open.bookingId, providerRef: now.providerRef });
  } else {
    throw paymentInProgress(
      'The earlier payment of this booking is being completed by the provider; try again shortly',
    );
  }
}
