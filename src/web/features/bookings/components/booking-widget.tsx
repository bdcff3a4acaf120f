import { CalendarCheck2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomBar } from '../../../components/ui/bottom-bar';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import { useBookingDraft } from '../hooks/use-booking-draft';
import { useDraftPrice } from '../hooks/use-draft-price';
import { formatCalendarDate } from '../../../lib/format';
import { usePriceText } from '../../../lib/prices';
import { figureText } from '../lib/price';
import type { BookableGuide, BookingDraft } from '../lib/selection';
import { BookingBox } from './booking-box';
import { Sheet } from '../../../components/ui/sheet';

const cardClass =
  'overflow-hidden rounded-[var(--radius-card)] border border-stone-200 bg-white shadow-soft dark:border-stone-800 dark:bg-stone-900';

/**
 * The booking box in both its forms: a sticky card beside the profile from `lg` up, and on smaller
 * screens a bar fixed to the bottom (price, and the chosen date and time) that opens the same box
 * as a bottom sheet. Both share one draft. Render it as the profile grid's second column.
 */
export function BookingWidget({
  guide,
  params,
  onBook,
  ownListing,
}: {
  guide: BookableGuide;
  params: URLSearchParams;
  onBook: (draft: BookingDraft) => void;
  /** Shown instead of the form when guides look at their own listing. */
  ownListing?: string;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const { draft, update, travelersAdjusted, lengthAdjusted, asked } = useBookingDraft(guide, params);
  const [open, setOpen] = useState(false);
  const hourly = t('perHourPrice', {
    price: usePriceText().price(guide.basicPricePerHourCents, guide.currency ?? 'CNY'),
  });
  const box = (variant: 'card' | 'sheet') =>
    ownListing ? (
      <div className={variant === 'card' ? 'space-y-3 p-5' : 'space-y-3'}>
        <p className="text-2xl font-bold">{hourly}</p>
        <p className="rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-800 dark:bg-primary-900/40 dark:text-primary-100">
          {ownListing}
        </p>
      </div>
    ) : (
      <BookingBox
        guide={guide}
        draft={draft}
        onChange={update}
        onBook={() => onBook(draft)}
        travelersAdjusted={travelersAdjusted}
        lengthAdjusted={lengthAdjusted}
        variant={variant}
      />
    );
  const { price, refused } = useDraftPrice(guide, draft);
  // The phone bar shows a total only for a choice the server prices; for the searched trip before a
  // time is chosen too, so the phone reads the card's price at once (decision 176).
  const total = (draft.startTime || asked) && price && !refused ? figureText(price, 'total', locale) : null;

  return (
    <>
      <aside className="hidden lg:block" aria-label={t('box.title')}>
        <div className={`sticky top-24 ${cardClass}`}>{box('card')}</div>
      </aside>
      <div className="lg:hidden">
        <BottomBar>
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              {total !== null && draft.date ? (
                <>
                  <p className="truncate text-base font-bold" data-testid="bar-total">
                    {total}
                  </p>
                  <p className="truncate text-xs text-stone-600 dark:text-stone-400">
                    {draft.startTime
                      ? t('bar.when', {
                          date: formatCalendarDate(draft.date, locale, { weekday: 'short', year: undefined }),
                          time: draft.startTime,
                        })
                      : t('bar.chooseTime', {
                          date: formatCalendarDate(draft.date, locale, { weekday: 'short', year: undefined }),
                        })}
                  </p>
                </>
              ) : (
                <>
                  <p className="truncate text-base font-bold">{hourly}</p>
                  <p className="truncate text-xs text-stone-600 dark:text-stone-400">{t('bar.hint')}</p>
                </>
              )}
            </div>
            <Button variant="accent" className="shrink-0" onClick={() => setOpen(true)} aria-haspopup="dialog">
              <CalendarCheck2 className="h-4 w-4" aria-hidden />
              {ownListing ? t('bar.preview') : draft.startTime ? t('box.book') : t('bar.choose')}
            </Button>
          </div>
        </BottomBar>
      </div>
      <Sheet open={open} onOpenChange={setOpen} title={t('box.title')} closeLabel={t('close')}>
        {box('sheet')}
      </Sheet>
    </>
  );
}
