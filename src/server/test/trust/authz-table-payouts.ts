import { bankBatch } from '../../modules/wallet/test-helpers';
import type { AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';

/** A bank batch with one pending line, made by f.admin (decision 128). */
async function batch(f: TrustFixtures) {
  return bankBatch(f.t, { id: f.admin.id, token: await f.admin.token() });
}

/** Payouts: the bank list is public reference data; payout batches are the admin's. */
export const PAYOUT_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/v2/banks/{code}/branches': { rule: 'public', why: 'the Zengin bank and branch list is public reference data', setup: async () => ({ params: { code: '0001' } }) },
  'GET /api/admin/payout-batches/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: (await batch(f)).id } }) },
  'GET /api/admin/payout-batches/{id}/zengin': { rule: 'admin', setup: async (f) => ({ params: { id: (await batch(f)).id } }) },
  'POST /api/admin/payout-batches/{id}/lines/{lineId}/paid': { rule: 'admin', setup: async (f) => ({ params: await batch(f) }) },
  'POST /api/admin/payout-batches/{id}/lines/{lineId}/failed': { rule: 'admin', setup: async (f) => ({ params: await batch(f), body: { reason: 'Account closed' } }) },
};
