import type { Booking, BookingListReply } from '../../../../shared/schemas/bookings';

/** Query keys of the bookings feature; every booking change invalidates `bookingKeys.all` (all but `changeQuote`). */
export const bookingKeys = {
  all: ['bookings'] as const,
  detail: (id: number) => ['bookings', 'detail', id] as const,
  slots: (guideId: number, date: string, durationHours: number) =>
    ['bookings', 'slots', guideId, date, durationHours] as const,
  traveler: (userId: number) => ['bookings', 'traveler', userId] as const,
  guide: (userId: number) => ['bookings', 'guide', userId] as const,
  quote: (id: number) => ['bookings', 'quote', id] as const,
  /** A guide's public quote for a group (decision 151), by guide and its query. */
  groupQuote: (guideId: number, query: Record<string, string | number>) =>
    ['bookings', 'group-quote', guideId, query] as const,
  replacements: (id: number) => ['bookings', 'replacements', id] as const,
  /** A booking's trip changes (decision 177). */
  changes: (id: number) => ['bookings', 'changes', id] as const,
  /**
   * A change's price as asked: outside `all`, so no booking's refresh asks it again (decision 194). The change just
   * made is the booking's own trip then, and the server answers its price with 400 change_unchanged.
   */
  changeQuote: (id: number, body: Record<string, number>) => ['change-quote', id, body] as const,
  credits: ['bookings', 'credits'] as const,
  openOffers: (userId: number) => ['bookings', 'open-offers', userId] as const,
};

/** How often a booking list is read again while one of its tours waits for a side's step on the day. */
export const TOUR_DAY_POLL_MS = 10_000;

/**
 * The tour-day steps one side takes and the other waits to see: the start, and an extension's answer and confirmation.
 */
const WAITING_ON_A_SIDE: readonly Booking['status'][] = [
  'awaiting_start',
  'start_confirmed',
  'extend_requested',
  'extend_confirmed',
];

/**
 * A booking list's `refetchInterval`. Pushes keep the list current (`use-realtime`), but a phone's socket can die
 * without a close and a push can be lost on its way; on the tour day the two people stand at the meeting point
 * waiting for each other's tap, so while a tour waits on a side the list is also read again every
 * TOUR_DAY_POLL_MS (not while the page is hidden, TanStack Query's default). Otherwise only pushes refresh it.
 */
export function tourDayPoll(query: { state: { data?: BookingListReply } }): number | false {
  return query.state.data?.data.some((b) => WAITING_ON_A_SIDE.includes(b.status)) ? TOUR_DAY_POLL_MS : false;
}
