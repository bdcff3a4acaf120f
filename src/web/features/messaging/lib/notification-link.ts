import { guideBookingPath, travelerBookingPath } from '../../../../shared/booking/links';
import type { SystemMessage } from '../../../../shared/schemas/notifications';

/**
 * Where a notice's action takes its reader. Notices about a booking link to it (decision 103); ones
 * stored before that linked to a bare `/dashboard` or `/guide-dashboard` (or a tab of it), so their
 * related booking is put into the link here: every booking notice in the bell and the list lands on
 * its card. Other links are kept as they are. (A notice pushed live is new, so its link already carries
 * the booking: the browser notification uses it as sent, and this stays out of the header's code.)
 */
export function notificationHref(
  m: Pick<SystemMessage, 'actionUrl' | 'relatedEntityType' | 'relatedEntityId'>,
): string | null {
  const url = m.actionUrl;
  if (!url || !url.startsWith('/') || m.relatedEntityType !== 'booking' || !m.relatedEntityId) return url;
  const parsed = new URL(url, 'http://app.invalid');
  if (parsed.searchParams.has('booking')) return url;
  if (parsed.pathname === '/dashboard') return travelerBookingPath(m.relatedEntityId);
  if (parsed.pathname === '/guide-dashboard') return guideBookingPath(m.relatedEntityId, parsed.hash);
  return url;
}
