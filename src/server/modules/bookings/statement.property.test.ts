import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargeColumns,
  chargeFor,
  chargeForDifference,
  paidPostings,
  refundedThroughExchange,
  refundParts,
  type OnlineMethod,
} from '../../../shared/booking/charge';
import {
  balanceByCurrency,
  cancellationPostings,
  depositPostings,
  extensionPostings,
  type Posting,
} from '../../../shared/booking/ledger';
import { cancellationSplit, cancellationTier } from '../../../shared/booking/money-rules';
import type { StatementPayment } from '../../../shared/booking/statement';
import { priceChange, type BookedTrip } from '../../../shared/booking/trip-change';
import { tripPrice } from '../../../shared/booking/trip-price';
import { convertMinor, CURRENCIES, MAX_PRICE, MIN_HOURLY_PRICE, type Currency } from '../../../shared/currency';
import { LOCALES } from '../../../shared/locales';
import { formatWithAbout } from '../../../shared/money-format';
import type { Booking } from '../../../shared/schemas/bookings';
import { paymentLines } from '../booking-pdf/payment-lines';
import { PDF_STRINGS } from '../booking-pdf/strings';
import { inPersonOf } from '../receipts/receipts.service';
import type { BookingRow, PaymentRow } from './booking/bookings.repository';
import { moneyView, statementOf } from './booking/in-person-view';

/**
 * For random trips (groups, hours, days), currencies, rates, payment methods and sequences of changes,
 * extensions and a cancellation (decision 193): the booking's statement gives its total, deposit and
 * in-person part adding up in each currency, converted once, with the days' shares adding up and equal
 * to the minor unit; the booking's reply (the trip card's figures), the deposit's receipt and the booking
 * PDF read the same figures from it; and the ledger the same money wrote sums to zero per currency, its
 * traveler's side being exactly what the statement says was paid online less what was refunded.
 */
const RATES = { depositRate: 0.2, commissionRate: 0.1 };
const DAY_MS = 86_400_000;
const NOW = new Date('2026-12-01T00:00:00Z');

