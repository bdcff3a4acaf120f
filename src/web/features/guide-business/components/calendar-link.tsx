import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Button } from '../../../components/ui/button';
import { inputClass, Panel } from '../../../components/ui/form';
import { showToast } from '../../../lib/toast';
import { useCalendarUrl, useResetCalendarUrl } from '../api/guide-business';
import { QueryFallback } from './query-fallback';

/** The guide's secret iCal link: copy it into Google or Apple Calendar, or reset it. */
export function CalendarLink() {
  const { t } = useTranslation('guideBusiness');
  const url = useCalendarUrl();
  const reset = useResetCalendarUrl();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url.data!.url);
      showToast({ title: t('calendar.copied'), variant: 'success' });
    } catch {
      showToast({ title: t('calendar.copyFailed'), variant: 'destructive' });
    }
  };

  return (
    <Panel id="calendar-link" title={t('calendar.title')} description={t('calendar.intro')}>
      {url.isPending || url.isError ? (
        <QueryFallback query={url} />
      ) : (
        <div className="space-y-3">
          <label htmlFor="calendar-url" className="sr-only">
            {t('calendar.label')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <span className="min-w-0 flex-1">
              <input
                id="calendar-url"
                readOnly
                value={url.data.url}
                className={cn(inputClass, 'font-mono text-xs sm:text-xs')}
                onFocus={(e) => e.currentTarget.select()}
              />
            </span>
            <Button variant="primary" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              {t('calendar.copy')}
            </Button>
          </div>
          <p className="flex items-start gap-2 text-xs text-stone-600 dark:text-stone-400">
            <CalendarDays className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('calendar.howTo')}
          </p>
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby="calendar-reset-q"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
            >
              <p id="calendar-reset-q">{t('calendar.resetConfirm')}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={reset.isPending}
                  onClick={() =>
                    reset.mutate(undefined, {
                      onSuccess: () => {
                        setConfirming(false);
                        showToast({ title: t('calendar.resetDone'), variant: 'success' });
                      },
                      onError: () => showToast({ title: t('errors.generic'), variant: 'destructive' }),
                    })
                  }
                >
                  {reset.isPending ? t('saving') : t('calendar.resetYes')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <RefreshCw className="h-4 w-4" aria-hidden />
              {t('calendar.reset')}
            </Button>
          )}
        </div>
      )}
    </Panel>
  );
}
