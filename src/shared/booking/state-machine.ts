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
  | 'reschedule';

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
}

export interface Transition {
  from: readonly BookingStatus[];
  event: BookingEvent;
  actors: readonly Actor[];
  /**
   * The next status. A function when it depends on the facts (the second start confirmation
   * makes the tour ongoing; an admin resolves a dispute either way).
   */
  to: BookingStatus | ((facts: BookingFacts, actor: Actor, input?: { resolution?: 'completed' | 'cancelled' }) => BookingStatus);
  /** Why the transition is refused, or undefined when it may happen. */
  guard?: (facts: BookingFacts, actor: Actor, now: Date) => BookingRefusal | undefined;
}

export type BookingRefusal =
  | 'extension_limit_reached'
  | 'already_confirmed'
  | 'dispute_window_closed'
  | 'resolution_required';

export const MAX_EXTENSIONS = 2;
export const DISPUTE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

const hasConfirmedStart = (f: BookingFacts, actor: Actor) =>
  actor === 'traveler' ? f.travelerConfirmedStart : actor === 'guide' ? f.guideConfirmedStart : false;

export const BOOKING_TRANSITIONS: readonly Transition[] = [
  // docs/rules/booking-lifecycle.md: a booking made from an offer skips `confirmed` (decision 078).
  { from: ['pending'], event: 'deposit_paid', actors: ['system'], to: (f) => (f.fromOffer ? 'upcoming' : 'confirmed') },
  { from: ['pending'], event: 'payment_expired', actors: ['system'], to: 'cancelled' },
  { from: ['confirmed'], event: 'accept', actors: ['guide'], to: 'upcoming' },
  { from: ['confirmed'], event: 'decline', actors: ['guide'], to: 'cancelled' },
  { from: ['confirmed'], event: 'request_expired', actors: ['system'], to: 'cancelled' },
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
  { from: ['ongoing'], event: 'service_complete', actors: ['traveler', 'guide'], to: 'completed' },
  // A traveler may also drop an unpaid booking (nothing to refund; the slot is freed at once): decision 040.
  { from: ['pending', 'upcoming', 'awaiting_start', 'confirmed'], event: 'cancel', actors: ['traveler'], to: 'cancelled' },
  { from: ['upcoming', 'awaiting_start'], event: 'cancel', actors: ['guide'], to: 'cancelled' },
  {
    from: ['ongoing', 'completed'],
    event: 'dispute',
    actors: ['traveler', 'guide'],
    to: 'disputed',
    guard: (f, _a, now) =>
      f.status === 'completed' && (!f.completedAt || now.getTime() - f.completedAt.getTime() > DISPUTE_WINDOW_DAYS * DAY_MS)
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
  const to = typeof transition.to === 'function' ? transition.to(facts, actor, { resolution: opts.resolution }) : transition.to;
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
 * docs/rules/booking-lifecycle.md: the traveler's trip tabs and the statuses each shows. The in-between statuses SPEC's table
 * leaves out sit where their cards' labels belong (decision 060): start_confirmed ('Waiting for
 * guide...') with upcoming, extend_requested and extend_confirmed ('Pay Extension', 'Confirm
 * Extension') with ongoing.
 */
export const TRIP_TABS = {
  'pending-requests': ['pending', 'confirmed'],
  upcoming: ['upcoming', 'awaiting_start', 'start_confirmed'],
  ongoing: ['ongoing', 'extend_requested', 'extend_confirmed'],
  past: ['completed', 'disputed', 'cancelled'],
} as const satisfies Record<string, readonly BookingStatus[]>;

/** Statuses that hold the guide's time (a pending booking holds its slot until payment expires). */
export const ACTIVE_BOOKING_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(
  (s) => s !== 'cancelled' && s !== 'completed' && s !== 'disputed',
);
