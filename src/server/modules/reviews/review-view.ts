import type { ReviewPhoto, SubRatings } from '../../../shared/schemas/reviews';

interface TrustColumns {
  bookingId: number | null;
  knowledgeRating: number | null;
  communicationRating: number | null;
  punctualityRating: number | null;
  valueRating: number | null;
  reply: string | null;
  repliedAt: Date | null;
}

/**
 * What every reader of a review sees besides stars and text (decision 134). `touredWithGuide` states
 * that the review comes from a booking: reviews are only written for completed bookings, and the demo
 * seed's older reviews, which have none, do not carry the mark.
 */
export function trustOf(r: TrustColumns, photos: readonly ReviewPhoto[] = []) {
  const subRatings: SubRatings | null =
    r.knowledgeRating !== null && r.communicationRating !== null && r.punctualityRating !== null && r.valueRating !== null
      ? { knowledge: r.knowledgeRating, communication: r.communicationRating, punctuality: r.punctualityRating, value: r.valueRating }
      : null;
  return {
    subRatings,
    photos: [...photos],
    reply: r.reply !== null && r.repliedAt ? { text: r.reply, repliedAt: r.repliedAt.toISOString() } : null,
    touredWithGuide: r.bookingId !== null,
  };
}
