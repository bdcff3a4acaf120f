import { useLiveSession } from '../../../lib/session';
import { useGuideBookings } from '../api/get-guide-bookings';
import { useTravelerBookings } from '../api/get-traveler-bookings';
import { useOpenOffers } from '../api/get-offer';
import { byDeadline, needsAnswer, travelerNeedsAnswer, type AnswerItem } from '../lib/needs-answer';

/**
 * Everything waiting on the signed-in person, the closest deadline first: on their trips and the
 * guides' offers made to them, and, for a guide, on the bookings they guide. Read from the trips page's and the
 * dashboard's own lists (the same queries), so the home page's list and those pages' badges always agree.
 */
export function useNeedsAnswer(): AnswerItem[] {
  const session = useLiveSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const trips = useTravelerBookings(session?.user.id);
  const guided = useGuideBookings(isGuide ? session.user.id : undefined);
  const offers = useOpenOffers(session?.user.id);
  return [
    ...needsAnswer(guided.data?.data ?? []),
    ...travelerNeedsAnswer(trips.data?.data ?? [], offers.data ?? []),
  ].sort(byDeadline);
}
