import { CloudLightning } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { cityName, formatInstant } from '../../../lib/format';
import { Sheet } from '../../../components/ui/sheet';

/**
 * The typhoon rule on a booking card (decision 093): while a JMA warning or special warning
 * is in force for the tour's area, both sides see which one, for which area, issued when and by what
 * source; the traveler that they may cancel with a full refund or move the tour free, the guide that
 * they may cancel without penalty (with the button: the guide's card has no other Cancel).
 */
export function WeatherNotice({ booking: b, side }: { booking: Booking; side: 'traveler' | 'guide' }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const locale = currentLocale();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateBookingStatus();
  const w = b.weather;
  const active = ['confirmed', 'upcoming', 'awaiting_start', 'start_confirmed'].includes(b.status);
  if (!w || !active) return null;
  const issued = formatInstant(w.issuedAt, locale, 'Asia/Tokyo');
  const canCancel = b.actions.includes('cancel');
  // mutateAsync: the toast shows even when the booking's live event has already moved the card away.
  const cancel = () =>
    update.mutateAsync({ id: b.id, status: 'cancelled' }).then(
      () => {
        setConfirming(false);
        showToast({ title: t('weather.guideCancelled'), variant: 'success' });
      },
      () => showToast({ title: t('toasts.errorTitle'), description: t('toasts.statusFailed'), variant: 'destructive' }),
    );
  return (
    <section
      aria-label={t('weather.label')}
      data-testid="weather-notice"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p className="flex items-start gap-2 font-semibold">
        <CloudLightning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{t(`weather.title.${w.kind}`, { name: t(`weather.names.${w.code}`, { defaultValue: w.name }) })}</span>
      </p>
      <p className="mt-1 text-xs text-amber-900 dark:text-amber-100">
        {t('weather.evidence', {
          area: cityName(b.guide.serviceCity, locale),
          region: t(`weather.areas.${w.areaCode}`, { defaultValue: w.areaCode }),
          date: issued.date,
          time: issued.time,
          source: t(`weather.source.${w.source}`),
        })}
      </p>
      <p className="mt-1">{t(side === 'traveler' ? 'weather.traveler' : 'weather.guide')}</p>
      {side === 'guide' && canCancel && (
        <>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setConfirming(true)}>
            {t('weather.guideCancel')}
          </Button>
          <Sheet
            open={confirming}
            onOpenChange={setConfirming}
            title={t('weather.guideConfirmTitle')}
            description={t('weather.guide')}
            closeLabel={t('bookings:close')}
          >
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {t('cancel.keep')}
              </Button>
              <Button variant="danger" busy={update.isPending} onClick={cancel}>
                {t('weather.guideCancel')}
              </Button>
            </div>
          </Sheet>
        </>
      )}
    </section>
  );
}
