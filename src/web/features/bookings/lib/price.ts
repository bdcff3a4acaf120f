import {
  chargeFor,
  chargeForDifference,
  inCurrency,
  type ChargeTerms,
  type OnlineMethod,
} from '../../../../shared/booking/charge';
import { priceWithCredit } from '../../../../shared/booking/credit';
import { convertMinor, type Currency, type FxRate } from '../../../../shared/currency';
import { bookingPrice } from '../../../../shared/booking/money-rules';
import { daysLength } from '../../../../shared/booking/tour-days';
import type { Booking } from '../../../../shared/schemas/bookings';
import { priceLineLabel } from '../../../../shared/booking/price-lines';
import type { Offer } from '../../../../shared/schemas/offers';
import type { QuoteReply } from '../../../../shared/schemas/quote';
import type { Locale } from '../../../../shared/locales';
import { formatBeside, formatMoney } from '../../../../shared/money-format';
import { currentLocale } from '../../../lib/i18n';
import type { PriceLines } from '../components/price-breakdown';
import { draftGroupSize, type BookableGuide, type BookingDraft } from './selection';

/**
 * The breakdown shown before a booking exists, from the shared pricing rule (decision 040) with the
 * default deposit rate and the guide's group pricing (decision 152): shown until the server's quote
 * answers (`quotedPrice`). The server prices the booking when it is made, and the checkout shows and
 * charges the server's figures.
 */
export function previewPrice(
  guide: Pick<
    BookableGuide,
    'basicPricePerHourCents' | 'additionalPricePerPersonCents' | 'groupPricing' | 'services' | 'currency'
  >,
  draft: Pick<BookingDraft, 'durationHours' | 'adults' | 'children' | 'infants' | 'subcategoryId' | 'days'>,
  /** The traveler's available travel credit (decision 139), which the server takes off the total. */
  availableCreditCents = 0,
): PriceLines {
  const days = draft.days;
  const service = draft.subcategoryId === null ? undefined : guide.services.find((s) => s.id === draft.subcategoryId);
  const g = guide.groupPricing;
  const p = bookingPrice({
    basicPerHourCents: guide.basicPricePerHourCents,
    additionalPerPersonCents: guide.additionalPricePerPersonCents,
    servicePriceCents: service?.priceCents ?? null,
    includedPeople: g.includedPeople,
    childPriceRate: g.childPriceRate,
    infantsFree: g.infantsFree,
    adults: draft.adults,
    children: draft.children,
    infants: draft.infants,
    hours: draft.durationHours,
    // Days are priced as the server prices them (decisions 154, 176).
    length: days !== undefined ? daysLength(days, draft.durationHours, guide.groupPricing.dayHours) : undefined,
    dayRateCents: guide.groupPricing.dayRateCents,
    dayHours: guide.groupPricing.dayHours,
  });
  const locale = currentLocale();
  // Labelled by the trip as asked, "3 days × 8 hours" (decision 179), as the quote labels it.
  const asked = days !== undefined ? { days, dayHours: draft.durationHours } : { hours: draft.durationHours };
  const lines = p.lines.map((l) => ({ label: priceLineLabel(l, asked, locale), amountCents: l.amountCents }));
  return withCredit(
    {
      ...p,
      lines,
      hours: (days ?? 1) * draft.durationHours,
      travelers: draftGroupSize(draft),
      days: days ?? 1,
      currency: guide.currency ?? 'CNY',
    },
    availableCreditCents,
  );
}

/**
 * A price in the guide's currency as a reader of `shown` sees it until the server's quote answers
 * (decision 168): each figure converted once at today's rate for display, the base line taking the
 * rounding so the lines still add up, with the guide's own figures beside. Nothing is charged from
 * it: the quote and the booking carry the server's.
 */
export function inDisplayCurrency(p: PriceLines, shown: Currency, rate: FxRate | undefined): PriceLines {
  const own = p.currency ?? 'CNY';
  if (own === shown || !rate || p.own) return p;
  const conv = (minor: number) => convertMinor(minor, own, shown, rate.jpyPerCny);
  const totalCents = conv(p.totalCents);
  const depositCents = conv(p.depositCents);
  const creditCents = p.creditCents ? conv(p.creditCents) : p.creditCents;
  return {
    ...p,
    unitPriceCents: conv(p.unitPriceCents),
    additionalPerPersonCents: conv(p.additionalPerPersonCents),
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
    creditCents,
    lines: p.lines && convertLines(p.lines, totalCents + (creditCents ?? 0), conv),
    currency: shown,
    own: {
      currency: own,
      totalCents: p.totalCents,
      depositCents: p.depositCents,
      balanceCents: p.balanceCents,
      lines: p.lines?.map((l) => l.amountCents),
    },
    rate,
  };
}

