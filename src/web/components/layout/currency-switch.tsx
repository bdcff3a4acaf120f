import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../shared/currency';
import { setDisplayCurrency, useDisplayCurrency } from '../../lib/display-currency';
import { buttonClass } from '../ui/button';

/**
 * The currency prices are shown in (decision 168), beside the language: the system's own list, so a
 * phone opens its native picker and a keyboard moves with the arrows, as the language switch does.
 */
const CHOICES: readonly Currency[] = ['CNY', 'JPY'];

export function CurrencySwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useDisplayCurrency();
  return (
    <label className={buttonClass('ghost', 'sm', className)}>
      <Coins className="h-4 w-4" aria-hidden />
      <span className="sr-only">{t('currency.label')}</span>
      <select
        value={current}
        onChange={(e) => setDisplayCurrency(CHOICES.find((c) => c === e.target.value) ?? current)}
        className="cursor-pointer appearance-none bg-transparent"
        data-testid="currency-switch"
      >
        {CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(`currency.${c}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
