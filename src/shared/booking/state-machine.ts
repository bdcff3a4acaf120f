/**
 * The booking lifecycle (docs/rules/booking-lifecycle.md) as one typed table. The server applies transitions with
 * `UPDATE … WHERE status = :from` inside a transaction; the web app asks the same table which
 * actions to show. No other code decides a booking's next status.
 */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'upcoming',
  'awaiting_start',
  'start_confirmed',
  'ongoing',
  'extend_requested',
  'extend_confirmed',
  'completed',
  'disputed',
  'cancelled',
  // The guide cancelled a paid booking and the traveler is choosing a replacement guide or the refund (decision 137).
  'awaiting_replacement',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** T traveler, G guide, S system (scheduled job or payment webhook), A admin. */
export type Actor = 'traveler' | 'guide' | 'system' | 'admin';

export type BookingEvent =
  | 'deposit_paid'
  | 'payment_expired'
  | 'accept'
  | 'decline'
  | 'request_expired'
  | 'start_day'
  | 'start_confirm'
  | 'request_extension'
  | 'extension_paid'
  | 'approve_extension'
  | 'reject_extension'
  | 'confirm_extension'
  | 'withdraw_extension'
  | 'extension_lapsed'
  | 'service_complete'
  | 'cancel'
  | 'dispute'
  | 'resolve'
  | 'reschedule'
  | 'choose_replacement'
  | 'replacement_lapsed'
  | 'report_no_show';

/** What a guard may look at: the booking's own flags and counters, and the clock. */
export interface BookingFacts {
  status: BookingStatus;
  travelerConfirmedStart: boolean;
  guideConfirmedStart: boolean;
  travelerConfirmedExtension: boolean;
  extensionCount: number;
  /** When the booking reached `completed`, for the 7-day dispute window. */
  completedAt?: Date | null;
  /**
   * Booked from a guide's offer (decision 078): the guide said yes with the offer, so the paid
   * deposit makes the booking `upcoming` with no second wait for the guide.
   */
  fromOffer?: boolean;
  /** Made while the guide took instant bookings (decision 153): the paid deposit is the guide's yes, as an offer's. */
  instantBook?: boolean;
  /**
   * A guide's cancellation now offers the traveler replacement guides (decision 137): the service
   * sets it when the deposit was paid, free guides exist and there is time for one to answer; and
   * on a traveler's no-show report that asks for another guide later that day (decision 140).
   */
  replaceable?: boolean;
  /** A replacement guide has been asked and not answered: a decline or silence returns the traveler to the choice. */
  replacing?: boolean;
  /** The tour's start, for the no-show report (decision 138). */
  startsAt?: Date;
  /**
   * On a later day of a booking of several days (decision 158, `laterTourDay`): when that day starts
   * and when its date ends, for that day's no-show report. Null on the first day and for a tour of hours.
   */
  laterDay?: { startsAt: Date; dateEndsAt: Date } | null;
  /** A booking of several days: when its last day starts, before which it cannot be completed (decision 155). */
  lastDayStartsAt?: Date | null;
  /** The no-show report that cancelled the booking, for the reported side's contest within NO_SHOW_CONTEST_HOURS. */
  noShow?: { by: 'traveler' | 'guide'; at: Date } | null;
}

export interface Transition {
  from: readonly BookingStatus[];
  event: BookingEvent;
  actors: readonly Actor[];
  /**
   * The next status. A function when it depends on the facts (the second start confirmation
   * makes the tour ongoing; an admin resolves a dispute either way).
   */
  to:
    | BookingStatus
    | ((facts: BookingFacts, actor: Actor, input?: { resolution?: 'completed' | 'cancelled' }) => BookingStatus);
  /** Why the transition is refused, or undefined when it may happen. */
  guard?: (facts: BookingFacts, actor: Actor, now: Date) => BookingRefusal | undefined;
}

