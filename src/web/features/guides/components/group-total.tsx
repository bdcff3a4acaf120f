import { useTranslation } from 'react-i18next';
import { durationText } from '../../../../shared/booking/duration';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import type { Currency } from '../../../../shared/currency';
import { usePriceText } from '../../../lib/prices';
import { currentLocale } from '../../../lib/i18n';

/**
 * "4 人 · 约 1,920 元 / 2 小时" on a card when the reader searched for a group (decision 151): the
 * guide's shortest tour for the group, adults, children and infants as the search named them, priced
 * by the server with the function the quote prices with (`groupQuote`), so the card shows the
 * quote's total. Nothing when the search named no group.
 */
export function GroupTotal({ quote, currency = 'CNY' }: { quote: GuideSummary['groupQuote']; currency?: Currency }) {
  const { t } = useTranslation('guides');
  const { price, currency: shown, rate } = usePriceText();
  if (!quote) return null;
  const count = quote.adults + quote.children + quote.infants;
  const duration = durationText(quote.hours, currentLocale());
  // In the guide's own currency, "about" its total; in another, about as much with the guide's beside it,
  // which says "about" itself (decision 168).
  return (
    <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="group-total">
      {t(currency === shown || !rate ? 'price.groupTotal' : 'price.groupTotalPrice', { count, price: price(quote.totalCents, currency), duration })}
    </p>
  );
}
