import type { SQL } from 'drizzle-orm';
import { bookingNumber } from '../../../../shared/booking/money-rules';
import type { FxRate } from '../../../../shared/currency';
import { nextStatus, type Actor, type BookingEvent, type BookingFacts } from '../../../../shared/booking/state-machine';
import type { Booking } from '../../../../shared/schemas/bookings';
import type { Config } from '../../../config';
import { inTransaction, type Database } from '../../../db/client';
import { enqueueJob, enqueueJobs, type JobRunner, type NewJob } from '../../../jobs/index';
import { AppError, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../auth/index';
import type { PaymentProvider } from '../../payments/index';
import { factsOf, guideNetOf, toBooking } from './booking-view';
import * as repo from './bookings.repository';
import { bookingViews, type KnownViewParts } from './booking-views.repository';
import { restoreCredit } from './credits.repository';
import type { BookingRow, PaymentRow } from './bookings.repository';
import { BookingEvents, type BookingEventMap, type BookingEventName } from './events';
import type { OfferSource } from './offer-terms';
import { releasable, type TravelerOverlap } from './schedule.repository';

export const JOB = {
  paymentExpiry: 'booking.payment_expiry',
  /** A checkout left unpaid: the traveler is told until when the time is held. */
  paymentHeld: 'booking.payment_held',
  requestExpiry: 'booking.request_expiry',
  startDay: 'booking.start_day',
  /** Decision 154, amended: the morning of each later day of a booking of several days, its reminder. */
  tourDay: 'booking.tour_day',
  extensionLapse: 'booking.extension_lapse',
  rescheduleExpiry: 'booking.reschedule_expiry',
  /**
   * Decision 137: the traveler's choice of a replacement lapses into the full refund; an asked guide's answer is due.
   */
  replacementLapse: 'booking.replacement_lapse',
  replacementAnswer: 'booking.replacement_answer',
  refund: 'payment.refund',
  /** A domain event written in the transaction of its change (the outbox, decision 085). */
  event: 'booking.event',
} as const;

/**
 * Stands for the id of the booking a statement inserts, in the jobs written with it
 * (`insertBookingWithJobs` in checkout.repository.ts puts the id in its place, in payloads and dedupe keys).
 */
export const NEW_BOOKING_ID = '__new_booking_id__';

/**
 * Writes a domain event in the current transaction; dispatched to the listeners after the commit.
 * The events (and any jobs given to `job`) are inserted together, in one statement, at the end of the
 * transaction's work.
 */
/**
 * An event of the booking the transaction's last statement inserts: its id is the placeholder that
 * statement replaces (`insertBookingWithJobs`), as in the jobs written with it.
 */
type OfNewBooking<P> = P extends { bookingId: number }
  ? Omit<P, 'bookingId'> & { bookingId: typeof NEW_BOOKING_ID }
  : never;

export type Publish = (<K extends BookingEventName>(
  name: K,
  payload: BookingEventMap[K] | OfNewBooking<BookingEventMap[K]>,
) => Promise<void>) & {
  /** A follow-up job written in the same statement as the events (an expiry, the start day). */
  job(job: NewJob): void;
  /**
   * Hands the jobs published so far to the caller, who writes them in the statement of its last change
   * (a new booking and its jobs: one statement, not two); `wrote` reports what that statement added.
   */
  take(): NewJob[];
  wrote(jobs: { id: number; kind: string }[]): void;
};

export const MINUTE_MS = 60_000;

/** The app's one clock: compose.ts gives every module that tells time this object. */
export interface Clock {
  now: () => Date;
}

/**
 * Issues receipts and credit notes in the caller's transaction, under the booking's lock (the
 * receipts module's issuer, given by compose.ts; decision 125).
 */
export interface ReceiptIssuing {
  /**
   * CTEs for a statement that settles payments: receipts for the payment ids `ids` selects; the same text on every
   * call.
   */
  ctes(ids: SQL): SQL;
  /** The values of `ctes`' placeholders: issued `now`, paid at `paidAt`. */
  cteValues(now: Date, paidAt: Date): Record<string, unknown>;
  receipts(db: Database, bookingId: number, now: Date): Promise<number>;
  creditNotes(db: Database, bookingId: number, now: Date): Promise<number>;
}

export interface BookingDeps {
  db: Database;
  provider: PaymentProvider;
  jobs: JobRunner;
  config: Config;
  clock: Clock;
  /** The terms of an offer being booked (the offers module's OfferBook). */
  offers: OfferSource;
  receipts: ReceiptIssuing;
  /** Today's rate between yen and yuan (the fx module's), which a new booking is priced and fixed at (decision 164). */
  fx: { current(): Promise<FxRate> };
}

/** A side of a booking: who the caller is to it. */
export type Side = 'traveler' | 'guide';

/**
 * What every part of the booking service shares (docs/rules/booking-lifecycle.md): the clock, the events, who may touch
 * a booking, how it reads back, and the one way a status changes (the shared state machine, checked
 * here, then `transitionBooking` in the caller's transaction).
 */
export class BookingCore {
  /** The app's clock; tests replace it (`app.bookings.now = …`) to move time for every module instead of sleeping. */
  get now(): () => Date {
    return this.deps.clock.now;
  }
  set now(now: () => Date) {
    this.deps.clock.now = now;
  }
  readonly events = new BookingEvents();

  constructor(readonly deps: BookingDeps) {}

  get db(): Database {
    return this.deps.db;
  }

  get rates() {
    return {
      depositRate: this.deps.config.payments.depositRate,
      commissionRate: this.deps.config.payments.commissionRate,
    };
  }

  /**
   * A transaction whose domain events are rows of the jobs table, committed with the change
   * (decision 085). After the commit the job runner dispatches them in the background (`jobs.soon`):
   * the caller's reply does not wait for notices or mail, and a crash before they run loses nothing
   * (the next tick takes them). `now`: the clock of the job that runs this (its runner's leases).
   */
  async transaction<T>(fn: (db: Database, publish: Publish) => Promise<T>, now: Date = this.now()): Promise<T> {
    let events: number[] = [];
    const result = await inTransaction(this.db, async (db) => {
      const pending: NewJob[] = [];
      const written: { id: number; kind: string }[] = [];
      const publish = Object.assign(
        async <K extends BookingEventName>(name: K, payload: BookingEventMap[K] | OfNewBooking<BookingEventMap[K]>) =>
          void pending.push({ kind: JOB.event, payload: { name, payload }, runAt: now }),
        {
          job: (job: NewJob) => void pending.push(job),
          take: () => pending.splice(0),
          wrote: (jobs: { id: number; kind: string }[]) => void written.push(...jobs),
        },
      );
      const out = await fn(db, publish);
      written.push(...(await enqueueJobs(db, pending)));
      events = written.filter((j) => j.kind === JOB.event).map((j) => j.id);
      return out;
    });
    this.deps.jobs.soon(events, now);
    return result;
  }

  /** The booking as `viewerId` sees it; `known` are its rows the caller holds already (not read again). */
  async view(id: number, viewerId: number, known?: KnownViewParts): Promise<Booking> {
    const [row] = await bookingViews(this.db, { ids: [id] }, known);
    if (!row) throw notFound('Booking');
    return toBooking(row, viewerId, this.now(), this.rates.commissionRate);
  }

  /**
   * What the guide `guideUserId` receives for each of these bookings of hers (decision 175), as her
   * booking's view says (`guideNetOf`); another guide's bookings are left out.
   */
  async guideNets(guideUserId: number, ids: number[]): Promise<Map<number, number | null>> {
    if (!ids.length) return new Map();
    const rows = await bookingViews(this.db, { ids });
    return new Map(
      rows
        .filter((r) => r.guide.userId === guideUserId)
        .map((r) => [r.booking.id, guideNetOf(r, this.rates.commissionRate)]),
    );
  }

  /** The booking if the caller is its traveler or its guide; 404 for anyone else. */
  async ownBooking(user: AuthUser, id: number): Promise<{ booking: BookingRow; guideUserId: number; side: Side }> {
    const booking = await repo.findBooking(this.db, id);
    if (!booking) throw notFound('Booking');
    const guideUserId = (await repo.guideUserIdOf(this.db, booking.guideId))!;
    if (booking.travelerId === user.id) return { booking, guideUserId, side: 'traveler' };
    if (guideUserId === user.id) return { booking, guideUserId, side: 'guide' };
    throw notFound('Booking');
  }

  /** The state machine's answer for `event`, or the 409 that says why not. */
  decide(booking: BookingRow, event: BookingEvent, actor: Actor, now: Date, extra: Partial<BookingFacts> = {}) {
    const decision = nextStatus(factsOf(booking, extra, now), event, actor, { now });
    if (decision.ok) return decision;
    if (decision.reason === 'extension_limit_reached')
      throw new AppError('extension_limit_reached', 'Extension Limit Reached');
    if (decision.reason === 'tour_not_over')
      throw new AppError('tour_not_over', 'A tour of several days is completed from the start of its last day');
    throw new AppError('invalid_transition', `A ${booking.status} booking cannot take "${event}" (${decision.reason})`);
  }

  /** The caller's side must be what the body says it is (`userType`). */
  checkUserType(side: Side, userType: Side) {
    if (side !== userType) throw new AppError('forbidden', `You are this booking's ${side}, not its ${userType}`);
  }

  /**
   * A traveler is in one place at a time: under the traveler's lock, an active booking of
   * theirs overlapping [from, to) refuses the new one with 409 `traveler_busy`, naming it. An unpaid
   * checkout with no money on its way is released instead (cancelled, reason `replaced`): the traveler
   * left it and chose again, and it would otherwise hold them for its whole payment window. Taken
   * after the guide's lock (checkout, a reschedule's acceptance), always in that order.
   */
  async claimTravelerTime(
    db: Database,
    travelerId: number,
    from: Date,
    to: Date,
    now: Date,
    exceptId?: number,
    locked = false,
  ): Promise<void> {
    if (!locked) await repo.lockTravelerSchedule(db, travelerId);
    await this.releaseOrRefuse(db, await repo.travelerOverlaps(db, travelerId, from, to), now, exceptId);
  }

  /**
   * `claimTravelerTime`'s answer to overlaps already read under the traveler's lock (a checkout reads
   * them with the guide's day, in one statement): 409 `traveler_busy`, or the unpaid checkouts it
   * released (their ids: they no longer hold the guide's hours either).
   */
  async releaseOrRefuse(db: Database, overlaps: TravelerOverlap[], now: Date, exceptId?: number): Promise<number[]> {
    const released: number[] = [];
    for (const other of overlaps) {
      if (other.id === exceptId) continue; // the booking being moved
      if (releasable(other)) {
        const decision = this.decide((await repo.lockBooking(db, other.id))!, 'payment_expired', 'system', now);
        await repo.transitionBooking(db, other.id, decision.from, decision.to, {
          cancelledAt: now,
          cancelledBy: 'system',
          cancelReason: 'replaced',
        });
        await restoreCredit(db, other.id);
        released.push(other.id);
        continue;
      }
      const number = bookingNumber(other.id, other.bookingNumber);
      throw new AppError('traveler_busy', `You already have booking ${number} at this time`, [
        { path: 'booking', message: number },
      ]);
    }
    return released;
  }

  /** A refund through the provider, as a job written in the caller's transaction (run right after the commit). */
  enqueueRefund(db: Database, payment: PaymentRow, amountCents: number, runAt: Date) {
    return enqueueJob(db, {
      kind: JOB.refund,
      payload: { paymentId: payment.id, amountCents },
      runAt,
      dedupeKey: `${JOB.refund}:${payment.id}`,
    });
  }
}

/** 409 while another attempt is with the provider: it ends within seconds, so try again after 2. */
export const paymentInProgress = (message: string) =>
  new AppError('payment_in_progress', message, undefined, { retryAfter: 2 });