export type BookingRefusal =
  | 'extension_limit_reached'
  | 'already_confirmed'
  | 'dispute_window_closed'
  | 'resolution_required'
  | 'too_early_for_no_show'
  | 'no_show_day_over'
  | 'tour_not_over';

export const MAX_EXTENSIONS = 2;
export const DISPUTE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
/** How long after the start the other side's absence may be reported (decision 138). */
export const NO_SHOW_AFTER_MINUTES = 20;
/** How long the reported side has to contest a no-show report with a dispute (decision 138). */
export const NO_SHOW_CONTEST_HOURS = 48;

const hasConfirmedStart = (f: BookingFacts, actor: Actor) =>
  actor === 'traveler' ? f.travelerConfirmedStart : actor === 'guide' ? f.guideConfirmedStart : false;

export const BOOKING_TRANSITIONS: readonly Transition[] = [
  // docs/rules/booking-lifecycle.md: a booking made from an offer (decision 078) or as an instant one (decision 153)
  // skips `confirmed`.
  {
    from: ['pending'],
    event: 'deposit_paid',
    actors: ['system'],
    to: (f) => (f.fromOffer || f.instantBook ? 'upcoming' : 'confirmed'),
  },
  { from: ['pending'], event: 'payment_expired', actors: ['system'], to: 'cancelled' },
  { from: ['confirmed'], event: 'accept', actors: ['guide'], to: 'upcoming' },
  // A replacement guide who declines or does not answer returns the traveler to the choice (decision 137).
  {
    from: ['confirmed'],
    event: 'decline',
    actors: ['guide'],
    to: (f) => (f.replacing ? 'awaiting_replacement' : 'cancelled'),
  },
  {
    from: ['confirmed'],
    event: 'request_expired',
    actors: ['system'],
    to: (f) => (f.replacing ? 'awaiting_replacement' : 'cancelled'),
  },
  { from: ['upcoming'], event: 'start_day', actors: ['system'], to: 'awaiting_start' },
  {
    from: ['upcoming', 'awaiting_start'],
    event: 'start_confirm',
    actors: ['traveler', 'guide'],
    to: 'start_confirmed',
    guard: (f, a) => (hasConfirmedStart(f, a) ? 'already_confirmed' : undefined),
  },
  {
    // The other party's confirmation starts the tour; the reply carries `ongoing`.
    from: ['start_confirmed'],
    event: 'start_confirm',
    actors: ['traveler', 'guide'],
    to: 'ongoing',
    guard: (f, a) => (hasConfirmedStart(f, a) ? 'already_confirmed' : undefined),
  },
  {
    from: ['ongoing'],
    event: 'request_extension',
    actors: ['traveler'],
    to: 'extend_requested',
    guard: (f) => (f.extensionCount >= MAX_EXTENSIONS ? 'extension_limit_reached' : undefined),
  },
  { from: ['extend_requested'], event: 'extension_paid', actors: ['traveler', 'system'], to: 'extend_requested' },
  { from: ['extend_requested'], event: 'approve_extension', actors: ['guide'], to: 'extend_confirmed' },
  { from: ['extend_requested'], event: 'reject_extension', actors: ['guide'], to: 'ongoing' },
  { from: ['extend_confirmed'], event: 'confirm_extension', actors: ['traveler'], to: 'ongoing' },
  // An unpaid request is withdrawn by the traveler or lapses after the payment window (the
  // service refuses both once the extension is paid).
  { from: ['extend_requested'], event: 'withdraw_extension', actors: ['traveler'], to: 'ongoing' },
  { from: ['extend_requested'], event: 'extension_lapsed', actors: ['system'], to: 'ongoing' },
  {
    // Decision 155: a booking of several days is completed from its last day's start, not on an earlier day.
    from: ['ongoing'],
    event: 'service_complete',
    actors: ['traveler', 'guide'],
    to: 'completed',
    guard: (f, _a, now) =>
      f.lastDayStartsAt && now.getTime() < f.lastDayStartsAt.getTime() ? 'tour_not_over' : undefined,
  },
  // A traveler may also drop an unpaid booking (nothing to refund; the slot is freed at once): decision 040.
  // Awaiting a replacement, the traveler may take the full refund instead (decision 137).
  {
    from: ['pending', 'upcoming', 'awaiting_start', 'confirmed', 'awaiting_replacement'],
    event: 'cancel',
    actors: ['traveler'],
    to: 'cancelled',
  },
  // An admin cancels on the guide's behalf (the guide cannot be reached, their listing was stopped): as the guide's own
  // (decision 137).
  {
    from: ['upcoming', 'awaiting_start'],
    event: 'cancel',
    actors: ['guide', 'admin'],
    to: (f) => (f.replaceable ? 'awaiting_replacement' : 'cancelled'),
  },
  // Decision 137: the chosen guide is asked like a paid request; nobody chosen in time means the full refund.
  { from: ['awaiting_replacement'], event: 'choose_replacement', actors: ['traveler'], to: 'confirmed' },
  { from: ['awaiting_replacement'], event: 'replacement_lapsed', actors: ['system'], to: 'cancelled' },
  {
    // Decision 138: from NO_SHOW_AFTER_MINUTES after the start, a side whose other side has not confirmed the start
    // reports it. Decision 158: on a later day of several days, from NO_SHOW_AFTER_MINUTES after that day's start until
    // its date ends, either side, whatever was confirmed on the first day (the start is confirmed once, decision 155).
    from: ['upcoming', 'awaiting_start', 'start_confirmed', 'ongoing'],
    event: 'report_no_show',
    actors: ['traveler', 'guide'],
    // Decision 140: a traveler whose guide did not come may take another guide later that day instead (the service sets
    // `replaceable`).
    to: (f) => (f.replaceable ? 'awaiting_replacement' : 'cancelled'),
    guard: (f, a, now) => {
      if (f.laterDay) {
        if (now.getTime() < f.laterDay.startsAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000)
          return 'too_early_for_no_show';
        return now.getTime() >= f.laterDay.dateEndsAt.getTime() ? 'no_show_day_over' : undefined;
      }
      // The first day: an ongoing tour had both starts confirmed, so neither side can be reported.
      if (f.status === 'ongoing' || (a === 'traveler' ? f.guideConfirmedStart : f.travelerConfirmedStart))
        return 'already_confirmed';
      if (!f.startsAt || now.getTime() < f.startsAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000)
        return 'too_early_for_no_show';
      return undefined;
    },
  },
  {
    from: ['ongoing', 'completed'],
    event: 'dispute',
    actors: ['traveler', 'guide'],
    to: 'disputed',
    guard: (f, _a, now) =>
      f.status === 'completed' &&
      (!f.completedAt || now.getTime() - f.completedAt.getTime() > DISPUTE_WINDOW_DAYS * DAY_MS)
        ? 'dispute_window_closed'
        : undefined,
  },
  {
    // Decision 138: the side reported absent contests the report with evidence, within NO_SHOW_CONTEST_HOURS.
    from: ['cancelled'],
    event: 'dispute',
    actors: ['traveler', 'guide'],
    to: 'disputed',
    guard: (f, a, now) =>
      !f.noShow || f.noShow.by === a || now.getTime() - f.noShow.at.getTime() > NO_SHOW_CONTEST_HOURS * 3_600_000
        ? 'dispute_window_closed'
        : undefined,
  },
  // Decision 079: proposing, accepting or declining a new time keeps the status (the booking moves, the price stays).
  { from: ['confirmed', 'upcoming'], event: 'reschedule', actors: ['traveler', 'guide'], to: (f) => f.status },
  {
    from: ['disputed'],
    event: 'resolve',
    actors: ['admin'],
    to: (_f, _a, input) => input?.resolution ?? 'completed',
    guard: () => undefined,
  },
];

