import { useTranslation } from 'react-i18next';
import { durationText } from '../../../../shared/booking/duration';
import { formatBeside } from '../../../../shared/money-format';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { BesideText } from '../../../components/ui/beside-text';
import { currentLocale } from '../../../lib/i18n';

/**
 * The searched trip's price on a card (decisions 151, 176): the group and the length ("4 people · 3
 * days of 8 hours"), a day's price and the trip's, in the reader's currency with the guide's own
 * beside when they differ, and whether the guide confirms at once. Every figure is the server's
 * (`groupQuote`, priced as the quote and the checkout price the same question); a length the guide
 * does not sell reads as the lengths it does. Nothing when the search named no group.
 */
export function GroupTotal({
  guide,
}: {
  guide: Pick<
    GuideSummary,
    'groupQuote' | 'groupQuoteRefusal' | 'currency' | 'instantBook' | 'minDuration' | 'maxDuration'
  >;
}) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  const quote = guide.groupQuote;
  if (guide.groupQuoteRefusal) {
    return (
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="group-total">
        {t('trip.notSold', { min: guide.minDuration, max: guide.maxDuration })}
      </p>
    );
  }
  if (!quote) return null;
  const count = quote.adults + quote.children + quote.infants;
  const hours = durationText(quote.dayHours, locale);
  const length = quote.days > 1 ? t('trip.days', { count: quote.days, hours }) : hours;
  const money = (charge: number, own: number) =>
    formatBeside({ minor: charge, currency: quote.chargeCurrency }, { minor: own, currency: guide.currency }, locale);
  return (
    <div className="mt-1 text-sm text-stone-600 dark:text-stone-400" data-testid="group-total">
      <p>{t('trip.group', { count, length })}</p>
      {quote.days > 1 && (
        <p data-testid="trip-day">
          <BesideText text={t('trip.perDay', { price: money(quote.chargeDayTotal, quote.dayTotalCents) })} />
        </p>
      )}
      <p className="font-semibold text-stone-900 dark:text-white" data-testid="trip-total">
        <BesideText text={t('trip.total', { price: money(quote.chargeTotal, quote.totalCents) })} />
      </p>
      <p className="text-xs">{guide.instantBook ? t('trip.instant') : t('trip.guideConfirms')}</p>
    </div>
  );
}
