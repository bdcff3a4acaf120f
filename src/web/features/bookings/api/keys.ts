/** Query keys of the bookings feature; every booking change invalidates `bookingKeys.all`. */
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
  /** A booking's trip changes (decision 177), and a change's price as asked. */
  changes: (id: number) => ['bookings', 'changes', id] as const,
  changeQuote: (id: number, body: Record<string, number>) => ['bookings', 'changes', id, 'quote', body] as const,
  credits: ['bookings', 'credits'] as const,
  openOffers: (userId: number) => ['bookings', 'open-offers', userId] as const,
};
