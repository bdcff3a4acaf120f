import { useQuery } from '@tanstack/react-query';
import { priceSliderBounds } from '../../../../shared/price-slider';
import type { Currency } from '../../../../shared/currency';
import { apiRequest } from '../../../lib/api-client';
import { useDisplayCurrency } from '../../../lib/display-currency';
import { guideKeys } from './keys';

/**
 * GET /api/v2/guides/price-bounds: lowest and highest hourly price of listed guides, whole yuan or yen (decision 168).
 */
export function getPriceBounds(currency: Currency): Promise<{ lowest: number | null; highest: number | null }> {
  return apiRequest('/api/v2/guides/price-bounds', { query: { currency } });
}

/**
 * The slider bounds of docs/rules/money-and-cancellation.md in the reader's currency; the defaults stand in while
 * loading or if the call fails.
 */
export function usePriceSliderBounds() {
  const currency = useDisplayCurrency();
  const query = useQuery({
    queryKey: guideKeys.priceBounds(currency),
    queryFn: () => getPriceBounds(currency),
    meta: { sharedWithVisitors: true },
  });
  return priceSliderBounds(query.data?.lowest ?? null, query.data?.highest ?? null, currency);
}
