import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Currency } from '../../../../shared/currency';
import type { QuoteReply } from '../../../../shared/schemas/quote';
import { apiRequest } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import type { BookingDraft } from '../lib/selection';
import { bookingKeys } from './keys';

/**
 * GET /api/v2/guides/{id}/quote (decision 151): the server's price of the draft's group, with its
 * lines in the reader's language; a booking of the same group is charged exactly that (decision 152).
 * The previous answer stays on screen while a changed group is priced.
 */
export function useGroupQuote(
  guideId: number,
  draft: Pick<BookingDraft, 'durationHours' | 'adults' | 'children' | 'infants' | 'subcategoryId' | 'days'>,
  /**
   * The reader's currency: the quote's …Cents fields are in it, and a booking made from it is charged in it
   * (decision 168).
   */
  chargeCurrency: Currency,
  enabled = true,
) {
  // Days are priced as `days` of `dayHours` (decisions 154, 176), as the checkout books them.
  const query: Record<string, string | number> = {
    ...(draft.days !== undefined
      ? { days: draft.days, dayHours: draft.durationHours }
      : { durationHours: draft.durationHours }),
    adults: draft.adults,
    children: draft.children,
    infants: draft.infants,
    lang: currentLocale(),
    chargeCurrency,
    ...(draft.subcategoryId !== null ? { subcategoryId: draft.subcategoryId } : {}),
  };
  return useQuery({
    queryKey: bookingKeys.groupQuote(guideId, query),
    queryFn: () => apiRequest<QuoteReply>(`/api/v2/guides/${guideId}/quote`, { query }),
    enabled: enabled && guideId > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
