import { checkoutGroup, type CheckoutGroup } from '../../../shared/booking/checkout-group';
import { defaultDayHours, sellsDaysOf, type DayRates } from '../../../shared/booking/tour-days';
import { tripPrice, type GuideRates, type TripLength } from '../../../shared/booking/trip-price';
import { convertMinor, type Currency, type FxRate } from '../../../shared/currency';
import type { GuideSearchQuery } from '../../../shared/schemas/guide-search';
import type { GuideSummary } from '../../../shared/schemas/guides';

/**
 * The question a search asks every card of its page (decision 176): the group, the length (days,
 * hours, or neither: the guide's shortest tour) and the reader's currency at the index's rate.
 * `key` names it among the questions kept with a card.
 */
interface CardQuestion {
  group: CheckoutGroup;
  days?: number;
  hours?: number;
  seen?: Currency;
  rate?: FxRate;
  key: string;
}

/**
 * The search's question, or null when it names no group. The group is read as a checkout's body
 * reads it (`checkoutGroup`): by age when it names adults, else `travelers` all priced as adults. The
 * query's schema has refused a `travelers` that disagrees with the ages, so the reader's refusal
 * cannot happen here.
 */
export function cardQuestion(
  q: Pick<
    GuideSearchQuery,
    'travelers' | 'adults' | 'children' | 'infants' | 'days' | 'durationHours' | 'chargeCurrency' | 'currency'
  >,
  rate: FxRate | undefined,
): CardQuestion | null {
  if (q.adults === undefined && q.travelers === undefined) return null;
  const group = checkoutGroup(q);
  if (typeof group === 'string') return null;
  const seen = q.chargeCurrency ?? q.currency;
  // The rate changes the reader's figures only: it is part of the question.
  const key = `${group.adults},${group.children},${group.infants}|${q.days ?? ''}|${q.durationHours ?? ''}|${seen}|${rate?.jpyPerCny ?? ''}`;
  return { group, days: q.days, hours: q.durationHours, seen, rate, key };
}

type Priced = Pick<
  GuideSummary,
  | 'basicPricePerHourCents'
  | 'additionalPricePerPersonCents'
  | 'groupPricing'
  | 'minDuration'
  | 'maxDuration'
  | 'currency'
>;

/**
 * The length a card prices (decision 176): the searched hours, or days of the searched hours or the
 * guide's usual day (`defaultDayHours`), or the guide's shortest tour when the search named none;
 * null when the guide does not sell it (`sellsDaysOf`, the checkout's rule).
 */
function cardLength(card: Priced, ask: Pick<CardQuestion, 'days' | 'hours'>): TripLength | null {
  const sold: DayRates = {
    dayHours: card.groupPricing.dayHours,
    dayRateCents: card.groupPricing.dayRateCents,
    minHours: card.minDuration,
    maxHours: card.maxDuration,
  };
  if (ask.days !== undefined) {
    const dayHours = ask.hours ?? defaultDayHours(sold);
    return sellsDaysOf(sold, dayHours) ? { days: ask.days, dayHours } : null;
  }
  const hours = ask.hours ?? card.minDuration;
  return hours >= card.minDuration && hours <= card.maxDuration ? { hours } : null;
}

/**
 * The rates a card publishes, read back: guides.service.ts writes the two prices and `groupPricing`
 * from `guideRates` (decision 187), and a card sells no service, so this is that reading unchanged.
 */
const publishedRates = (card: Priced): GuideRates => ({
  basicPerHourCents: card.basicPricePerHourCents,
  additionalPerPersonCents: card.additionalPricePerPersonCents,
  servicePriceCents: null,
  ...card.groupPricing,
});

/**
 * A card's price for the question: `tripPrice` with the card's rates, the very fields and function
 * the quote prices with (quote.ts), converted to the reader's currency by `convertMinor` at the
 * index's rate as the quote converts at today's, so the card shows what `GET /guides/{id}/quote`
 * answers for the same group and length, and a booking of them is charged (`search-trip.test.ts`).
 */
function cardGroupQuote(card: Priced, ask: CardQuestion): Pick<GuideSummary, 'groupQuote' | 'groupQuoteRefusal'> {
  const trip = cardLength(card, ask);
  if (!trip) return { groupQuoteRefusal: 'duration_out_of_range' };
  const own = card.currency;
  // Without a rate (none read yet), the guide's own currency: a guess is never a price.
  const seen = ask.rate ? (ask.seen ?? own) : own;
  const inSeen = (minor: number) => (seen === own ? minor : convertMinor(minor, own, seen, ask.rate!.jpyPerCny));
  const p = tripPrice(publishedRates(card), ask.group, trip);
  // Every field written out: a spread followed by more fields made an object three times as slow to
  // build and write, measured on a page of quotes (decision 176).
  return {
    groupQuote: {
      adults: ask.group.adults,
      children: ask.group.children,
      infants: ask.group.infants,
      hours: p.price.hours,
      totalCents: p.price.totalCents,
      days: 'days' in trip ? trip.days : 1,
      dayHours: 'days' in trip ? trip.dayHours : trip.hours,
      dayTotalCents: p.dayTotalCents,
      chargeCurrency: seen,
      chargeTotal: inSeen(p.price.totalCents),
      chargeDayTotal: inSeen(p.dayTotalCents),
    },
  };
}

/**
 * A card's group quote as the JSON that ends it, kept with the card for the questions last asked of
 * it (decision 163): a search asks every card of the page the same question, and the next searches
 * mostly the same again. A card changes as a new object (guide-search.ts builds it anew), so an old
 * quote is never read.
 */
const quoteTails = new WeakMap<GuideSummary, Map<string, Buffer>>();
const QUOTES_PER_CARD = 8;
export function groupQuoteTail(card: GuideSummary, ask: CardQuestion): Buffer {
  let byQuestion = quoteTails.get(card);
  if (!byQuestion) quoteTails.set(card, (byQuestion = new Map()));
  let tail = byQuestion.get(ask.key);
  if (!tail) {
    if (byQuestion.size >= QUOTES_PER_CARD) byQuestion.clear();
    const quoted = JSON.stringify(cardGroupQuote(card, ask));
    // The quote's fields, spliced before the card's closing brace.
    tail = Buffer.from(`,${quoted.slice(1)}`);
    byQuestion.set(ask.key, tail);
  }
  return tail;
}
