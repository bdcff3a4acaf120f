import {
  chargeColumns,
  chargeFor,
  paidPostings,
  shareOfPayment,
  type ChargeTerms,
} from '../../../shared/booking/charge';
import { cancellationPostings, depositPostings, type Posting } from '../../../shared/booking/ledger';
import type { Currency, FxRate } from '../../../shared/currency';
import { cancellationSplit, cancellationTier, type BookingPrice } from '../../../shared/booking/money-rules';
import type { Database } from '../client';
import { ledgerEntries, payments } from '../schema/index';

/**
 * The rate the demo's bookings were made at (decision 164): the default fixed rate, so the seed needs
 * no network; the day is the seed's own (a booking's rate keeps the day it was priced).
 */
export const SEED_RATE: FxRate = { jpyPerCny: '20.5', asOf: '2026-11-01', source: 'fixed' };

/** A seeded booking's charge: demo travelers read yuan, so a yen guide's deposit is fixed in yuan too. */
export const seedCharge = (currency: Currency, depositCents: number) =>
  chargeColumns(currency, depositCents, 'CNY', SEED_RATE);

/** A seeded booking's price columns from its price (`bookingPrice`), with its charge (`seedCharge`). */
export const seedPriceColumns = (price: BookingPrice, currency: Currency) => ({
  unitPriceCents: price.unitPriceCents,
  additionalPerPersonCents: price.additionalPerPersonCents,
  totalPriceCents: price.totalCents,
  priceLines: price.lines,
  depositCents: price.depositCents,
  commissionCents: price.commissionCents,
  currency,
  ...seedCharge(currency, price.depositCents),
});

/**
 * A seeded booking's deposit as the checkout records it: the simulated provider's payment in the
 * method's currency (`chargeFor`: a wallet pays yuan) and its ledger entries, the traveler's side
 * through the exchange for a yen guide, and, for a booking the traveler cancelled, the refund by the
 * cancellation tiers (docs/rules/money-and-cancellation.md) in the same entries. Every demo booking
 * that was paid is paid here.
 */
export async function seedDeposit(
  db: Database,
  b: ChargeTerms & { id: number; startsAt: Date },
  o: {
    travelerId: number;
    guideUserId: number;
    method: 'card' | 'alipay' | 'wechat';
    paidAt: Date;
    cancelledAt?: Date | null;
  },
): Promise<void> {
  const charge = chargeFor(b, b.depositCents, o.method, true);
  let refunded = 0;
  const postings: [Posting, Date][] = paidPostings(depositPostings(b.depositCents), b.currency, charge).map((p) => [
    p,
    o.paidAt,
  ]);
  if (o.cancelledAt) {
    const split = cancellationSplit({
      depositCents: b.depositCents,
      cancelledBy: 'traveler',
      tier: cancellationTier(b.startsAt, o.cancelledAt),
    });
    postings.push(
      ...paidPostings(cancellationPostings(b.depositCents, split), b.currency, charge).map((p): [Posting, Date] => [
        p,
        o.cancelledAt!,
      ]),
    );
    refunded = shareOfPayment(split.refundCents, b.currency, charge);
  }
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: b.id,
      payerId: o.travelerId,
      kind: 'deposit',
      method: o.method,
      provider: 'simulated',
      providerRef: `sim_${o.method}_seed_${b.id}`,
      idempotencyKey: `seed-${b.id}`,
      requestHash: 'seed',
      status: refunded === charge.amountCents ? 'refunded' : refunded ? 'partially_refunded' : 'succeeded',
      ...charge,
      refundedCents: refunded,
      cardLast4: o.method === 'card' ? '4242' : null,
      refundRef: refunded ? `sim_re_seed_${b.id}` : null,
      createdAt: o.paidAt,
      updatedAt: o.cancelledAt ?? o.paidAt,
    })
    .returning();
  await db.insert(ledgerEntries).values(
    postings
      .filter(([p]) => p.amountCents !== 0)
      .map(([p, at]) => ({
        bookingId: b.id,
        account: p.account,
        userId: p.account === 'traveler' ? o.travelerId : p.account === 'guide' ? o.guideUserId : null,
        kind: p.kind,
        amountCents: p.amountCents,
        currency: p.currency ?? b.currency,
        paymentId: payment!.id,
        createdAt: at,
      })),
  );
}
