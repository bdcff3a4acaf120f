import { ledgerEntries } from '../../db/schema/index';
import { nextDay, ownersBooking, type AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

/** Receipts' own days (172–177), after rescheduling's and inside the booking horizon. */

/** The receipt of the deposit of a booking `f.owner` paid (decision 125). */
async function ownersReceipt(f: TrustFixtures): Promise<number> {
  const id = await ownersBooking(f, { paid: true, day: nextDay(f, 'documents', 172) });
  const res = await send(f.t, { method: 'GET', url: `/api/v2/bookings/${id}/receipts`, token: await f.owner.token() });
  const receipt = res.json().receipts?.[0];
  if (res.statusCode !== 200 || !receipt) throw new Error(`receipt setup failed: ${res.statusCode} ${res.body}`);
  return receipt.id as number;
}

/**
 * A month of activity for `f.guide` that is over (the statement's PDF is issued only then): a paid
 * booking's settlement written last month, balanced as the ledger's trigger demands (decision 127).
 */
async function guidesClosedMonth(f: TrustFixtures): Promise<string> {
  const id = await ownersBooking(f, { paid: true, day: nextDay(f, 'documents', 172) });
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 3));
  await f.t.database.db.insert(ledgerEntries).values([
    {
      bookingId: id,
      account: 'platform',
      userId: null,
      kind: 'deposit_release',
      amountCents: -10_000,
      currency: 'CNY',
      createdAt: lastMonth,
    },
    {
      bookingId: id,
      account: 'guide',
      userId: f.guide.id,
      kind: 'guide_earnings',
      amountCents: 9_000,
      currency: 'CNY',
      availableAt: lastMonth,
      createdAt: lastMonth,
    },
    {
      bookingId: id,
      account: 'platform',
      userId: null,
      kind: 'commission',
      amountCents: 1_000,
      currency: 'CNY',
      createdAt: lastMonth,
    },
  ]);
  return lastMonth.toISOString().slice(0, 7);
}

/**
 * Documents about money: a receipt is its payer's alone (the booking's guide is a stranger to it);
 * a statement is its guide's, and another guide's month without activity is a 404 like any other.
 */
export const DOCUMENT_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/v2/bookings/{id}/receipts': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true, day: nextDay(f, 'documents', 172) }) } }),
  },
  'GET /api/v2/receipts/{id}': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { id: await ownersReceipt(f) } }),
  },
  'PATCH /api/v2/receipts/{id}': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { id: await ownersReceipt(f) }, body: { addressee: 'Owner Traveler' } }),
  },
  'GET /api/v2/receipts/{id}/pdf': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { id: await ownersReceipt(f) } }),
  },
  'GET /api/v2/wallet/statements/{month}/pdf': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.otherGuide],
    setup: async (f) => ({ params: { month: await guidesClosedMonth(f) } }),
  },
};
