import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { driverCardOf } from '../../../shared/meeting-points';
import { Button } from '../../components/ui/button';
import { dismissToasts } from '../../lib/toast';

/**
 * "Show the driver" (decision 103): the meeting point's Japanese name and address full screen, in
 * type a taxi driver reads at arm's length, in portrait and landscape (sizes follow the shorter side
 * of the screen). The Japanese lines carry lang="ja" so they get Japanese glyphs, not Chinese ones.
 * A dialog: focus stays inside, Escape and the close button close it, focus returns to the button.
 * A toast still on screen is cleared: it would sit over the close button. On a tour of several days
 * each day's place has its own card, `day` naming it (decision 179).
 */
export function DriverCard({
  trigger,
  card,
  day,
}: {
  trigger: ReactElement;
  card: NonNullable<ReturnType<typeof driverCardOf>>;
  day?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root onOpenChange={(open) => open && dismissToasts()}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          data-testid="driver-card"
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white p-4 text-stone-950 sm:p-8 dark:bg-stone-950 dark:text-white"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-base font-semibold">{t('meetingPoint.driver.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-stone-600 dark:text-stone-400">
                {t('meetingPoint.driver.hint')}
              </Dialog.Description>
              {/* Which day's place this is, on a tour of several days (decision 179). */}
              {day && (
                <p
                  className="mt-1 text-sm font-semibold text-primary-800 dark:text-primary-200"
                  data-testid="driver-day"
                >
                  {day}
                </p>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="outline" size="icon" aria-label={t('meetingPoint.driver.close')} className="shrink-0">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div lang="ja" className="my-auto flex flex-col gap-[3vmin] py-6 text-center font-bold leading-tight">
            <p className="text-[clamp(1.25rem,5vmin,2.5rem)] font-semibold text-stone-600 dark:text-stone-300">
              {t('meetingPoint.driver.askJa')}
            </p>
            {card.nameJa && (
              <p data-testid="driver-name" className="break-words text-[clamp(2.5rem,15vmin,8rem)]">
                {card.nameJa}
              </p>
            )}
            <p data-testid="driver-address" className="break-words text-[clamp(1.75rem,8.5vmin,4.5rem)]">
              {card.postalCode && (
                <span className="block text-[0.6em] font-semibold tabular-nums">〒{card.postalCode}</span>
              )}
              {card.address}
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
