import { useQuery } from '@tanstack/react-query';
import { convertMinor, type Currency, type FxRate } from '../../shared/currency';
import type { Locale } from '../../shared/locales';
import { formatBeside, formatMoney } from '../../shared/money-format';
import { apiRequest } from './api-client';
import { useDisplayCurrency } from './display-currency';
import { currentLocale } from './i18n';

const FX_RATE_KEY = ['fx', 'rate'] as const;

/**
 * GET /api/v2/fx/rate: yen per yuan today, for showing a price in the other currency (never for
 * charging). `enabled: false` where the price at hand carries its own rate and today's is not needed.
 */
export function useFxRate(enabled = true) {
  return useQuery({
    queryKey: FX_RATE_KEY,
    queryFn: () => apiRequest<FxRate>('/api/v2/fx/rate'),
    staleTime: 10 * 60_000,
    meta: { sharedWithVisitors: true },
    enabled,
  });
}

/**
 * A price as a reader of `shown` reads it: the amount itself in its own currency; in the other, about
 * as much in `shown` at `jpyPerCny` with the guide's own beside it (`formatBeside`). Without a rate
 * yet, the guide's own alone: a guess is never shown as a price.
 */
export function priceText(
  minor: number,
  own: Currency,
  shown: Currency,
  jpyPerCny: string | undefined,
  locale: Locale,
): string {
  if (own === shown || !jpyPerCny) return formatMoney(minor, own, locale);
  return formatBeside(
    { minor: convertMinor(minor, own, shown, jpyPerCny), currency: shown },
    { minor, currency: own },
    locale,
  );
}

/** `priceText` in the reader's display currency at today's rate, for a component. */
export function usePriceText(): {
  currency: Currency;
  rate: FxRate | undefined;
  price: (minor: number, own: Currency) => string;
} {
  const currency = useDisplayCurrency();
  const rate = useFxRate().data;
  const locale = currentLocale();
  return { currency, rate, price: (minor, own) => priceText(minor, own, currency, rate?.jpyPerCny, locale) };
}
