import { inBothCurrencies } from '../../../shared/booking/charge';
import { groupSize } from '../../../shared/booking/money-rules';
import { convertMinor, type FxRate } from '../../../shared/currency';
import { sellsDaysOf } from '../../../shared/booking/tour-days';
import { guideRates, tripPrice, type TripLength } from '../../../shared/booking/trip-price';
import { priceLineLabel } from '../../../shared/booking/price-lines';
import type { Locale } from '../../../shared/locales';
import type { QuoteQuery, QuoteReply } from '../../../shared/schemas/quote';
import type { Database } from '../../db/client';
import type { guides } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { checkTotalInBounds } from '../../lib/money-bounds';
import type { AuthUser } from '../auth/index';
import type { CurrentRate } from '../fx/index';
import { findGuide, guidePricing } from './guides.repository';
import { quoteExtras } from './quote-extras';

/** The deposit and commission rates the bookings charge with (compose.ts hands both the same). */
export type PaymentRates = () => { depositRate: number; commissionRate: number };

/**
 * The trip a quote asks for, checked as a booking checks it (one length, the group within the guide's sizes,
 * hours or days the guide sells), in the order a reader meets the errors; returns the group and a day's hours.
 */
function checkAskedTrip(g: typeof guides.$inferSelect, q: QuoteQuery) {
  if ((q.durationHours === undefined) === (q.days === undefined)) {
    throw new AppError('validation_failed', 'Give either durationHours or days', [
      { path: 'querystring.durationHours', message: 'either durationHours or days' },
    ]);
  }
  const group = { adults: q.adults, children: q.children, infants: q.infants };
  const size = groupSize(group);
  if (size < g.minPeople || size > g.maxPeople) {
    throw new AppError('group_size_out_of_range', `This guide takes groups of ${g.minPeople}–${g.maxPeople}`, [
      { path: 'querystring.adults', message: `between ${g.minPeople} and ${g.maxPeople} in all` },
    ]);
  }
  if (q.durationHours !== undefined && (q.durationHours < g.minDurationHours || q.durationHours > g.maxDurationHours)) {
    throw new AppError(
      'duration_out_of_range',
      `This guide offers tours of ${g.minDurationHours}–${g.maxDurationHours} hours`,
      [{ path: 'querystring.durationHours', message: `between ${g.minDurationHours} and ${g.maxDurationHours}` }],
    );
  }
  if (q.dayHours !== undefined && q.days === undefined) {
    throw new AppError('validation_failed', 'dayHours goes with days', [
      { path: 'querystring.dayHours', message: 'only with days' },
    ]);
  }
  // A day is the day rate's hours or a length the guide sells (`sellsDaysOf`, the checkout's rule).
  const dayHours = q.dayHours ?? g.dayHours;
  if (
    q.days !== undefined &&
    !sellsDaysOf(
      {
        dayHours: g.dayHours,
        dayRateCents: g.dayRateCents,
        minHours: g.minDurationHours,
        maxHours: g.maxDurationHours,
      },
      dayHours,
    )
  ) {
    throw new AppError(
      'duration_out_of_range',
      `This guide offers tours of ${g.minDurationHours}–${g.maxDurationHours} hours, not days of ${dayHours}`,
      [
        q.dayHours === undefined
          ? { path: 'querystring.days', message: 'this guide sells no whole days' }
          : { path: 'querystring.dayHours', message: `between ${g.minDurationHours} and ${g.maxDurationHours}` },
      ],
    );
  }
  return { group, dayHours };
}

/**
 * GET /api/v2/guides/{id}/quote (decision 151): the group's price by `groupPrice`, with the group
 * and the hours checked as a booking checks them (bookings.service.ts), so a quote the server gives
 * is one a booking can be made at. A guide who is not listed is 404, as their profile is.
 */
