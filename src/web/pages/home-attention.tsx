import { NeedsAnswerList, useNeedsAnswer } from '../features/bookings';

/**
 * The home page after sign-in: what waits on the reader with its deadline (a deposit to pay, a guide to
 * choose, a new time to answer; a guide's requests too), each line opening the booking. Nothing when
 * nothing waits. Loaded on its own, and only for a signed-in reader, so the landing page stays light.
 */
export default function HomeAttention() {
  const items = useNeedsAnswer();
  // The other side's steps (a guide's new time, a replacement's answer) show up here as they happen: their notices
  // refresh the bookings (use-realtime).
  return <NeedsAnswerList items={items} hideWhenEmpty className="mb-2" />;
}
