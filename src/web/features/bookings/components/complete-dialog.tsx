import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import type { UserType } from '../api/tour';
import { Sheet } from '../../../components/ui/sheet';

/** The confirmation before 'Complete Service' (PATCH …/status {status: 'completed'}). */
export function CompleteDialog({
  booking,
  side,
  open,
  onOpenChange,
}: {
  booking: Booking;
  side: UserType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('tour');
  const update = useUpdateBookingStatus();
  const other = side === 'traveler' ? booking.guide.fullName : booking.traveler.fullName;
  // mutateAsync: the toast shows even when the booking's live event has already moved the card away.
  const confirm = () =>
    update.mutateAsync({ id: booking.id, status: 'completed' }).then(
      () => {
        onOpenChange(false);
        showToast({ title: t('toasts.completed'), variant: 'success' });
      },
      (err) =>
        showToast({
          title: t('toasts.errorTitle'),
          // A tour of several days before its last day (decision 155).
          description:
            err instanceof ApiError && err.code === 'tour_not_over'
              ? t('toasts.tourNotOver')
              : t('toasts.statusFailed'),
          variant: 'destructive',
        }),
    );
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('complete.title')}
      description={t('complete.body', { name: other })}
      closeLabel={t('request.close')}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('complete.cancel')}
        </Button>
        <Button variant="primary" busy={update.isPending} onClick={confirm}>
          {t('complete.confirm')}
        </Button>
      </div>
    </Sheet>
  );
}
