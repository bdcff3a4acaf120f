import { useTranslation } from 'react-i18next';
import { fenToYen } from '../../../shared/payout-yen';
import { currentLocale } from '../../lib/i18n';
import { formatCalendarDate, moneyFormat } from '../../lib/format';
import { usePayoutRate } from './api';

/**
 * What a bank payout would be in yen (decision 142): the latest rate the product used with its
 * transfer day, the typed amount at that rate (the batches' own rounding, `fenToYen`), and that the
 * transfer's rate is set when its weekly batch is made. No rate yet is said plainly, never guessed.
 */
export function YenEstimate({ amountCents }: { amountCents: number | null }) {
  const { t } = useTranslation('wallet');
  const rate = usePayoutRate();
  const locale = currentLocale();
  return (
    <section
      aria-labelledby="yen-title"
      aria-live="polite"
      className="rounded-lg border border-stone-200 p-3 text-sm dark:border-stone-700"
      data-testid="yen-estimate"
    >
      <h3 id="yen-title" className="font-semibold">
        {t('yen.title')}
      </h3>
      {rate.isPending ? (
        <p className="mt-1 text-stone-600 dark:text-stone-400">{t('yen.loading')}</p>
      ) : rate.isError ? (
        <p className="mt-1" role="alert">
          {t('yen.loadFailed')}
        </p>
      ) : rate.data ? (
        <>
          <p className="mt-1" data-testid="yen-rate">
            {t('yen.rate', { rate: rate.data.jpyPerCny, date: formatCalendarDate(rate.data.transferDate, locale) })}
          </p>
          {amountCents !== null && (
            <p className="mt-1 font-medium" data-testid="yen-amount">
              {t('yen.estimate', { amount: moneyFormat(locale).yen(fenToYen(amountCents, rate.data.jpyPerCny)) })}
            </p>
          )}
        </>
      ) : (
        <p className="mt-1" data-testid="yen-rate">
          {t('yen.noRate')}
        </p>
      )}
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('yen.note')}</p>
    </section>
  );
}
