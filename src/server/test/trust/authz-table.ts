import { eq } from 'drizzle-orm';
import { guides } from '../../db/schema/index';
import { addItinerary } from '../guide-fixtures';
import { ACCOUNT_ENTRIES } from './authz-table-accounts';
import { BOOKING_ENTRIES } from './authz-table-bookings';
import { DOCUMENT_ENTRIES } from './authz-table-documents';
import { FEEDBACK_ENTRIES } from './authz-table-feedback';
import { MESSAGING_ENTRIES } from './authz-table-messaging';
import { PAID_BOOKING_ENTRIES } from './authz-table-paid-bookings';
import { PAYOUT_ENTRIES } from './authz-table-payouts';
import { TROUBLE_ENTRIES } from './authz-table-trouble';
import { CHANGE_ENTRIES } from './authz-table-changes';
import { PLAN_ENTRIES } from './authz-table-plans';
import { CALENDAR_ENTRIES } from './authz-table-calendars';
import { OCTO_BOOKING_ENTRIES } from './authz-table-octo';
import { setupReply, type AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

/**
 * Who may use each route that takes a resource id. The authorization suite (authz.test.ts) reads
 * this table; a route with a `{param}` in its path that is missing here fails the suite, and so does
 * an entry whose route no longer exists. A module that adds such a route adds its line here, in its
 * own section.
 *
 * - `owner`: `setup` creates a resource belonging to `f.owner` (or the party `as` names) and returns
 *   the request that reads or writes it. The owner must get through (not 401/403/404); every stranger
 *   (by default `f.stranger`, another traveler) gets `strangerStatus` (404 unless the route says
 *   otherwise); a visitor without a token gets `visitorStatus` (401).
 * - `admin`: only admins; everyone else gets 404 (the admin area is invisible), visitors 401.
 * - `public`: the resource is public by design (`why` says so): a visitor gets it.
 */
export type { AuthzEntry };

/** A support conversation opened by the owner through the API. */
async function ownersSupportThread(f: TrustFixtures): Promise<number> {
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/support/threads',
    token: await f.owner.token(),
    body: { message: 'My payment did not go through', topic: 'general' },
  });
  if (res.statusCode !== 201) throw new Error(`support thread setup failed: ${res.statusCode} ${res.body}`);
  return res.json().thread.id as number;
}

const guideParams = (key: string) => async (f: TrustFixtures) => ({ params: { [key]: f.guide.guideId } });

