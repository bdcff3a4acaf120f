import { dayInJapan, isBusinessDay, nextBusinessDay } from '../../modules/wallet/business-days';
import { awaitingBankBatch, bankBatch } from '../../modules/wallet/test-helpers';
import type { AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';

/** A bank batch with one pending line, made by f.admin (decision 128). */
async function batch(f: TrustFixtures) {
  return bankBatch(f.t, { id: f.admin.id, token: await f.admin.token() });
}

/**
 * A bank batch the weekly job formed, awaiting its rate (decision 130). A rate is entered on a business
 * day: on any other day the app's clock moves to the next one's morning for the call (authz.test.ts
 * puts the clock back after each entry).
 */
async function awaiting(f: TrustFixtures) {
  const made = await awaitingBankBatch(f.t, { id: f.admin.id, token: await f.admin.token() });
  const today = dayInJapan(new Date());
  if (!isBusinessDay(today)) {
    const at = new Date(`${nextBusinessDay(today)}T10:00:00+09:00`);
    f.t.app.bookings.now = () => at;
  }
  return made;
}

/** Payouts: the bank list is public reference data; payout batches are the admin's. */
export const PAYOUT_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/v2/banks/{code}/branches': {
    rule: 'public',
    why: 'the Zengin bank and branch list is public reference data',
    setup: async () => ({ params: { code: '0001' } }),
  },
  'GET /api/admin/payout-batches/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await batch(f)).id } }),
  },
  'GET /api/admin/payout-batches/{id}/zengin': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await batch(f)).id } }),
  },
  'POST /api/admin/payout-batches/{id}/rate': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await awaiting(f)).id }, body: { jpyPerCny: '21.53' } }),
  },
  'POST /api/admin/payout-batches/{id}/lines/{lineId}/paid': {
    rule: 'admin',
    setup: async (f) => ({ params: await batch(f) }),
  },
  'POST /api/admin/payout-batches/{id}/lines/{lineId}/failed': {
    rule: 'admin',
    setup: async (f) => ({ params: await batch(f), body: { reason: 'Account closed' } }),
  },
};
