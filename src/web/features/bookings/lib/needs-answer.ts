import type { Booking } from '../../../../shared/schemas/bookings';
import type { Offer } from '../../../../shared/schemas/offers';
import { TRIP_TAB_KEYS, inTab, type TripTab } from './trips';

/**
 * What waits on the reader, with a deadline. The guide's: a paid request, one to take over from another guide
 * (decision 137), the traveler's new time, a trip change to answer (decisions 177, 195), a paid extension. The
 * traveler's: the deposit of a held checkout, the choice of a new guide after a cancellation or of one later today
 * after a no-show (decisions 137, 140), the guide's new time, a guide's offer to book or decline (decision 078).
 */
export type AnswerKind =
  | 'request'
  | 'replacementRequest'
  | 'reschedule'
  | 'change'
  | 'extension'
  | 'pay'
  | 'replacement'
  | 'sameDay'
  | 'offer';

/** Where a booking's card lives on the guide dashboard (its tab). */
export type GuideTab = 'requests' | 'tours' | 'past' | 'settings';

interface ItemBase {
  booking: Booking;
  kind: Exclude<AnswerKind, 'offer'>;
  /** When the question closes without an answer (ISO 8601); an extension's is the tour's end. */
  deadline: string;
}
/** A guide's offer not yet a booking: answered in its chat, open until it expires. */
export interface OfferItem {
  offer: Offer;
  kind: 'offer';
  side: 'traveler';
  deadline: string;
}
/** One thing waiting: on the side of the booking the reader is, in the tab of theirs that holds it; or an offer. */
export type AnswerItem =
  (ItemBase & ({ side: 'guide'; tab: GuideTab } | { side: 'traveler'; tab: TripTab })) | OfferItem;
type BookingItem = Exclude<AnswerItem, OfferItem>;

/** The guide's accepted tours until they end: upcoming, on the day, and under way. */
export const TOUR_STATUSES: readonly Booking['status'][] = [
  'upcoming',
  'awaiting_start',
  'start_confirmed',
  'ongoing',
  'extend_requested',
  'extend_confirmed',
];
/** Finished tours: the guide reviews the traveler there. */
export const PAST_STATUSES: readonly Booking['status'][] = ['completed', 'disputed'];

export function guideTabOf(b: Pick<Booking, 'status' | 'actions'>): GuideTab | null {
  if (b.status === 'confirmed') return 'requests';
  if (TOUR_STATUSES.includes(b.status)) return 'tours';
  if (PAST_STATUSES.includes(b.status)) return 'past';
  // Reported absent by the traveler (decision 138): the Past tab offers the contest while it is open.
  if (b.status === 'cancelled' && b.actions.includes('dispute')) return 'past';
  return null;
}

/** The closest deadline first. */
export const byDeadline = (x: AnswerItem, y: AnswerItem) =>
  Date.parse(x.deadline) - Date.parse(y.deadline) || idOf(x) - idOf(y);
const idOf = (i: AnswerItem) => (i.kind === 'offer' ? i.offer.id : i.booking.id);

/**
 * Everything on the guide's bookings that waits for the guide's answer, the closest deadline first. The server's
 * `actions` decide (the shared state machine): a request is there while the guide may accept it, an extension while
 * the guide may approve it, a reschedule while it is open and the traveler's, a trip change while the server says it
 * waits for her. One booking may ask two things (a request with a new time): both are listed.
 */
export function needsAnswer(bookings: readonly Booking[]): BookingItem[] {
  const items: BookingItem[] = [];
  for (const b of bookings) {
    const tab = guideTabOf(b);
    if (!tab) continue;
    const item = (kind: ItemBase['kind'], deadline: string) =>
      items.push({ booking: b, kind, deadline, side: 'guide', tab });
    if (b.status === 'confirmed' && b.actions.includes('accept')) {
      // A replacement request answers by its own deadline (decision 137).
      if (b.replacement?.status === 'requested')
        item('replacementRequest', b.replacement.answerBy ?? b.respondBy ?? b.startsAt);
      else item('request', b.respondBy ?? b.startsAt);
    }
    if (b.reschedule?.status === 'open' && !b.reschedule.mine) item('reschedule', b.reschedule.expiresAt);
    // The server sends the change only while it waits for her answer (paid, not yet answered).
    if (b.changeRequest) item('change', b.changeRequest.answerBy ?? b.startsAt);
    if (b.extension?.status === 'paid' && b.actions.includes('approve_extension')) item('extension', b.endsAt);
  }
  return items.sort(byDeadline);
}

/**
 * The same for the traveler's trips, from what the server sends for each (its deadlines are the ones
 * the server's jobs keep): a checkout to pay before its time is released, a new guide to choose
 * before the choice lapses into the refund, the guide's new time to answer before it closes; and a
 * guide's offer (`offers`, the server's open ones) to book or decline before it expires.
 */
export function travelerNeedsAnswer(bookings: readonly Booking[], offers: readonly Offer[] = []): AnswerItem[] {
  const items: AnswerItem[] = offers
    .filter((o) => o.status === 'open')
    .map((offer): OfferItem => ({ offer, kind: 'offer', side: 'traveler', deadline: offer.expiresAt }));
  for (const b of bookings) {
    const tab = TRIP_TAB_KEYS.find((k) => inTab(k, b));
    if (!tab) continue;
    const item = (kind: ItemBase['kind'], deadline: string) =>
      items.push({ booking: b, kind, deadline, side: 'traveler', tab });
    if (b.status === 'pending' && b.paymentDueAt) item('pay', b.paymentDueAt);
    if (b.status === 'awaiting_replacement' && b.replacement?.status === 'open')
      item(b.replacement.sameDay ? 'sameDay' : 'replacement', b.replacement.lapsesAt);
    if (b.reschedule?.status === 'open' && !b.reschedule.mine) item('reschedule', b.reschedule.expiresAt);
  }
  return items.sort(byDeadline);
}

/**
 * The tabs' badges: how many bookings in each tab wait on the reader, so the badge counts the cards
 * to act on there (a request with a new time proposed is one card). An offer is in its chat, not a tab.
 */
export function countByTab<T extends string>(items: readonly AnswerItem[]): Partial<Record<T, number>> {
  const byTab = new Map<string, Set<number>>();
  for (const i of items) if (i.kind !== 'offer') byTab.set(i.tab, (byTab.get(i.tab) ?? new Set()).add(i.booking.id));
  return Object.fromEntries([...byTab].map(([tab, ids]) => [tab, ids.size])) as Partial<Record<T, number>>;
}
