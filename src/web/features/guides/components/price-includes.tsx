import { Check, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuideExtra } from '../../../../shared/booking/money-rules';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { cn } from '../../../lib/cn';
import type { Currency } from '../../../../shared/currency';
import { usePriceText } from '../../../lib/prices';
import { formatMoney } from '../../../../shared/money-format';
import { bracketed, colon } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/**
 * How a guide prices a group and what a tour includes (decision 151): the people the hourly rate
 * covers, children and infants, the day rate, then each declared extra — included, not included and
 * paid at cost in person, or overtime at its hourly price (the one the product charges).
 */
export function PriceIncludes({
  guide,
}: {
  guide: Pick<GuideDetail, 'groupPricing' | 'extras' | 'additionalPricePerPersonCents' | 'currency'>;
}) {
  const { t } = useTranslation('guides');
  const { price } = usePriceText();
  const g = guide.groupPricing;
  const percent = Math.round(g.childPriceRate * 100);
  return (
    <div className="space-y-3 text-sm text-stone-700 dark:text-stone-300" data-testid="price-includes">
      <ul className="space-y-1">
        <li>
          {t('pricing.covers', {
            count: g.includedPeople,
            additional: price(guide.additionalPricePerPersonCents, guide.currency),
          })}
        </li>
        {percent !== 100 && <li>{percent === 0 ? t('pricing.childrenFree') : t('pricing.children', { percent })}</li>}
        <li>{t(g.infantsFree ? 'pricing.infantsFree' : 'pricing.infantsPay')}</li>
        {g.dayRateCents !== null && (
          <li>{t('pricing.dayRate', { hours: g.dayHours, price: price(g.dayRateCents, guide.currency) })}</li>
        )}
      </ul>
      {guide.extras.length > 0 && (
        <div>
          <h3 className="font-medium">{t('pricing.extrasHeading')}</h3>
          <ExtrasList
            extras={guide.extras}
            currency={guide.currency}
            price={(minor) => price(minor, guide.currency)}
            className="mt-2"
          />
        </div>
      )}
    </div>
  );
}

/**
 * Each declared extra: included, not included and paid at cost in person, or overtime at its hourly
 * price. The profile lists them, and the order review before paying (decision 152).
 */
export function ExtrasList({
  extras,
  currency = 'CNY',
  price = (minor) => formatMoney(minor, currency, currentLocale()),
  className,
}: {
  extras: readonly GuideExtra[];
  /** The guide's currency, which the overtime price is in. */
  currency?: Currency;
  /** How a price reads here: the guide's own by default; the profile's in the reader's currency too (decision 168). */
  price?: (minor: number) => string;
  className?: string;
}) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  return (
    <ul className={cn('space-y-1.5', className)} data-testid="extras-list">
      {extras.map((e, i) => {
        const Icon = e.included ? Check : Receipt;
        const state = e.included
          ? t('pricing.included')
          : e.kind === 'overtime_hour' && e.priceCents !== undefined
            ? t('pricing.overtime', { price: price(e.priceCents) })
            : t('pricing.atCost');
        return (
          <li key={`${e.kind}-${i}`} className="flex items-start gap-2">
            <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{t(`pricing.kind.${e.kind}`)}</span>
              {colon(locale)}
              {state}
              {e.note && <span className="text-stone-600 dark:text-stone-400">{bracketed(e.note, locale)}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