export type TransitionResult =
  | { ok: true; from: BookingStatus; to: BookingStatus; transition: Transition }
  | { ok: false; reason: 'invalid_transition' | 'actor_not_allowed' | BookingRefusal };

/** Decides whether `actor` may fire `event` on a booking in its current state, and where it goes. */
export function nextStatus(
  facts: BookingFacts,
  event: BookingEvent,
  actor: Actor,
  opts: { now?: Date; resolution?: 'completed' | 'cancelled' } = {},
): TransitionResult {
  const candidates = BOOKING_TRANSITIONS.filter((t) => t.event === event && t.from.includes(facts.status));
  if (candidates.length === 0) return { ok: false, reason: 'invalid_transition' };
  const transition = candidates.find((t) => t.actors.includes(actor));
  if (!transition) return { ok: false, reason: 'actor_not_allowed' };
  if (event === 'resolve' && !opts.resolution) return { ok: false, reason: 'resolution_required' };
  const refusal = transition.guard?.(facts, actor, opts.now ?? new Date());
  if (refusal) return { ok: false, reason: refusal };
  const to =
    typeof transition.to === 'function' ? transition.to(facts, actor, { resolution: opts.resolution }) : transition.to;
  return { ok: true, from: facts.status, to, transition };
}

/** The events an actor could fire now: what the web app offers as buttons. */
export function availableEvents(facts: BookingFacts, actor: Actor, now = new Date()): BookingEvent[] {
  const events = new Set<BookingEvent>();
  for (const t of BOOKING_TRANSITIONS) {
    if (!t.from.includes(facts.status) || !t.actors.includes(actor)) continue;
    if (t.event === 'resolve' || !t.guard?.(facts, actor, now)) events.add(t.event);
  }
  return [...events];
}

