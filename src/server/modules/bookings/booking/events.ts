/**
 * Domain events of bookings, written with the change and dispatched after it has committed. This is the seam for the
 * notification module (system messages to both sides, push events): it subscribes here; bookings do
 * not know who listens. Listeners must not throw (errors are caught and logged by the emitter's owner).
 */
import type { Currency } from '../../../../shared/currency';
/**
 * The credit for the next booking the guide's end of a paid booking gave the traveler with the refund (decision 139).
 */
interface TravelCredit {
  creditCents?: number;
  /** The credit's currency, the booking's (decision 164); absent on events written before: yuan. */
  creditCurrency?: Currency;
  creditExpiresAt?: string;
}

/**
 * The currency of an event's amount (decision 164): a payment's or refund's is what was charged, a
 * price's or earnings' the booking's. Absent on events written before two currencies: yuan.
 */
interface In {
  currency?: Currency;
}

/** When a tour is: its first date and daily start in the guide's zone, and its days (decision 154). */
interface TourWhen {
  date: string;
  startTime: string;
  days: number;
}

export interface BookingEventMap {
  // A trip changed (decision 177): asked of the guide, applied (`refundCents`: what a smaller deposit gave back,
  // in the booking's currency), or closed unapplied by the guide's no or its time.
  'booking.change_requested': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    changeId: number;
    travelers: number;
    days: number;
    answerBy: string;
  };
  'booking.changed': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    changeId: number;
    travelers: number;
    days: number;
    refundCents: number;
  } & In;
  'booking.change_closed': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    changeId: number;
    how: 'declined' | 'lapsed';
    reason: string | null;
  };
  /** `fromOffer`: booked from a guide's offer (decision 078): the guide said yes already. */
  'booking.created': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    fromOffer?: boolean;
    instantBook?: boolean;
  };
  /** `answerBy`: when the paid request expires unless the guide answers (none from an offer). */
  'booking.paid': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    amountCents: number;
    fromOffer?: boolean;
    instantBook?: boolean;
    answerBy?: string;
  } & In;
  /** A checkout left unpaid a while after it was made: the traveler pays by `paymentDueAt` or the time is released. */
  'booking.payment_held': { bookingId: number; travelerId: number; guideUserId: number; paymentDueAt: string };
  /** `instantBook`: the deposit of an instant booking accepted it (decision 153); `booking.paid` told both sides. */
  'booking.accepted': { bookingId: number; travelerId: number; guideUserId: number; instantBook?: boolean };
  'booking.declined': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    reason: string;
    refundCents: number;
  } & In;
  'booking.cancelled': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    by: 'traveler' | 'guide' | 'system';
    reason: 'cancel' | 'payment_expired' | 'request_expired';
    /** The canceller's own words, when they gave some. */
    note: string | null;
    refundCents: number;
  } & TravelCredit &
    In;
  /** The tour day has come; for a booking of several days (decision 154) with its `days` and day 1. */
  'booking.awaiting_start': { bookingId: number; travelerId: number; guideUserId: number; day?: number; days?: number };
  /** A later day (2..days) of a booking of several days has come (decision 154, amended). */
  'booking.tour_day': { bookingId: number; travelerId: number; guideUserId: number; day: number; days: number };
  // A replacement guide (decision 137). `guideUserId`: the cancelling guide, or the guide asked in
  // `replacement_requested`.
  // `date`, `startTime`, `days`: the tour as booked, the first date and the daily start (decision 154), which the
  // notices name for several days; `firstStartTime`: day 1's start with a same-day replacement (decision 140, amended).
  'booking.replacement_offered': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    note: string | null;
    lapsesAt: string;
  } & TourWhen;
  'booking.replacement_requested': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    answerBy: string;
    coveredCents: number;
    firstStartTime?: string;
  } & TourWhen;
  'booking.replacement_declined': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    how: 'declined' | 'expired';
    lapsesAt: string;
    attempt: number;
  };
  /** Decision 137: an admin cancelled for the guide, who did not do it themselves and is told. */
  'booking.cancelled_for_guide': { bookingId: number; travelerId: number; guideUserId: number; note: string };
  /** Decision 140: the traveler reported the guide absent and chose another guide later that day over the refund. */
  'booking.no_show_replacing': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    note: string | null;
    lapsesAt: string;
  } & TourWhen;
  /**
   * Decision 138: `by` reported the other side absent; the booking is cancelled with `refundCents` back to the
   * traveler.
   * `day` of `days`: the tour day of the report on a booking of several days (decision 158); absent on a tour of hours.
   */
  'booking.no_show_reported': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    by: 'traveler' | 'guide';
    note: string | null;
    refundCents: number;
    day?: number;
    days?: number;
  } & TravelCredit &
    In;
  // On tour; `by` is the party who acted.
  'booking.start_confirmed': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    by: 'traveler' | 'guide';
    status: 'start_confirmed' | 'ongoing';
  };
  'booking.extension_requested': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    hours: number;
    priceCents: number;
  } & In;
  'booking.extension_paid': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    hours: number;
    priceCents: number;
  } & In;
  'booking.extension_approved': { bookingId: number; travelerId: number; guideUserId: number; hours: number };
  'booking.extension_rejected': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    hours: number;
    refundCents: number;
  } & In;
  /** An unpaid request withdrawn by the traveler, or lapsed (`by: 'system'`) after the payment window. */
  'booking.extension_withdrawn': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    hours: number;
    by: 'traveler' | 'system';
  };
  'booking.extension_confirmed': { bookingId: number; travelerId: number; guideUserId: number; hours: number };
  'booking.completed': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    by: 'traveler' | 'guide';
    guideEarningsCents: number;
  } & In;
  // Rescheduling (decision 079): `by` is the side that acted; dates and times in the guide's zone;
  // `days`: the booking's days (decision 154), each starting at `startTime`.
  'booking.reschedule_proposed': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    proposalId: number;
    by: 'traveler' | 'guide';
    date: string;
    startTime: string;
    days: number;
    reason: string | null;
    /** When the proposal closes unanswered. */
    expiresAt: string;
  };
  'booking.rescheduled': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    proposalId: number;
    by: 'traveler' | 'guide';
    fromDate: string;
    fromStartTime: string;
    date: string;
    startTime: string;
    days: number;
  };
  'booking.reschedule_declined': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    proposalId: number;
    by: 'traveler' | 'guide';
    date: string;
    startTime: string;
    days: number;
    reason: string;
  };
  /**
   * The plan for each day was agreed anew (decision 178) by `by`; `days` are the days whose plan
   * changed, `note` the chat's line about it in the author's language, `at` when (it tells one edit
   * from another). The other side is told; the chat carries the note.
   */
  'booking.day_plans_updated': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    guideId: number;
    by: 'traveler' | 'guide';
    days: number[];
    note: string;
    at: string;
  };
  'booking.reschedule_expired': {
    bookingId: number;
    travelerId: number;
    guideUserId: number;
    proposalId: number;
    proposedBy: 'traveler' | 'guide';
    date: string;
    startTime: string;
    days: number;
  };
}

export type BookingEventName = keyof BookingEventMap;

/**
 * The seam's listeners. Events are written to the jobs table in the transaction of the change (the
 * outbox, decision 085: `BookingCore.publish`) and dispatched here by the job runner after the commit;
 * a listener that throws fails the job, which runs again, so listeners must be idempotent (the
 * notification centre's dedupe keys).
 */
export class BookingEvents {
  private readonly listeners = new Map<string, Set<(payload: never) => unknown>>();

  on<K extends BookingEventName>(name: K, listener: (payload: BookingEventMap[K]) => unknown): () => void {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    set.add(listener as (payload: never) => unknown);
    return () => set.delete(listener as (payload: never) => unknown);
  }

  /** Runs every listener of the event and waits for them all; throws the first failure. */
  async dispatch(name: string, payload: unknown): Promise<void> {
    const results = await Promise.allSettled(
      [...(this.listeners.get(name) ?? [])].map(async (fn) => fn(payload as never)),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      this.onError(failed.reason);
      throw failed.reason;
    }
  }

  onError: (err: unknown) => void = () => {};
}
