import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { DisputeDialog } from './dispute-dialog';

/**
 * 'Report a problem' on an ongoing tour or one completed within 7 days (the state machine's
 * `dispute`, as the server offers it in `actions`); a disputed booking says that our team is on it.
 */
export function DisputeAction({ booking }: { booking: Booking }) {
  const { t } = useTranslation('disputes');
  const [open, setOpen] = useState(false);
  if (booking.status === 'disputed') {
    return (
      <p
        role="status"
        className="w-full rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
      >
        {t('underReview')}
      </p>
    );
  }
  if (!booking.actions.includes('dispute')) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <ShieldAlert className="h-4 w-4" aria-hidden />
        {t('report')}
      </Button>
      <DisputeDialog booking={booking} open={open} onOpenChange={setOpen} />
    </>
  );
}