const guide = fc.constantFrom<Currency>(...CURRENCIES).chain((c) =>
  fc.record({
    currency: fc.constant(c),
    basicPerHourCents: fc.integer({ min: MIN_HOURLY_PRICE[c], max: MAX_PRICE[c] / 100 }),
    additionalPerPersonCents: fc.integer({ min: 0, max: MAX_PRICE[c] / 200 }),
    includedPeople: fc.integer({ min: 1, max: 4 }),
    childPriceRate: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
    infantsFree: fc.boolean(),
    dayRateCents: fc.option(fc.integer({ min: MIN_HOURLY_PRICE[c], max: MAX_PRICE[c] / 20 }), { nil: null }),
    dayHours: fc.integer({ min: 6, max: 10 }),
  }),
);
const rate = fc
  .record({ whole: fc.integer({ min: 1, max: 60 }), frac: fc.integer({ min: 0, max: 999_999 }) })
  .map(({ whole, frac }) => (frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(6, '0')}`));
const trip = fc.record({
  adults: fc.integer({ min: 1, max: 6 }),
  children: fc.integer({ min: 0, max: 4 }),
  infants: fc.integer({ min: 0, max: 3 }),
  days: fc.integer({ min: 1, max: 7 }),
});
const method = fc.constantFrom<OnlineMethod>('card', 'alipay', 'wechat');
const step = fc.oneof(
  fc.record({ change: trip, method }),
  fc.record({ extensionHours: fc.integer({ min: 1, max: 3 }), method }),
);

type Guide = typeof guide extends fc.Arbitrary<infer G> ? G : never;
type Row = StatementPayment & { id: number; ownAmountCents: number | null; createdAt: Date; cardLast4: null };

/** The booking and its payments after the steps, with the ledger the same money wrote. */
function simulate(
  g: Guide,
  seen: Currency,
  jpyPerCny: string,
  dayHours: number,
  first: { adults: number; children: number; infants: number; days: number },
  steps: ({ change: typeof first; method: OnlineMethod } | { extensionHours: number; method: OnlineMethod })[],
  firstMethod: OnlineMethod,
  cancel: boolean,
  daysAway: number,
) {
  const own = g.currency;
  const booked = tripPrice(g, first, { days: first.days, dayHours }, RATES).price;
  const startsAt = new Date(NOW.getTime() + daysAway * DAY_MS + 9 * 3_600_000);
  const fixed = chargeColumns(own, booked.depositCents, seen, { jpyPerCny, asOf: '2026-11-30', source: 'fixed' });
  let b: BookedTrip = {
    ...first,
    durationMinutes: dayHours * 60,
    totalPriceCents: booked.totalCents,
    depositCents: booked.depositCents,
    creditCents: 0,
    unitPriceCents: g.basicPerHourCents,
    additionalPerPersonCents: g.additionalPerPersonCents,
    startsAt,
    endsAt: new Date(startsAt.getTime() + (first.days - 1) * DAY_MS + dayHours * 3_600_000),
    firstStartsAt: null,
    weatherWarning: false,
    currency: own,
    chargeCurrency: seen,
    chargeDepositCents: fixed.chargeDepositCents,
    jpyPerCny,
  };
  const rows: Row[] = [];
  const ledger: Posting[] = [];
  // A change that lowered the deposit: what it released is refunded under the tiers or kept by the guide.
  let shrunk = false;
  const payOnline = (kind: Row['kind'], ownCents: number, m: OnlineMethod, postings: Posting[]) => {
    // As the server charges each (payment-claim.ts, extra-charges.ts): a change's as the difference of two deposits.
    const charged =
      kind === 'change'
        ? chargeForDifference(b, b.depositCents, ownCents, m)
        : chargeFor(b, ownCents, m, kind === 'deposit');
    const row: Row = {
      id: rows.length + 1,
      kind,
      method: m,
      status: 'succeeded',
      ...charged,
      refundedCents: 0,
      createdAt: new Date(NOW.getTime() + rows.length * 60_000),
      cardLast4: null,
    };
    rows.push(row);
    ledger.push(...paidPostings(postings, own, row));
  };
  const release = (held: number, split: ReturnType<typeof cancellationSplit>) => {
    const left = rows
      .filter((p) => (p.kind === 'deposit' || p.kind === 'change') && p.amountCents > p.refundedCents)
      .reverse();
    const parts = refundParts(split.refundCents, left, own);
    for (const part of parts) {
      part.payment.refundedCents += part.amountCents;
      part.payment.status = part.payment.refundedCents === part.payment.amountCents ? 'refunded' : 'partially_refunded';
    }
    ledger.push(...refundedThroughExchange(cancellationPostings(held, split), own, parts));
  };

  payOnline('deposit', booked.depositCents, firstMethod, depositPostings(booked.depositCents));
  for (const s of steps) {
    if ('extensionHours' in s) {
      const fee = s.extensionHours * b.unitPriceCents;
      payOnline('extension', fee, s.method, extensionPostings(fee));
      continue;
    }
    const next = s.change;
    const same = (['adults', 'children', 'infants', 'days'] as const).every((k) => next[k] === b[k]);
    if (same) continue;
    const priced = priceChange(b, g, next, NOW, RATES);
    const { payNowCents } = priced.quote.money;
    if (payNowCents > 0) payOnline('change', payNowCents, s.method, depositPostings(payNowCents));
    const released = -Math.min(0, priced.apply.depositChangeCents);
    if (released > 0) release(released, priced.apply.split);
    shrunk ||= released > 0;
    b = {
      ...b,
      ...next,
      totalPriceCents: priced.apply.totalPriceCents,
      depositCents: priced.apply.depositCents,
      endsAt: new Date(priced.apply.endsAt),
    };
  }
  if (cancel) {
    const tier = cancellationTier(b.startsAt, NOW);
    release(
      b.depositCents,
      cancellationSplit({ depositCents: b.depositCents, cancelledBy: 'traveler', tier, commissionRate: 0.1 }),
    );
  }
  const row = {
    ...b,
    totalPriceCents: b.totalPriceCents,
    date: '2026-12-05',
    status: cancel ? 'cancelled' : 'upcoming',
    paidAt: NOW,
    depositChangeCents: 0,
  } as unknown as BookingRow;
  return { row, payments: rows as unknown as PaymentRow[], ledger, shrunk };
}

/** The booking as its reply carries it to the trip card and the PDF: the fields the payment section reads. */
function replyOf(row: BookingRow, payments: PaymentRow[]): Booking {
  return {
    ...moneyView(row, payments),
    totalPriceCents: row.totalPriceCents,
    currency: row.currency,
    chargeCurrency: row.chargeCurrency,
    chargeDepositCents: row.chargeDepositCents ?? row.depositCents,
    offerId: 1,
    lines: [],
    creditCents: 0,
    status: row.status,
    timeZone: 'Asia/Tokyo',
    guide: { fullName: '佐藤由衣' },
    payments: payments.map((p) => ({ ...p, last4: null, createdAt: p.createdAt.toISOString() })),
  } as unknown as Booking;
}

const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('a booking’s statement, for random trips, currencies, rates, changes, extensions and cancellations', () => {
  it('adds up in each currency, and the reply, the receipt, the PDF and the ledger read the same money', () => {
    fc.assert(
      fc.property(
        guide,
        fc.constantFrom<Currency>(...CURRENCIES),
        rate,
        fc.integer({ min: 2, max: 20 }).map((h) => h / 2),
        trip,
        fc.array(step, { maxLength: 4 }),
        method,
        fc.boolean(),
        fc.integer({ min: 0, max: 40 }),
        (g, seen, jpyPerCny, dayHours, first, steps, firstMethod, cancel, daysAway) => {
          const { row, payments, ledger, shrunk } = simulate(
            g,
            seen,
            jpyPerCny,
            dayHours,
            first,
            steps,
            firstMethod,
            cancel,
            daysAway,
          );
          const own = row.currency;
          const s = statementOf(row, payments);
          const other = own === 'JPY' ? 'CNY' : 'JPY';

          // Convert once, then add: the total and the deposit converted once, the rest their difference.
          expect(s.other).toBe(other);
          expect(s.total.otherCents).toBe(convertMinor(row.totalPriceCents, own, other, jpyPerCny));
          expect(s.deposit.otherCents).toBe(convertMinor(row.depositCents, own, other, jpyPerCny));
          if (cancel) expect([s.inPerson.cents, s.inPerson.otherCents, s.inPersonOn]).toEqual([0, 0, []]);
          else {
            expect(s.deposit.cents + s.inPerson.cents).toBe(s.total.cents);
            expect(s.deposit.otherCents! + s.inPerson.otherCents!).toBe(s.total.otherCents);
            expect(s.inPersonOn).toHaveLength(row.days);
          }
          // The days add up to the in-person part in both currencies; equal days differ by one minor unit at most.
          for (const day of [s.inPersonOn.map((d) => d.cents), s.inPersonOn.map((d) => d.chargeCents!)]) {
            if (day.length === 0) continue;
            expect(Math.max(...day) - Math.min(...day)).toBeLessThanOrEqual(1);
            expect(day).toEqual([...day].sort((a, b) => a - b));
          }
          expect(sumOf(s.inPersonOn.map((d) => d.cents))).toBe(s.inPerson.cents);
          expect(sumOf(s.inPersonOn.map((d) => d.chargeCents!))).toBe(cancel ? 0 : s.inPerson.otherCents);

          // The ledger sums to zero in each currency, and its traveler's side is the statement's paid less refunded.
          for (const sum of Object.values(balanceByCurrency(ledger, own))) expect(sum).toBe(0);
          for (const c of CURRENCIES) {
            const traveler = sumOf(
              ledger.filter((p) => p.account === 'traveler' && (p.currency ?? own) === c).map((p) => p.amountCents),
            );
            const paid = s.paidSums.find((x) => x.currency === c)?.cents ?? 0;
            const refunded = s.refundedSums.find((x) => x.currency === c)?.cents ?? 0;
            expect(paid).toBe(sumOf(payments.filter((p) => p.currency === c).map((p) => p.amountCents)));
            // In the booking's own currency a refund spread over a converted payment can credit the traveler less
            // than one of its charged units that no payment returns: `refundParts` reads what is left of such a
            // payment rounded down (`ownLeftOf`). Not the statement's figure; held to that bound here, exact in every
            // other case.
            const converted = payments.filter((p) => p.currency !== own && p.refundedCents > 0);
            const bound = sumOf(converted.map((p) => Math.ceil((p.ownAmountCents ?? 0) / p.amountCents)));
            const residual = paid - refunded + traveler;
            if (c === own && converted.length > 0) expect(Math.abs(residual)).toBeLessThanOrEqual(bound);
            else expect(residual).toBe(0);
          }

          // Convert once, then add: the deposit and the changes paid in the other currency add up to the deposit
          // converted once, so the total less what was paid online is the in-person part to the fen — while no change
          // lowered the deposit (what a change released is refunded under the tiers, or kept by the guide when the
          // tier keeps it).
          const deposits = payments.filter((p) => p.kind === 'deposit' || p.kind === 'change');
          if (!cancel && !shrunk && deposits.every((p) => p.currency === other))
            expect(sumOf(deposits.map((p) => p.amountCents))).toBe(s.deposit.otherCents);

          // The booking's reply (what the trip card, the guide's card and the PDF read).
          const reply = replyOf(row, payments);
          const seenOther = seen !== own;
          expect(reply.dueInPersonCents).toBe(s.inPerson.cents);
          expect(reply.dueInPersonChargeCents).toBe(seenOther && s.inPerson.cents > 0 ? s.inPerson.otherCents : null);
          expect(reply.dueInPersonOn!.map((d) => [d.cents, d.chargeCents])).toEqual(
            s.inPersonOn.map((d) => [d.cents, seenOther ? d.chargeCents : null]),
          );
          expect(reply.paidOnlineCents).toBe(s.paidOnlineOwnCents);

          // The deposit's current receipt, in the currency the deposit was paid in: issued (again) at the last
          // change with the in-person part of the trip as it then stood (decision 204), which the statement reads.
          const deposit = payments[0]!;
          const issued = Math.max(0, s.total.cents - s.deposit.cents);
          const current = { kind: 'receipt', paymentKind: 'deposit', currency: deposit.currency } as const;
          const receipt = inPersonOf({ ...current, supersededBy: null, inPersonCents: issued }, s);
          expect(receipt.cents).toBe(s.inPerson.cents);
          if (s.inPerson.cents > 0) expect(receipt.cents).toBe(issued);
          // One it superseded keeps what it said when issued, whatever the booking says now.
          expect(inPersonOf({ ...current, supersededBy: 'R-00000002', inPersonCents: issued + 7 }, s)).toEqual({
            cents: issued + 7,
            about: null,
            on: [],
          });
          if (s.inPerson.cents > 0) {
            expect(receipt.about).toBe(deposit.currency === other ? s.inPerson.otherCents : null);
            expect(receipt.on.map((d) => d.cents)).toEqual(s.inPersonOn.map((d) => d.cents));
          }

          // The booking PDF, in every language: what was paid and refunded per currency, and what is left in person.
          for (const locale of LOCALES) {
            const strings = PDF_STRINGS[locale];
            const { lines, final } = paymentLines(reply, strings, locale);
            const online = lines.slice(1).filter((l) => !l.part && l.label !== strings.depositDue);
            for (const c of CURRENCIES) {
              const inC = online.filter((l) => l.currency === c);
              expect(sumOf(inC.filter((l) => !l.negative).map((l) => l.cents))).toBe(
                s.paidSums.find((x) => x.currency === c)?.cents ?? 0,
              );
              expect(sumOf(inC.filter((l) => l.negative).map((l) => l.cents))).toBe(
                s.refundedSums.find((x) => x.currency === c)?.cents ?? 0,
              );
            }
            if (s.inPerson.cents > 0)
              expect(final.amount).toBe(
                formatWithAbout(
                  { minor: s.inPerson.cents, currency: own },
                  seenOther ? { minor: s.inPerson.otherCents!, currency: other } : null,
                  locale,
                ),
              );
            else expect(final.owed).toBe(false);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