/** Lines converted one by one but the first, which takes what makes them add up to `sum`. */
function convertLines(lines: { label: string; amountCents: number }[], sum: number, conv: (minor: number) => number) {
  const rest = lines.slice(1).map((l) => ({ ...l, amountCents: conv(l.amountCents) }));
  const first = lines[0] ? [{ ...lines[0], amountCents: sum - rest.reduce((s, l) => s + l.amountCents, 0) }] : [];
  return [...first, ...rest];
}

/**
 * The server's quote of the draft (decision 151) as the breakdown: its lines as labelled, less the credit the checkout
 * will take.
 */
export function quotedPrice(q: QuoteReply, availableCreditCents = 0): PriceLines {
  return withCredit(
    {
      unitPriceCents: 0,
      additionalPerPersonCents: 0,
      totalCents: q.totalCents,
      depositCents: q.depositCents,
      balanceCents: q.inPersonCents,
      hours: q.hours,
      travelers: q.adults + q.children + q.infants,
      days: q.days ?? 1,
      // One day's price of several (decision 176), as the search card showed it.
      ...(q.days !== null && q.days > 1 && q.chargeDayTotal !== null && { dayTotalCents: q.chargeDayTotal }),
      lines: q.lines.map((l) => ({ label: l.label, amountCents: l.amountCents })),
      // In the currency asked for, the guide's own beside when they differ (decision 168).
      currency: q.chargeCurrency,
      rate: q.rate,
      ...(q.guideCurrency !== q.chargeCurrency && {
        own: {
          currency: q.guideCurrency,
          totalCents: q.guideTotal,
          depositCents: q.guideDeposit,
          balanceCents: q.guideInPerson,
          lines: q.lines.map((l) => l.guideAmount),
          ...(q.guideDayTotal !== null && { dayTotalCents: q.guideDayTotal }),
        },
      }),
    },
    availableCreditCents,
  );
}

/** A travel credit (decision 139) taken off the total as the server takes it; the deposit is on what is paid. */
function withCredit(p: PriceLines, availableCreditCents: number): PriceLines {
  const paid = priceWithCredit(p.totalCents, availableCreditCents);
  if (!paid.creditCents) return p;
  return { ...p, ...paid, balanceCents: paid.totalCents - paid.depositCents };
}

/**
 * The breakdown of a booking the server has priced (the price of record), in the currency its
 * traveler saw with the guide's own beside it (decision 168): the deposit as the booking stored it,
 * the rest converted at the booking's own rate as the server converts it (`inCurrency`), never at
 * today's.
 */
export function bookingPriceLines(b: Booking): PriceLines {
  const own = ownBookingLines(b);
  if (b.chargeCurrency === b.currency || !b.rate) return own;
  const terms = bookingTerms(b);
  const conv = (minor: number) => inCurrency(terms, minor, b.chargeCurrency);
  const totalCents = conv(b.totalPriceCents);
  const depositCents = inCurrency(terms, b.depositCents, b.chargeCurrency, true);
  const creditCents = own.creditCents ? conv(own.creditCents) : own.creditCents;
  return {
    ...own,
    unitPriceCents: conv(b.unitPriceCents),
    additionalPerPersonCents: conv(b.additionalPerPersonCents),
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
    creditCents,
    lines: own.lines && convertLines(own.lines, totalCents + (creditCents ?? 0), conv),
    currency: b.chargeCurrency,
    own: {
      currency: b.currency,
      totalCents: b.totalPriceCents,
      depositCents: b.depositCents,
      balanceCents: b.balanceCents,
      lines: own.lines?.map((l) => l.amountCents),
    },
    rate: b.rate,
  };
}

function ownBookingLines(b: Booking): PriceLines {
  return {
    unitPriceCents: b.unitPriceCents,
    additionalPerPersonCents: b.additionalPerPersonCents,
    totalCents: b.totalPriceCents,
    depositCents: b.depositCents,
    balanceCents: b.balanceCents,
    hours: b.duration * (b.days ?? 1),
    travelers: b.travelers,
    days: b.days ?? 1,
    fromOffer: b.offerId !== null,
    // The lines as charged (decision 152), as the server labelled them in the reader's language: the
    // length they were priced for is the server's to know (an extension lengthens the tour, not its lines).
    lines: b.offerId !== null ? undefined : b.lines.map((l) => ({ label: l.label, amountCents: l.amountCents })),
    creditCents: b.creditCents ?? 0,
    currency: b.currency,
    rate: b.rate ?? undefined,
  };
}

/**
 * The breakdown of a guide's offer before it is booked: the offer's fee and the deposit the server
 * computed, in the offer's currency (`inDisplayCurrency` then reads it in the traveler's at the offer's rate).
 */
