import { useQuery } from '@tanstack/react-query';
import { priceSliderBounds } from '../../../../shared/price-range';
import { apiRequest } from '../../../lib/api-client';
import { guideKeys } from './keys';

/** GET /api/v2/guides/price-bounds: lowest and highest hourly price of listed guides, RMB. */
export function getPriceBounds(): Promise<{ lowest: number | null; highest: number | null }> {
  return apiRequest('/api/v2/guides/price-bounds');
}

/** The slider bounds of docs/rules/money-and-cancellation.md; the defaults stand in while loading or if the call fails. */
export function usePriceSliderBounds() {
  const query = useQuery({ queryKey: guideKeys.priceBounds, queryFn: getPriceBounds, meta: { sharedWithVisitors: true } });
  return priceSliderBounds(query.data?.lowest ?? null, query.data?.highest ?? null);
}
