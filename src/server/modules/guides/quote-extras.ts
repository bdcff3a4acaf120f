import { extraLineLabel } from '../../../shared/booking/extra-lines';
import { chooseExtras } from '../../../shared/booking/family-plans';
import type { GuideExtra } from '../../../shared/booking/money-rules';
import { convertMinor, type Currency, type FxRate } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import type { QuoteQuery, QuoteReply } from '../../../shared/schemas/quote';
import { AppError } from '../../lib/app-error';

/**
 * The extras the quote was asked about (decision 178), as lines paid in person at cost: in the guide's
 * currency as declared and about as much in the reader's, labelled in the reader's language. They are
 * not in the total, the deposit or what is paid in person of the price; a kind the guide does not
 * declare as not included with a price is 400 `extra_not_offered`, as at the checkout.
 */
export function quoteExtras(
  extras: readonly GuideExtra[],
  q: Pick<QuoteQuery, 'extras'>,
  guideCurrency: Currency,
  chargeCurrency: Currency,
  rate: FxRate,
  locale: Locale,
): QuoteReply['extras'] {
  const chosen = chooseExtras(extras, q.extras ?? [], guideCurrency);
  if ('refused' in chosen) {
    throw new AppError(
      'extra_not_offered',
      'This guide does not offer that extra to pay at cost',
      chosen.refused.map((kind) => ({ path: 'querystring.extras', message: kind })),
    );
  }
  return chosen.chosen.map((e) => ({
    kind: e.kind,
    label: extraLineLabel(e.kind, locale),
    note: e.note,
    guideAmount: e.priceCents,
    amountCents: convertMinor(e.priceCents, guideCurrency, chargeCurrency, rate.jpyPerCny),
  }));
}
