import { ApiError } from '../../../lib/api-client';
import { useDisplayCurrency } from '../../../lib/display-currency';
import { useFxRate } from '../../../lib/prices';
import { useGroupQuote } from '../api/get-quote';
import type { PriceLines } from '../components/price-breakdown';
import { inDisplayCurrency, previewPrice, quotedPrice } from '../lib/price';
import type { Refusal } from '../lib/refusal-text';
import type { BookableGuide, BookingDraft } from '../lib/selection';

/**
 * The price of a draft as the booking box, its phone bar and the checkout show it (decision 152):
 * the server's quote of the group once it answers for this very draft, the shared rule's preview
 * until then (or if it cannot be reached); a travel credit the checkout will take comes off either.
 * A draft the server refuses is `refused`, with its code and fields, and its preview is not a price.
 */
export function useDraftPrice(
  guide: BookableGuide | undefined,
  draft: Pick<BookingDraft, 'durationHours' | 'adults' | 'children' | 'infants' | 'subcategoryId' | 'days'> | null,
  availableCreditCents = 0,
) {
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
  // The server refusing the draft (a length or group the guide does not sell): no price is shown for it (decision 176).
  const refused: Refusal | null =
    quote.isError && quote.error instanceof ApiError && quote.error.status < 500
      ? { code: quote.error.code, fields: quote.error.body?.fields }
      : null;
  return { price, refused, loading: quote.isLoading };
}
