import { useTranslation } from 'react-i18next';
import { durationText } from '../../../../shared/booking/duration';
import { groupPrice } from '../../../../shared/booking/money-rules';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { amount } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/**
 * "4 人 约 1,920 元 / 2 小时" on a card when the reader searched for a group (decision 151): the
 * guide's shortest tour for that many travelers, all counted as adults since a search names no
 * ages, by `groupPrice`, the function the quote prices with. Nothing for a group the guide does not take.
 */
export function GroupTotal({ guide, travelers }: { guide: Pick<GuideSummary, 'basicPricePerHourCents' | 'additionalPricePerPersonCents' | 'groupPricing' | 'minPeople' | 'maxPeople' | 'minDuration'>; travelers: number }) {
  const { t } = useTranslation('guides');
  if (travelers < guide.minPeople || travelers > guide.maxPeople) return null;
  const g = guide.groupPricing;
  const price = groupPrice(
    { basicPerHourCents: guide.basicPricePerHourCents, additionalPerPersonCents: guide.additionalPricePerPersonCents, ...g },
    { adults: travelers },
    { hours: guide.minDuration },
  );
  return (
    <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="group-total">
      {t('price.groupTotal', { count: travelers, amount: amount(price.totalCents), duration: durationText(guide.minDuration, currentLocale()) })}
    </p>
  );
}
