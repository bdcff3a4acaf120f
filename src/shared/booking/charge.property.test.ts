import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, MAX_PRICE, MIN_HOURLY_PRICE, type Currency, type FxRate } from '../currency';
import {
  chargeColumns,
  chargeFor,
  inBothCurrencies,
  ownAmountOf,
  paidPostings,
  shareOfPayment,
  type OnlineMethod,
} from './charge';
import { balanceByCurrency, cancellationPostings, depositPostings, ledgerBalance } from './ledger';
import { cancellationSplit, groupPrice } from './money-rules';
import { CANCELLATION_TIERS } from './cancellation-terms';

/**
 * For random guides, groups, lengths, rates, currencies and methods (decision 164): the quote in the
 * reader's currency, the booking the checkout stores, the charge a method makes and the ledger it
 * writes agree to the minor unit, every currency's entries sum to zero, and a refund returns its
 * share of what was charged — all of it exactly, never more.
 */
const currency = fc.constantFrom<Currency>(...CURRENCIES);
const rate = fc
  .record({ whole: fc.integer({ min: 1, max: 999 }), frac: fc.integer({ min: 0, max: 999_999 }) })
  .map(({ whole, frac }): FxRate => ({
    jpyPerCny: frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(6, '0')}`,
    asOf: '2026-11-27',
    source: 'fixed',
  }));
const method = fc.constantFrom<OnlineMethod>('card', 'alipay', 'wechat');

const guide = currency.chain((c) =>
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
const group = fc.record({
  adults: fc.integer({ min: 1, max: 8 }),
  children: fc.integer({ min: 0, max: 4 }),
  infants: fc.integer({ min: 0, max: 3 }),
});
const length = fc.oneof(
  fc.integer({ min: 1, max: 16 }).map((half) => ({ hours: half / 2 })),
  fc.integer({ min: 1, max: 7 }).map((days) => ({ days })),
);

describe('quote, checkout, charge and ledger in two currencies', () => {
  it('agree to the minor unit for random guides, groups, lengths and rates', () => {
    fc.assert(
      fc.property(
        guide,
        group,
        length,
        rate,
        currency,
        method,
        fc.constantFrom(...CANCELLATION_TIERS),
        (g, grp, len, fx, seen, how, tier) => {
          const price = groupPrice(g, grp, len);
          // The quote in the reader's currency and the booking the checkout would store.
          const quote = inBothCurrencies(price, g.currency, seen, fx);
          const stored = {
            currency: g.currency,
            depositCents: price.depositCents,
            ...chargeColumns(g.currency, price.depositCents, seen, fx),
          };
          expect(quote.guide.total).toBe(price.totalCents);
          expect(quote.charge.deposit).toBe(stored.chargeDepositCents ?? price.depositCents);
          expect(quote.lines.reduce((s, l) => s + l.chargeAmount, 0)).toBe(quote.charge.total);
          expect(quote.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(quote.guide.total);
          expect(quote.charge.deposit + quote.charge.inPerson).toBe(quote.charge.total);

          // The charge: a card pays what the traveler saw, exactly the quote's deposit.
          const paid = chargeFor(stored, price.depositCents, how, true);
          if (how === 'card') expect(paid).toMatchObject({ amountCents: quote.charge.deposit, currency: seen });
          else expect(paid.currency).toBe('CNY');
          expect(ownAmountOf(paid)).toBe(price.depositCents);

          // The ledger of the deposit and of a cancellation at any tier.
          const deposit = paidPostings(depositPostings(price.depositCents), g.currency, paid);
          const split = cancellationSplit({ depositCents: price.depositCents, cancelledBy: 'traveler', tier });
          const cancel = paidPostings(cancellationPostings(price.depositCents, split), g.currency, paid);
          const all = [...deposit, ...cancel];
          for (const sum of Object.values(balanceByCurrency(all, g.currency))) expect(sum).toBe(0);
          // Read in the booking's own currency, the traveler paid the deposit and got the split's refund.
          expect(ledgerBalance(deposit, g.currency).traveler).toBe(-price.depositCents);
          expect(ledgerBalance(all, g.currency).traveler).toBe(split.refundCents - price.depositCents);
          // What goes back: the refund's share of the charge, all of it exactly, never more.
          const back = shareOfPayment(split.refundCents, g.currency, paid);
          const traveler = all.filter((p) => p.account === 'traveler').reduce((s, p) => s + p.amountCents, 0);
          expect(traveler).toBe(back - paid.amountCents);
          expect(back).toBeLessThanOrEqual(paid.amountCents);
          if (split.refundCents === price.depositCents) expect(back).toBe(paid.amountCents);
          // The guide and the platform stay in the guide's currency.
          for (const p of all.filter((e) => e.account === 'guide' || e.account === 'platform'))
            expect(p.currency ?? g.currency).toBe(g.currency);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
