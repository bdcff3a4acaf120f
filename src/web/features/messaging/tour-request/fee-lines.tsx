// The additional fees of a tour request, each with its amount and their total: shown by the traveler's form and by the
// card both sides read.
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n';
import { yen } from './rules';

/**
 * The additional fees, each with its amount in yen, and their total; the guide reads them in yen alone (`yen` in
 * rules.ts).
 */
export function FeeLines({
  fees,
  reader = 'traveler',
}: {
  fees: { mealYen: number; transportYen: number; ticketsYen: number; totalYen: number };
  reader?: 'traveler' | 'guide';
}) {
  const { t } = useTranslation(['messaging', 'licences']);
  const locale = currentLocale();
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm" data-testid="tour-fees">
        <dt>{t('tour.feeMeal')}</dt>
        <dd className="text-right tabular-nums">{yen(fees.mealYen, locale, reader)}</dd>
        <dt>{t('tour.feeTransport')}</dt>
        <dd className="text-right tabular-nums">{yen(fees.transportYen, locale, reader)}</dd>
        <dt>{t('tour.feeTickets')}</dt>
        <dd className="text-right tabular-nums">{yen(fees.ticketsYen, locale, reader)}</dd>
        <dt className="font-semibold">{t('tour.feeTotal')}</dt>
        <dd className="text-right font-semibold tabular-nums">{yen(fees.totalYen, locale, reader)}</dd>
      </dl>
      {/* Decision 092: paid on site at cost, never a fare; tickets for trains or hotels are the traveler's own. */}
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('licences:transport.ticketsNote')}</p>
    </>
  );
}
