import type { Booking } from '../../../../shared/schemas/bookings';

/** What the guide is asked to answer: a paid request, the traveler's new time, a paid extension. */
export type AnswerKind = 'request' | 'reschedule' | 'extension';

/** Where a booking's card lives on the guide dashboard (its tab). */
export type GuideTab = 'requests' | 'tours' | 'past' | 'settings';

export interface AnswerItem {
  booking: Booking;
  kind: AnswerKind;
  /** When the question closes without an answer (ISO 8601); an extension's is the tour's end. */
  deadline: string;
  tab: GuideTab;
}

/** The guide's accepted tours until they end: upcoming, on the day, and under way. */
export const TOUR_STATUSES: readonly Booking['status'][] = ['upcoming', 'awaiting_start', 'start_confirmed', 'ongoing', 'extend_requested', 'extend_confirmed'];
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

/**
 * Everything on the guide's bookings that waits for the guide's answer, the closest deadline first.
 * The server's `actions` decide (the shared state machine): a request is there while the guide may
 * accept it, an extension while the guide may approve it, a reschedule while it is open and the
 * traveler's. One booking may ask two things (a request with a new time): both are listed.
 */
export function needsAnswer(bookings: readonly Booking[]): AnswerItem[] {
  const items: AnswerItem[] = [];
  for (const b of bookings) {
    const tab = guideTabOf(b);
    if (!tab) continue;
    if (b.status === 'confirmed' && b.actions.includes('accept')) items.push({ booking: b, kind: 'request', deadline: b.replacement?.answerBy ?? b.respondBy ?? b.startsAt, tab });
    if (b.reschedule?.status === 'open' && !b.reschedule.mine) items.push({ booking: b, kind: 'reschedule', deadline: b.reschedule.expiresAt, tab });
    if (b.extension?.status === 'paid' && b.actions.includes('approve_extension')) items.push({ booking: b, kind: 'extension', deadline: b.endsAt, tab });
  }
  return items.sort((x, y) => Date.parse(x.deadline) - Date.parse(y.deadline) || x.booking.id - y.booking.id);
}