export async function quoteTour(
  db: Database,
  guideId: number,
  q: QuoteQuery,
  viewer: AuthUser | null,
  locale: Locale,
  rates: PaymentRates,
  fx: CurrentRate,
): Promise<QuoteReply> {
  const row = await findGuide(db, guideId);
  if (!row || (row.guide.status !== 'active' && row.userId !== viewer?.id)) throw notFound('Guide');
  const g = row.guide;
  const asked = checkAskedTrip(g, q);
  let servicePriceCents: number | null = null;
  if (q.subcategoryId !== undefined) {
    const service = (await guidePricing(db, guideId)).find((s) => s.subcategoryId === q.subcategoryId);
    if (!service)
      throw new AppError('service_not_offered', 'This guide does not offer that service', [
        { path: 'querystring.subcategoryId', message: 'not offered' },
      ]);
    servicePriceCents = service.priceCents;
  }
  // In the guide's currency and the reader's, at today's rate, as a booking made now is fixed (decision 164).
  return pricedQuote(g, q, asked, { locale, rates, rate: await fx(), servicePriceCents });
}

/**
 * The quote of a guide's row already read, at a rate already read: what `quoteTour` answers, for a caller
 * that prices many trips of the guides it has read (the OCTO products and availability, decision 201).
 */
export function quoteOfGuide(
  g: typeof guides.$inferSelect,
  q: QuoteQuery,
  at: { locale: Locale; rates: PaymentRates; rate: FxRate },
): QuoteReply {
  return pricedQuote(g, q, checkAskedTrip(g, q), { ...at, servicePriceCents: null });
}

function pricedQuote(
  g: typeof guides.$inferSelect,
  q: QuoteQuery,
  { group, dayHours }: ReturnType<typeof checkAskedTrip>,
  {
    locale,
    rates,
    rate,
    servicePriceCents,
  }: { locale: Locale; rates: PaymentRates; rate: FxRate; servicePriceCents: number | null },
): QuoteReply {
  const guideId = g.id;
  const trip: TripLength = q.days !== undefined ? { days: q.days, dayHours } : { hours: q.durationHours! };
  // The one pricing function with the one reading of the guide's rates (decision 187): the checkout
  // charges this very call (bookings/booking/booking-group.ts `checkoutPrice`).
  const { price, dayTotalCents } = tripPrice(guideRates(g, servicePriceCents), group, trip, rates());
  // A quote past the bound would be a checkout refused (decision 182): the same 400 here.
  checkTotalInBounds(price.totalCents, g.currency);
  const both = inBothCurrencies(price, g.currency, q.chargeCurrency ?? 'CNY', rate);
  return {
    guideId,
    currency: both.charge.currency,
    guideCurrency: both.guide.currency,
    guideTotal: both.guide.total,
    guideDeposit: both.guide.deposit,
    guideInPerson: both.guide.inPerson,
    chargeCurrency: both.charge.currency,
    chargeTotal: both.charge.total,
    chargeDeposit: both.charge.deposit,
    chargeInPerson: both.charge.inPerson,
    rate,
    ...group,
    hours: price.hours,
    days: q.days ?? null,
    dayHours: q.days !== undefined ? dayHours : null,
    guideDayTotal: q.days !== undefined ? dayTotalCents : null,
    // One day converted as the total is: the one rounding (convertMinor), at the same rate.
    chargeDayTotal:
      q.days !== undefined ? convertMinor(dayTotalCents, g.currency, both.charge.currency, rate.jpyPerCny) : null,
    totalCents: both.charge.total,
    depositCents: both.charge.deposit,
    inPersonCents: both.charge.inPerson,
    extras: quoteExtras(g.extras, q, g.currency, both.charge.currency, rate, locale),
    // The base line names the trip as asked ("3 days × 8 hours", decision 179), not the hours it is priced as.
    lines: both.lines.map((l) => ({
      kind: l.kind,
      label: priceLineLabel(l, trip, locale),
      amountCents: l.chargeAmount,
      guideAmount: l.amountCents,
    })),
  };
}
