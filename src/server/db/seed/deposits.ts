import { cancellationPostings, depositPostings, type Posting } from '../../../shared/booking/ledger';
import { cancellationSplit, cancellationTier } from '../../../shared/booking/money-rules';
import type { Database } from '../client';
import { ledgerEntries, payments } from '../schema/index';

/**
 * A seeded booking's deposit as the checkout records it: the simulated provider's payment and its
 * ledger entries, and, for a booking the traveler cancelled, the refund by the cancellation tiers
 * (docs/rules/money-and-cancellation.md) in the same entries. Every demo booking that was paid is paid here.
 */
export async function seedDeposit(
  db: Database,
  b: { id: number; startsAt: Date; depositCents: number; currency: string },
  o: { travelerId: number; guideUserId: number; method: 'card' | 'alipay' | 'wechat'; paidAt: Date; cancelledAt?: Date | null },
): Promise<void> {
  let refunded = 0;
  const postings: Posting[] = depositPostings(b.depositCents);
  if (o.cancelledAt) {
    const split = cancellationSplit({ depositCents: b.depositCents, cancelledBy: 'traveler', tier: cancellationTier(b.startsAt, o.cancelledAt) });
    postings.push(...cancellationPostings(b.depositCents, split));
    refunded = split.refundCents;
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
      status: refunded === b.depositCents ? 'refunded' : refunded ? 'partially_refunded' : 'succeeded',
      amountCents: b.depositCents,
      refundedCents: refunded,
      currency: b.currency,
      cardLast4: o.method === 'card' ? '4242' : null,
      refundRef: refunded ? `sim_re_seed_${b.id}` : null,
      createdAt: o.paidAt,
      updatedAt: o.cancelledAt ?? o.paidAt,
    })
    .returning();
  await db.insert(ledgerEntries).values(
    postings
      .filter((p) => p.amountCents !== 0)
      .map((p) => ({
        bookingId: b.id,
        account: p.account,
        userId: p.account === 'traveler' ? o.travelerId : p.account === 'guide' ? o.guideUserId : null,
        kind: p.kind,
        amountCents: p.amountCents,
        paymentId: payment!.id,
        createdAt: p.kind === 'deposit' ? o.paidAt : o.cancelledAt!,
      })),
  );
}