/** A reseller made by the admin through the console's route; its key (decision 201). */
async function resellerKey(f: TrustFixtures): Promise<{ id: number; apiKey: string }> {
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/admin/channels',
    token: await f.admin.token(),
    body: { name: 'Authz Partner' },
  });
  if (res.statusCode !== 201) throw new Error(`reseller setup failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A webhook at a literal public address: registered without asking DNS, and never called (no booking is sold). */
const WEBHOOK = { event: 'booking_update', url: 'https://93.184.216.34/hook' };

/** A reseller with a webhook it registered through the OCTO API (decision 203). */
async function resellerWebhook(f: TrustFixtures) {
  const { id, apiKey } = await resellerKey(f);
  const headers = { authorization: `Bearer ${apiKey}` };
  const res = await send(f.t, { method: 'POST', url: '/api/octo/webhooks', headers, body: WEBHOOK });
  setupReply(res, 200, 'webhook');
  return { id, headers, webhookId: res.json().id as string };
}

export const AUTHZ_TABLE: Record<string, AuthzEntry> = {
  // ---- resellers and the OCTO API (decision 201): the admin's console, a reseller's key ----
  'POST /api/admin/channels/{id}/rotate': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await resellerKey(f)).id } }),
  },
  'DELETE /api/admin/channels/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await resellerKey(f)).id } }),
  },
  'GET /api/octo/products/{id}': {
    rule: 'reseller',
    setup: async (f) => {
      await f.t.database.db.update(guides).set({ sellsThroughResellers: true }).where(eq(guides.id, f.guide.guideId));
      const { apiKey } = await resellerKey(f);
      return { params: { id: `guide-${f.guide.guideId}` }, headers: { authorization: `Bearer ${apiKey}` } };
    },
  },
  // A reseller's webhooks (decision 203): another reseller's delete is INVALID_WEBHOOK_ID (webhooks.test.ts).
  'DELETE /api/octo/webhooks/{id}': {
    rule: 'reseller',
    setup: async (f) => {
      const { headers, webhookId } = await resellerWebhook(f);
      return { params: { id: webhookId }, headers };
    },
  },
  'GET /api/admin/channels/{id}/webhooks': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await resellerKey(f)).id } }),
  },
  'POST /api/admin/channels/{id}/webhooks': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await resellerKey(f)).id }, body: WEBHOOK }),
  },
  'DELETE /api/admin/channels/{id}/webhooks/{webhookId}': {
    rule: 'admin',
    setup: async (f) => {
      const { id, webhookId } = await resellerWebhook(f);
      return { params: { id, webhookId } };
    },
  },

  // ---- guides and catalog (discovery is public) ----
  'GET /api/v2/guides/{id}': { rule: 'public', why: 'a listed guide profile is public', setup: guideParams('id') },
  'GET /api/v2/guides/{id}/quote': {
    rule: 'public',
    why: "a listed guide's price for a group is public, as the prices it is made of are (decision 151)",
    setup: async (f) => ({ params: { id: f.guide.guideId }, query: { durationHours: 2, adults: 2 } }),
  },
  'GET /api/v2/service-categories/guides/{guideId}/choices/with-subcategories': {
    rule: 'public',
    why: "a listed guide's services are public",
    setup: guideParams('guideId'),
  },
  'GET /api/v2/service-categories/guides/{guideId}/pricing': {
    rule: 'public',
    why: "a listed guide's prices are public",
    setup: guideParams('guideId'),
  },
  'GET /api/v2/reviews/guides/{guideId}': {
    rule: 'public',
    why: 'published reviews are public',
    setup: guideParams('guideId'),
  },
  'GET /api/v2/itineraries/{id}': {
    rule: 'public',
    why: "a listed guide's itineraries are public",
    setup: async (f) => ({ params: { id: (await addItinerary(f.t.database.db, f.guide.guideId)).id } }),
  },
  'GET /api/v2/avatars/{file}': {
    rule: 'public',
    why: 'generated portraits hold no personal data',
    setup: async () => ({ params: { file: 'kyoto-3-f.svg' } }),
  },

  // ---- saved guides: only the traveler's own list ----
  'GET /api/travelers/{id}/saved-guides': { rule: 'owner', setup: async (f) => ({ params: { id: f.owner.id } }) },
  'POST /api/travelers/{id}/saved-guides/{guideId}': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: f.owner.id, guideId: f.guide.guideId } }),
  },
  'DELETE /api/travelers/{id}/saved-guides/{guideId}': {
    rule: 'owner',
    setup: async (f) => {
      await send(f.t, {
        method: 'POST',
        url: `/api/travelers/${f.owner.id}/saved-guides/${f.guide.guideId}`,
        token: await f.owner.token(),
      });
      return { params: { id: f.owner.id, guideId: f.guide.guideId } };
    },
  },

  // ---- support: a conversation belongs to whoever opened it; the inbox to admins ----
  // Anonymous visitors reach their conversation with its key, so without token or key it is not found.
  'GET /api/support/threads/{id}/messages': {
    rule: 'owner',
    visitorStatus: 404,
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) } }),
  },
  'POST /api/support/threads/{id}/messages': {
    rule: 'owner',
    visitorStatus: 404,
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { body: 'Any news?' } }),
  },
  'GET /api/admin/support/threads/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) } }),
  },
  'PATCH /api/admin/support/threads/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { status: 'closed' } }),
  },
  'POST /api/admin/support/threads/{id}/messages': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { body: 'We are looking into it.' } }),
  },
  // Bookings, messaging and paid bookings live in files of their own; spread here in the order the suite has always run
  // them.
  ...BOOKING_ENTRIES,
  ...MESSAGING_ENTRIES,
  ...PAID_BOOKING_ENTRIES,
};

// Reviews and disputes, and the business and account sections, live in files of their own (this one read 671 lines).
Object.assign(
  AUTHZ_TABLE,
  FEEDBACK_ENTRIES,
  ACCOUNT_ENTRIES,
  PAYOUT_ENTRIES,
  DOCUMENT_ENTRIES,
  TROUBLE_ENTRIES,
  CHANGE_ENTRIES,
  PLAN_ENTRIES,
  CALENDAR_ENTRIES,
  OCTO_BOOKING_ENTRIES,
);
