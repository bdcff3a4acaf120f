import { useDisplayCurrency } from '../../../lib/display-currency';
import { useFxRate } from '../../../lib/prices';
import { useGroupQuote } from '../api/get-quote';
import type { PriceLines } from '../components/price-breakdown';
import { inDisplayCurrency, previewPrice, quotedPrice } from '../lib/price';
import type { BookableGuide, BookingDraft } from '../lib/selection';

/**
 * The price of a draft as the booking box, its phone bar and the checkout show it (decision 152):
 * the server's quote of the group once it answers for this very draft, the shared rule's preview
 * until then (or if it fails); a travel credit the checkout will take comes off either.
 */
export function useDraftPrice(guide: BookableGuide | undefined, draft: Pick<BookingDraft, 'durationHours' | 'adults' | 'children' | 'infants' | 'subcategoryId' | 'days'> | null, availableCreditCents = 0) {
  const fallback = { durationHours: 1, adults: 1, children: 0, infants: 0, subcategoryId: null };
  // The quote is asked in the reader's currency, which a booking made from it is charged in (decision 168).
  const currency = useDisplayCurrency();
  const rate = useFxRate().data;
  const quote = useGroupQuote(guide?.id ?? 0, draft ?? fallback, currency, !!guide && !!draft);
  const price: PriceLines | null =
    !guide || !draft
      ? null
      : quote.data && !quote.isPlaceholderData
        ? quotedPrice(quote.data, availableCreditCents)
        : inDisplayCurrency(previewPrice(guide, draft, availableCreditCents), currency, rate);
  return { price, loading: quote.isLoading };
}
