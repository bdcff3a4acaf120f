import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookingKeys } from '../api/keys';

/**
 * Both sides see each other's steps at once: every step of a tour sends the other party a
 * system message, pushed over the socket; the realtime hook then invalidates the system messages.
 * This watches for that and refreshes the booking lists with it, so a page showing bookings follows
 * the other side without polling.
 */
export function useLiveBookings() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      // ['unread'] is invalidated with them and always cached (the header's badge), so it is watched too.
      const root = event.query.queryKey[0];
      if (root !== 'system-messages' && root !== 'unread') return;
      // Several system-message queries are invalidated together: refresh the bookings once.
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }), 50);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [queryClient]);
}
