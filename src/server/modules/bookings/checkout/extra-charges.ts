import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import type { Database } from '../../../db/client';
import type { AuthUser } from '../../auth/index';
import type { Publish } from '../booking/booking-core';
import type { BookingRow, PaymentRow } from '../booking/bookings.repository';
import type { OpenAttemptStep } from './one-charge';

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
    k: { idempotencyKey: string; requestHash: string; last4: string | null },
  ): Promise<{ do: 'open'; payment: PaymentRow } | Exclude<OpenAttemptStep, { do: 'open' }>>;
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
