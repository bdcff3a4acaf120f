import { chargeFor } from '../../../../shared/booking/charge';
import type { CreatePaymentBody } from '../../../../shared/schemas/payments';
import { inTransaction, type Database } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { assertLive, sessionEnded, type TokenCaller } from '../../auth/index';
import { paymentInProgress, type BookingCore } from '../booking/booking-core';
import * as repo from '../booking/bookings.repository';
import type { PaymentRow } from '../booking/bookings.repository';
import { claimDeposit, claimDepositAlone, lockBookingView, type LockedParts } from './deposit-claims.repository';
import type { AttemptKeys, ExtraCharges } from './extra-charges';
import { isPaid, openAttempt, stepFor, type OpenAttemptStep } from './one-charge';

/** The booking as a payment's claim locked it, by either way of claiming (`LockedParts`). */
export type LockedView = LockedParts;

/**
 * What a payment request claimed under the booking's row lock:
 * - `fresh`: a new attempt, `processing`, to be charged (`deposits`: the booking's deposits with it,
 *   for a deposit claimed in one statement);
 * - `replay`: this key's attempt, as it stands (a retry);
 * - `reuse`: the charge's open attempt of another key, same method (decision 100);
 * - `cancel`: the charge's open attempt, to be cancelled at the provider before claiming again.
 */
export type Claim =
  | { kind: 'fresh'; payment: PaymentRow; deposits?: PaymentRow[]; locked: LockedView }
  | { kind: 'replay' | 'reuse'; payment: PaymentRow; locked: LockedView }
  | { kind: 'cancel'; payment: PaymentRow };

/**
 * A deposit's or extension's payment claim, in one transaction under the booking's row lock (decisions
 * 083, 090, 100): the caller's attempt with this key is replayed; a paid charge is 409 `already_paid`;
 * an open attempt of the charge is reused, waited for or cancelled (`one-charge.ts`); otherwise a new
 * attempt is inserted `processing`.
 */
export async function claimAttempt(
  core: BookingCore,
  extras: ExtraCharges,
  user: TokenCaller,
  bookingId: number,
  body: CreatePaymentBody,
  k: AttemptKeys,
): Promise<Claim> {
  if (body.kind === 'deposit') {
    // The usual first payment of a pending booking: one statement, no transaction (decision 149).
    // Anything else it finds (a retry, another attempt, a paid or changed booking, an ended session)
    // is told apart below, under the lock.
    const fast = await claimDepositAlone(core.db, user, bookingId, {
      method: body.method,
      provider: core.deps.provider.name,
      idempotencyKey: k.idempotencyKey,
      requestHash: k.requestHash,
      cardLast4: k.last4,
    });
    if (fast)
      return {
        kind: 'fresh',
        payment: fast.inserted,
        deposits: [...fast.deposits, fast.inserted],
        locked: fast.locked,
      };
  }
  return inTransaction(core.db, async (db) => {
    // The booking locked, with the parties and service its reply shows and the session's check (one
    // statement, decision 149). An ended session is a 401 before anything else is answered.
    const locked = await lockBookingView(db, bookingId, user);
    if (!locked) await assertLive(db, user);
    if (locked && !locked.live) throw sessionEnded();
    if (!locked || locked.booking.travelerId !== user.id) throw notFound('Booking');
    const { booking } = locked;
    if (body.kind === 'deposit' && booking.status === 'pending')
      return claimPendingDeposit(core, db, locked, user, bookingId, body, k);
    // One read: the caller's payment with this key, and the booking's deposits.
    const read = await repo.paymentsForClaim(db, bookingId, user.id, k.idempotencyKey);
    const replay = replayOf(read, user, k, locked);
    if (replay) return replay;
    if (body.kind === 'extension' || body.kind === 'change') {
      // An extension's fee, or a trip change's difference (decision 177): each its own charge.
      const step = await extras[body.kind].claimPayment(db, booking, user, body, k);
      if (step.do === 'open') return { kind: 'fresh', payment: step.payment, locked };
      return reuseOrCancel(step, locked);
    }
    const deposits = read.filter((p) => p.bookingId === bookingId && p.kind === 'deposit');
    if (isPaid(deposits)) throw new AppError('already_paid', 'The deposit of this booking is already paid');
    if (booking.status !== 'pending')
      throw new AppError('invalid_transition', `A ${booking.status} booking cannot be paid`);
    throw new AppError('internal', "unreachable: a pending booking's deposit is claimed above");
  });
}

/**
 * The caller's attempt with this key among `read`, replayed; the key with another request is 409
 * `idempotency_key_reused`.
 */
function replayOf(read: PaymentRow[], user: TokenCaller, k: AttemptKeys, locked: LockedView): Claim | undefined {
  const existing = read.find((p) => p.payerId === user.id && p.idempotencyKey === k.idempotencyKey);
  if (!existing) return undefined;
  if (existing.requestHash !== k.requestHash)
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request');
  return { kind: 'replay', payment: existing, locked };
}

/** The charge's open attempt of another key (decision 100): this request's, or to be cancelled first. */
function reuseOrCancel(step: Exclude<OpenAttemptStep, { do: 'open' }>, locked: LockedView): Claim {
  return step.do === 'reuse'
    ? { kind: 'reuse', payment: step.payment, locked }
    : { kind: 'cancel', payment: step.payment };
}

/**
 * The usual deposit, of a pending booking locked in `claimAttempt`'s transaction: the read and the
 * conditional insert are one statement (decision 090).
 */
async function claimPendingDeposit(
  core: BookingCore,
  db: Database,
  locked: LockedView,
  user: TokenCaller,
  bookingId: number,
  body: CreatePaymentBody,
  k: AttemptKeys,
): Promise<Claim> {
  const { booking } = locked;
  const { read, inserted } = await claimDeposit(db, {
    bookingId,
    payerId: user.id,
    method: body.method,
    provider: core.deps.provider.name,
    idempotencyKey: k.idempotencyKey,
    requestHash: k.requestHash,
    // In the method's currency (decision 164): the deposit as seen, or converted at the booking's rate.
    ...chargeFor(booking, booking.depositCents, body.method, true),
    cardLast4: k.last4,
  });
  const replay = replayOf(read, user, k, locked);
  if (replay) return replay;
  const deposits = read.filter((p) => p.bookingId === bookingId && p.kind === 'deposit');
  if (isPaid(deposits)) throw new AppError('already_paid', 'The deposit of this booking is already paid');
  if (inserted) return { kind: 'fresh', payment: inserted, deposits: [...deposits, inserted], locked };
  const step = stepFor(openAttempt(deposits), { payerId: user.id, method: body.method });
  if (step.do === 'open') throw paymentInProgress('Another payment of this booking is being processed');
  return reuseOrCancel(step, locked);
}