export function offerPriceLines(o: Offer): PriceLines {
  return {
    unitPriceCents: Math.round(o.priceCents / (o.durationHours * (o.days ?? 1))),
    additionalPerPersonCents: 0,
    totalCents: o.priceCents,
    depositCents: o.depositCents,
    balanceCents: o.priceCents - o.depositCents,
    hours: o.durationHours * (o.days ?? 1),
    travelers: o.travelers,
    fromOffer: true,
    currency: o.currency,
  };
}

const FIGURES = { total: 'totalCents', deposit: 'depositCents', balance: 'balanceCents' } as const;

/**
 * One figure of a price as it reads: in its currency, with the guide's own beside it when that differs (decision 168).
 */
export function figureText(p: PriceLines, which: keyof typeof FIGURES, locale: Locale): string {
  const cents = p[FIGURES[which]];
  const currency = p.currency ?? 'CNY';
  return p.own
    ? formatBeside({ minor: cents, currency }, { minor: p.own[FIGURES[which]], currency: p.own.currency }, locale)
    : formatMoney(cents, currency, locale);
}

/** One day's price of several as it reads (decision 176), the guide's own beside; null without one. */
export function dayFigureText(p: PriceLines, locale: Locale): string | null {
  if (p.dayTotalCents === undefined) return null;
  const currency = p.currency ?? 'CNY';
  return p.own?.dayTotalCents !== undefined
    ? formatBeside(
        { minor: p.dayTotalCents, currency },
        { minor: p.own.dayTotalCents, currency: p.own.currency },
        locale,
      )
    : formatMoney(p.dayTotalCents, currency, locale);
}

/**
 * What Pay charges now with `method` (decision 164): a card in the currency the price is shown in, a
 * wallet in yuan, by the server's own rule (`chargeFor`) on the quote's or the booking's figures and
 * rate: the deposit exactly as the booking stores it, else converted once at that rate.
 */
export function chargeNow(p: PriceLines, method: OnlineMethod): { amountCents: number; currency: Currency } {
  const currency = p.currency ?? 'CNY';
  if (!p.rate) return { amountCents: p.depositCents, currency };
  const own = p.own ?? { currency, depositCents: p.depositCents };
  const terms = {
    currency: own.currency,
    chargeCurrency: currency,
    depositCents: own.depositCents,
    chargeDepositCents: p.own ? p.depositCents : null,
    jpyPerCny: p.rate.jpyPerCny,
  };
  const charged = chargeFor(terms, own.depositCents, method, true);
  return { amountCents: charged.amountCents, currency: charged.currency };
}

/**
 * An amount of a booking's own currency as its traveler reads it: in the currency they booked in,
 * converted at the booking's own rate as the server converts it (`inCurrency`), with the guide's own
 * beside it (decision 168); in the booking's currency alone when that is the one they saw.
 */
export function bookingAmountText(
  b: Pick<Booking, 'currency' | 'chargeCurrency' | 'depositCents' | 'chargeDepositCents' | 'rate'>,
  ownCents: number,
  locale: Locale,
): string {
  if (b.chargeCurrency === b.currency || !b.rate) return formatMoney(ownCents, b.currency, locale);
  const terms = bookingTerms(b);
  return formatBeside(
    { minor: inCurrency(terms, ownCents, b.chargeCurrency), currency: b.chargeCurrency },
    { minor: ownCents, currency: b.currency },
    locale,
  );
}

type BookingTermsOf = Pick<Booking, 'currency' | 'chargeCurrency' | 'depositCents' | 'chargeDepositCents' | 'rate'>;

/**
 * A booking's money terms as the server's charge functions read them (`ChargeTerms`), from the booking the API sends.
 */
export const bookingTerms = (b: BookingTermsOf): ChargeTerms => ({
  currency: b.currency,
  chargeCurrency: b.chargeCurrency,
  depositCents: b.depositCents,
  chargeDepositCents: b.chargeDepositCents,
  jpyPerCny: b.rate?.jpyPerCny ?? null,
});

/**
 * What paying `ownCents` of a booking (an extension's fee) charges with `method`, by the server's own
 * rule (`chargeFor`, decision 164): a card in the currency the traveler saw, a wallet in yuan,
 * converted once at the booking's rate. A booking without a rate was made all in yuan. A trip change's
 * difference of deposit (`change`) is charged as the difference of the two deposits converted, as the
 * server charges it (`chargeForDifference`, decision 193).
 */
export function bookingCharge(
  b: BookingTermsOf,
  ownCents: number,
  method: OnlineMethod,
  change = false,
): { amountCents: number; currency: Currency } {
  if (!b.rate) return { amountCents: ownCents, currency: b.currency };
  const terms = bookingTerms(b);
  const charged = change
    ? chargeForDifference(terms, b.depositCents, ownCents, method)
    : chargeFor(terms, ownCents, method);
  return { amountCents: charged.amountCents, currency: charged.currency };
}
