import { useTranslation } from 'react-i18next';
import { durationText } from '../../../../shared/booking/duration';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { amount } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/**
 * "4 人 · 约 1,920 元 / 2 小时" on a card when the reader searched for a group (decision 151): the
 * guide's shortest tour for the group, adults, children and infants as the search named them, priced
 * by the server with the function the quote prices with (`groupQuote`), so the card shows the
 * quote's total. Nothing when the search named no group.
 */
export function GroupTotal({ quote }: { quote: GuideSummary['groupQuote'] }) {
  const { t } = useTranslation('guides');
  if (!quote) return null;
  const count = quote.adults + quote.children + quote.infants;
  return (
    <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="group-total">
      {t('price.groupTotal', { count, amount: amount(quote.totalCents), duration: durationText(quote.hours, currentLocale()) })}
    </p>
  );
}
