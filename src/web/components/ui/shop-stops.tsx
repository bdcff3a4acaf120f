import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ShopStop } from '../../../shared/schemas/offers';

/**
 * The shop stops a guide declared with an offer (decision 135), read wherever the traveler decides:
 * the offer in the chat and the final confirmation before paying. No stop is said in words, not left
 * out: "none declared" is what a traveler can later hold the tour to.
 */
export function ShopStopsList({ stops, className }: { stops: readonly ShopStop[]; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={className} data-testid="shop-stops">
      <p className="flex items-center gap-1.5 font-medium text-stone-800 dark:text-stone-200">
        <ShoppingBag className="h-4 w-4 shrink-0" aria-hidden />
        {t('shopStops.title')}
      </p>
      {stops.length === 0 ? (
        <p className="mt-0.5 text-stone-600 dark:text-stone-400">{t('shopStops.none')}</p>
      ) : (
        <ul className="mt-0.5 space-y-1">
          {stops.map((s, i) => (
            <li key={i} className="break-words">
              <span className="text-stone-800 dark:text-stone-200">{t('shopStops.item', { name: s.name, minutes: s.minutes })}</span>{' '}
              <span className={s.paidByShop ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-stone-600 dark:text-stone-400'}>
                {t(s.paidByShop ? 'shopStops.paidByShop' : 'shopStops.notPaid')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">{t('shopStops.undeclared')}</p>
    </div>
  );
}
