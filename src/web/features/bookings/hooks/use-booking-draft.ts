import { useCallback, useState } from 'react';
import { initialDraft, type BookableGuide, type BookingDraft } from '../lib/selection';

/**
 * The booking box's state, shared by the inline box and the phone sheet. A new date or duration
 * clears the start time, since the bookable starts depend on both.
 */
export function useBookingDraft(guide: BookableGuide, params: URLSearchParams) {
  const [state, setState] = useState(() => initialDraft(guide, params));
  const update = useCallback((patch: Partial<BookingDraft>) => {
    setState((s) => {
      const next = { ...s, ...patch };
      if ((patch.date !== undefined && patch.date !== s.date) || (patch.durationHours !== undefined && patch.durationHours !== s.durationHours) || (patch.days !== undefined && patch.days !== s.days)) {
        next.startTime = patch.startTime ?? null;
      }
      if (patch.adults !== undefined || patch.children !== undefined || patch.infants !== undefined) next.travelersAdjusted = false;
      return next;
    });
  }, []);
  return { draft: state as BookingDraft, travelersAdjusted: state.travelersAdjusted, update };
}
