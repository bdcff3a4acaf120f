import { chargeFor, chargeForDifference } from '../../../../shared/booking/charge';
import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import { pgErrorCode, type Database } from '../../../db/client';
import type { AuthUser } from '../../auth/index';
import { paymentInProgress, type Publish } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import { openAttempt, stepFor, type OpenAttemptStep } from './one-charge';

/** The request's own marks: its key, the hash of its body, a card's last four digits. */
export interface AttemptKeys {
  idempotencyKey: string;
  requestHash: string;
  last4: string | null;
}

/** What a charge's claim comes to: a new attempt to charge, or what to do with the one already open. */
export type ExtraClaim = { do: 'open'; payment: PaymentRow } | Exclude<OpenAttemptStep, { do: 'open' }>;

/**
 * A charge after the deposit that a later step of the trip owns: an extension's fee, a trip change's
 * difference (decision 177). Checkout claims its attempt and records its success through this, so the
 * payments code needs nothing from the rooms that own those steps, which build on checkout (decision 188).
 */
export interface ExtraCharge {
  /** Under the booking's row lock: the open step's attempt to charge, or what to do with one already open. */
  claimPayment(
    db: Database,
    booking: BookingRow,
    user: Pick<AuthUser, 'id'>,
    body: CreatePaymentBody,
    k: AttemptKeys,
  ): Promise<ExtraClaim>;
  /** In the transaction that settles the payment: its ledger entries and what the step becomes once paid. */
  paymentSucceeded(
    db: Database,
    booking: BookingRow,
    payment: PaymentRow,
    parties: { travelerId: number; guideUserId: number; paymentId: number },
    now: Date,
    after: (() => Promise<void>)[],
    publish: Publish,
  ): Promise<void>;
}

/** The charges after the deposit, by the payment's kind. */
export type ExtraCharges = Record<'extension' | 'change', ExtraCharge>;

/**
 * The claim of an open step's charge, once the step has checked it may be paid: the charge's open attempt is
 * reused, waited for or cancelled first (decision 100: an attempt other than the step's own, `ownPaymentId`, counts
 * as another charge's); otherwise a new attempt of `cents`, in the method's currency at the booking's rate
 * (decision 164), as the deposit was. The step then records the new attempt as its own.
 */
export async function claimExtra(
  db: Database,
  provider: string,
  booking: BookingRow,
  user: Pick<AuthUser, 'id'>,
  body: CreatePaymentBody,
  k: AttemptKeys,
  charge: { kind: keyof ExtraCharges; cents: number; attempts: PaymentRow[]; ownPaymentId: number | null },
): Promise<ExtraClaim> {
  const open = openAttempt(charge.attempts);
  const step = stepFor(open, { payerId: user.id, method: body.method }, open?.id === charge.ownPaymentId);
  if (step.do !== 'open') return step;
  const payment = await repo
    .insertPayment(db, {
      bookingId: booking.id,
      payerId: user.id,
      kind: charge.kind,
      method: body.method,
      provider,
      idempotencyKey: k.idempotencyKey,
      requestHash: k.requestHash,
      // A change's difference of deposit is the difference of the two deposits converted (decision 193).
      ...(charge.kind === 'change'
        ? chargeForDifference(booking, booking.depositCents, charge.cents, body.method)
        : chargeFor(booking, charge.cents, body.method)),
      cardLast4: k.last4,
    })
    .catch((err: unknown) => {
      // The database's one open attempt per charge (decision 100), should an attempt slip past the lock.
      if (pgErrorCode(err) === '23505')
        throw paymentInProgress(`Another payment of this ${charge.kind} is being processed`);
      throw err;
    });
  return { do: 'open', payment };
}
