import { useTranslation } from 'react-i18next';
import { BesideText } from '../../../components/ui/beside-text';
import type { GuideService } from '../../../../shared/schemas/guides';
import { currentLocale } from '../../../lib/i18n';
import { useGuideChoices } from '../api/get-guide-services';
import { useGuidePricing } from '../api/get-guide-pricing';
import type { Currency } from '../../../../shared/currency';
import { usePriceText } from '../../../lib/prices';
import { localName } from '../../../lib/format';

/**
 * Services grouped by category with their prices, from the choices and pricing calls. If either
 * call fails, the guide's own service list stands in (docs/rules/look-and-language.md legacy fallback).
 */
export function ServicesList({
  guideId,
  fallback,
  currency = 'CNY',
}: {
  guideId: number;
  fallback: GuideService[];
  currency?: Currency;
}) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  const money = usePriceText().price;
  const choices = useGuideChoices(guideId);
  const pricing = useGuidePricing(guideId);
  if (choices.isPending || pricing.isPending) {
    return <div className="h-24 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" aria-hidden />;
  }
  if (choices.isError || pricing.isError) {
    return (
      <div>
        <p className="text-sm text-stone-500 dark:text-stone-400">{t('profile.servicesFallback')}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {fallback.map((s) => (
            <li
              key={s.id}
              className="rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-700 dark:bg-primary-900/40 dark:text-primary-200"
            >
              {localName(s, locale)} · {t('price.perHourPrice', { price: money(s.priceCents, currency) })}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const price = new Map(pricing.data.map((p) => [p.subcategoryId, p.priceCents]));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {choices.data.map((c) => (
        <div key={c.id}>
          <h3 className="text-sm font-semibold text-stone-500 dark:text-stone-400">{localName(c, locale)}</h3>
          <ul className="mt-2 space-y-1.5">
            {c.subcategories.map((s) => (
              <li key={s.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span>{localName(s, locale)}</span>
                {/*
                 * A price in two currencies wraps between them on a phone rather than push the page wider
                 * (BesideText).
                 */}
                {price.has(s.id) && (
                  <span className="min-w-0 text-right font-medium">
                    <BesideText text={t('price.perHourPrice', { price: money(price.get(s.id)!, currency) })} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
