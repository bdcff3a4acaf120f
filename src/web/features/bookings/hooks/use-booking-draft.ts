import { useCallback, useState } from 'react';
import { initialDraft, type BookableGuide, type BookingDraft } from '../lib/selection';

/**
 * The booking box's state, shared by the inline box and the phone sheet. A new date, duration or
 * number of days clears the start time, since the bookable starts depend on them.
 */
export function useBookingDraft(guide: BookableGuide, params: URLSearchParams) {
  const [state, setState] = useState(() => initialDraft(guide, params));
  const update = useCallback((patch: Partial<BookingDraft>) => {
    setState((s) => {
      const next = { ...s, ...patch };
      // `days` may change to missing (back to a tour of hours): asked by its presence in the patch.
      const lengthChanged =
        (patch.durationHours !== undefined && patch.durationHours !== s.durationHours) ||
        ('days' in patch && patch.days !== s.days);
      if ((patch.date !== undefined && patch.date !== s.date) || lengthChanged) {
        next.startTime = patch.startTime ?? null;
      }
      if (patch.adults !== undefined || patch.children !== undefined || patch.infants !== undefined)
        next.travelersAdjusted = false;
      if (lengthChanged) next.lengthAdjusted = false;
      return next;
    });
  }, []);
  return {
    draft: state as BookingDraft,
    travelersAdjusted: state.travelersAdjusted,
    lengthAdjusted: state.lengthAdjusted,
    asked: state.asked,
    update,
  };
}
