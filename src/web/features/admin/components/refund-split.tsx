import { useId } from 'react';
import type { Currency } from '../../../../shared/currency';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form';
import { refundSplit } from '../lib';
import { useFormat } from './ui/use-format';

/**
 * The refund an admin picks when resolving a dispute: typed in the booking's currency (decision 164),
 * shown as the split of what the traveler paid online (back to the traveler / kept for the guide and
 * the platform). The server computes the postings and refuses more than is refundable.
 */
export function RefundSplitInput({
  value,
  onChange,
  refundableCents,
  currency,
}: {
  value: string;
  onChange: (v: string) => void;
  refundableCents: number | null;
  currency: Currency;
}) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const id = useId();
  const split = refundSplit(value, refundableCents ?? Number.MAX_SAFE_INTEGER, currency);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const money = (minor: number) => f.money(minor, currency);
  const error =
    split.error === 'invalid'
      ? t(`refund.invalid.${currency}`)
      : split.error === 'tooMuch' && refundableCents !== null
        ? t('refund.tooMuch', { max: money(refundableCents) })
        : null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('refund.label')}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
          className={`${inputClass} max-w-[10rem]`}
        />
        <span className="text-sm text-stone-600 dark:text-stone-400">{t(`refund.unit.${currency}`)}</span>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div id={hintId} className="rounded-lg bg-stone-50 p-3 text-sm dark:bg-stone-800/60" data-testid="refund-split">
        {refundableCents === null ? (
          <p>{t('refund.unknownPaid')}</p>
        ) : (
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1">
            <dt>{t('refund.paidOnline')}</dt>
            <dd className="text-right tabular-nums">{money(refundableCents)}</dd>
            <dt>{t('refund.toTraveler')}</dt>
            <dd className="text-right font-medium tabular-nums">
              {split.refundCents === null || split.error ? '—' : money(split.refundCents)}
            </dd>
            <dt>{t('refund.kept')}</dt>
            <dd className="text-right tabular-nums">{split.error ? '—' : money(split.keptCents)}</dd>
          </dl>
        )}
      </div>
    </div>
  );
}
