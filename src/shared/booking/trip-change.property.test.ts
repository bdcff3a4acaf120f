import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, MAX_PRICE, MIN_HOURLY_PRICE, type Currency } from '../currency';
import { cancellationPostings, depositPostings, ledgerBalance } from './ledger';
import { depositCents } from './money-rules';
import { priceChange, type BookedTrip } from './trip-change';
import { tripPrice } from './trip-price';

/**
 * For random guides, groups, days, hours and chains of changes (decision 177): after every change the
 * trip costs what the quote prices the new question at, the deposit is its rate of that total, what
 * is paid and released moves the deposit held exactly there, a release's split adds up to it, and
 * the ledger of the checkout and every change sums to zero with the platform holding the deposit.
 */
const RATES = { depositRate: 0.2, commissionRate: 0.1 };
const DAY_MS = 86_400_000;

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
const trip = fc.record({
  adults: fc.integer({ min: 1, max: 6 }),
  children: fc.integer({ min: 0, max: 4 }),
  infants: fc.integer({ min: 0, max: 3 }),
  days: fc.integer({ min: 1, max: 7 }),
});

describe('a trip changed, for random guides, groups, days, hours and changes', () => {
  it('costs the new question’s quote, and the money moved keeps the ledger at the deposit held', () => {
    fc.assert(
      fc.property(
        guide,
        fc.integer({ min: 2, max: 20 }).map((h) => h / 2),
        trip,
        fc.array(trip, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 40 }),
        (g, dayHours, first, changes, daysAway) => {
          const quote = (t: typeof first) => tripPrice(g, t, { days: t.days, dayHours }, RATES).price;
          const booked = quote(first);
          const now = new Date('2026-12-01T00:00:00Z');
          const startsAt = new Date(now.getTime() + daysAway * DAY_MS + 9 * 3_600_000);
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
            currency: g.currency,
            chargeCurrency: g.currency,
            chargeDepositCents: null,
            jpyPerCny: null,
          };
          const ledger = [...depositPostings(booked.depositCents)];
          for (const next of changes) {
            if (
              next.adults === b.adults &&
              next.children === b.children &&
              next.infants === b.infants &&
              next.days === b.days
            )
              continue;
            const priced = priceChange(b, g, next, now, RATES);
            const asked = quote(next);
            // The card, the quote and the change agree on the new trip's price and deposit.
            expect(priced.quote.to.totalCents).toBe(asked.totalCents);
            expect(priced.apply.depositCents).toBe(depositCents(asked.totalCents, RATES.depositRate));
            expect(priced.apply.priceLines.reduce((s, l) => s + l.amountCents, 0)).toBe(asked.totalCents);
            const { payNowCents, refundCents, keptCents } = priced.quote.money;
            expect(payNowCents === 0 || refundCents + keptCents === 0).toBe(true);
            expect(b.depositCents + payNowCents - refundCents - keptCents).toBe(priced.apply.depositCents);
            if (payNowCents > 0) ledger.push(...depositPostings(payNowCents));
            const release = -Math.min(0, priced.apply.depositChangeCents);
            if (release > 0) ledger.push(...cancellationPostings(release, priced.apply.split));
            const balance = ledgerBalance(ledger);
            expect(balance.total).toBe(0);
            expect(
              ledger
                .filter((p) => p.account === 'platform' && (p.kind === 'deposit' || p.kind === 'deposit_release'))
                .reduce((s, p) => s + p.amountCents, 0),
            ).toBe(priced.apply.depositCents);
            b = {
              ...b,
              ...next,
              totalPriceCents: priced.apply.totalPriceCents,
              depositCents: priced.apply.depositCents,
              endsAt: new Date(priced.apply.endsAt),
            };
            expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe((next.days - 1) * DAY_MS + dayHours * 3_600_000);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
