import { useSession } from '../../../lib/session';
import { useGuideBookings } from '../api/get-guide-bookings';
import { useTravelerBookings } from '../api/get-traveler-bookings';
import { needsAnswer, travelerNeedsAnswer, type AnswerItem } from '../lib/needs-answer';

/**
 * Everything waiting on the signed-in person, the closest deadline first: on their trips and, for a
 * guide, on the bookings they guide. Read from the trips page's and the dashboard's own lists (the
 * same queries), so the home page's list and those pages' badges always agree.
 */
export function useNeedsAnswer(): AnswerItem[] {
  const session = useSession();
  const isGuide = !!session && (session.user.isGuide || session.user.role === 'guide');
  const trips = useTravelerBookings(session?.user.id);
  const guided = useGuideBookings(isGuide ? session.user.id : undefined);
  return [...needsAnswer(guided.data?.data ?? []), ...travelerNeedsAnswer(trips.data?.data ?? [])].sort(
    (x, y) => Date.parse(x.deadline) - Date.parse(y.deadline) || x.booking.id - y.booking.id,
  );
}