/**
 * docs/rules/booking-lifecycle.md: the traveler's trip tabs and the statuses each shows. The in-between statuses SPEC's
 * table leaves out sit where their cards' labels belong (decision 060): start_confirmed ('Waiting for
 * guide...') with upcoming, extend_requested and extend_confirmed ('Pay Extension', 'Confirm
 * Extension') with ongoing.
 */
export const TRIP_TABS = {
  'pending-requests': ['pending', 'confirmed'],
  // A booking whose guide cancelled waits for the traveler's choice of a replacement where the trip was (decision 137).
  upcoming: ['upcoming', 'awaiting_start', 'start_confirmed', 'awaiting_replacement'],
  ongoing: ['ongoing', 'extend_requested', 'extend_confirmed'],
  past: ['completed', 'disputed', 'cancelled'],
} as const satisfies Record<string, readonly BookingStatus[]>;

export type TripTab = keyof typeof TRIP_TABS;
/**
 * The tab a booking is listed under at `now`, on the server (the tabs' counts) and in the app alike. A tour
 * whose start has come while the guide has not confirmed it (the guide may not have come, decision 138; or
 * is being replaced on the day, decision 140) is not "upcoming" any more: it is listed with what is happening
 * now, where the traveler finds the no-show report. A start the guide confirmed and the traveler not yet
 * stays under upcoming, waiting for the traveler (decision 060).
 */
export function tripTabOf(
  booking: { status: BookingStatus; startsAt: string; guideConfirmedStart?: boolean },
  now: Date,
): TripTab | undefined {
  const ahead =
    (TRIP_TABS.upcoming as readonly BookingStatus[]).includes(booking.status) && !booking.guideConfirmedStart;
  if (ahead && Date.parse(booking.startsAt) <= now.getTime()) return 'ongoing';
  return (Object.keys(TRIP_TABS) as TripTab[]).find((tab) =>
    (TRIP_TABS[tab] as readonly BookingStatus[]).includes(booking.status),
  );
}

/** Statuses that hold the guide's time (a pending booking holds its slot until payment expires). */
export const ACTIVE_BOOKING_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(
  // Awaiting a replacement (decision 137) holds nobody's time: the cancelling guide is free, and the
  // choice checks the new guide and the traveler again.
  (s) => s !== 'cancelled' && s !== 'completed' && s !== 'disputed' && s !== 'awaiting_replacement',
);
