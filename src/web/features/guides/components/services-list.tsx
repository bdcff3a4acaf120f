import { useTranslation } from 'react-i18next';
import type { GuideService } from '../../../../shared/schemas/guides';
import { currentLocale } from '../../../lib/i18n';
import { useGuideChoices } from '../api/get-guide-services';
import { useGuidePricing } from '../api/get-guide-pricing';
import { localName, amount } from '../../../lib/format';

/**
 * Services grouped by category with their prices, from the choices and pricing calls. If either
 * call fails, the guide's own service list stands in (docs/rules/look-and-language.md legacy fallback).
 */
export function ServicesList({ guideId, fallback }: { guideId: number; fallback: GuideService[] }) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
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
            <li key={s.id} className="rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-700 dark:bg-primary-900/40 dark:text-primary-200">
              {localName(s, locale)} · {t('price.perHour', { amount: amount(s.priceCents) })}
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
                {price.has(s.id) && <span className="shrink-0 font-medium">{t('price.perHour', { amount: amount(price.get(s.id)!) })}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
