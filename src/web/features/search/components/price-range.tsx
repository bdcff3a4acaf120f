import { useTranslation } from 'react-i18next';
import { MINOR_PER_MAJOR, type Currency } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import { PRICE_SLIDER } from '../../../../shared/price-slider';
import { currentLocale } from '../../../lib/i18n';
import './price-range.css';

/**
 * docs/rules/messaging.md price band: two thumbs on one track, step 10, keyboard operable, labelled for screen readers.
 */
export function PriceRange({
  currency = 'CNY',
  bounds,
  value,
  onChange,
  hint,
}: {
  /** The reader's currency (decision 168): whole yuan, step 10, or whole yen, step 200. */
  currency?: Currency;
  bounds: { min: number; max: number };
  value: { min: number; max: number };
  onChange: (value: { min: number; max: number }) => void;
  /** A line under the band, e.g. that the default band is not applied until it is moved. */
  hint?: string;
}) {
  const { t } = useTranslation('search');
  const locale = currentLocale();
  const money = (major: number) => formatMoney(major * MINOR_PER_MAJOR[currency], currency, locale);
  const step = PRICE_SLIDER[currency].step;
  const span = bounds.max - bounds.min || 1;
  const left = ((value.min - bounds.min) / span) * 100;
  const right = ((value.max - bounds.min) / span) * 100;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-stone-700 dark:text-stone-200" id="price-label">
          {t('form.price')}
        </span>
        <output
          className="text-sm font-semibold text-primary-700 dark:text-primary-300"
          aria-live="polite"
          data-testid="price-output"
        >
          {currency === 'CNY'
            ? t('form.priceRange', { min: value.min, max: value.max })
            : t('form.priceBand', { min: money(value.min), max: money(value.max) })}
        </output>
      </div>
      <div className="price-range relative mt-3 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-stone-200 dark:bg-stone-700" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary-600"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value.min}
          // When both thumbs meet at the top end, the minimum must stay grabbable.
          style={{ zIndex: value.min >= bounds.max - step ? 3 : 1 }}
          aria-label={t('form.minPrice')}
          aria-valuetext={money(value.min)}
          onChange={(e) => onChange({ min: Math.min(Number(e.target.value), value.max), max: value.max })}
        />
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value.max}
          style={{ zIndex: 2 }}
          aria-label={t('form.maxPrice')}
          aria-valuetext={money(value.max)}
          onChange={(e) => onChange({ min: value.min, max: Math.max(Number(e.target.value), value.min) })}
        />
      </div>
      <div className="mt-1 flex justify-between text-xs text-stone-500 dark:text-stone-400" aria-hidden>
        <span>{bounds.min}</span>
        <span>{bounds.max}</span>
      </div>
      {currency === 'CNY' && (
        <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('form.additionalPerson')}</p>
      )}
      {hint && <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">{hint}</p>}
    </div>
  );
}
