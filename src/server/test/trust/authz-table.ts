import { addDays, todayInZone } from '../../../shared/availability';
import { setGuideServices } from '../../modules/guides/index';
import { addItinerary, subcategoryIdBySlug } from '../guide-fixtures';
import { ACCOUNT_ENTRIES } from './authz-table-accounts';
import { DOCUMENT_ENTRIES } from './authz-table-documents';
import { FEEDBACK_ENTRIES } from './authz-table-feedback';
import { PAYOUT_ENTRIES } from './authz-table-payouts';
import { TROUBLE_ENTRIES } from './authz-table-trouble';
import { CHANGE_ENTRIES } from './authz-table-changes';
import { PLAN_ENTRIES } from './authz-table-plans';
import { bookingStrangers, nextDay, ownersBooking, type AuthzEntry } from './authz-setup';
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

// ---- bookings: a booking of `f.owner` with `f.guide`, each on its own day ----
/** Rescheduling's own days from 160, clear of the other sections' (bookings from 20, tour requests from 40, feedback from 120). */
/** A paid booking of the owner for which f.guide proposed a new time: the owner answers it. */
async function guidesProposal(f: TrustFixtures): Promise<{ id: number; proposalId: number }> {
  const id = await ownersBooking(f, { paid: true, day: nextDay(f, 'reschedule', 160) });
  const date = addDays(todayInZone('Asia/Tokyo'), nextDay(f, 'reschedule', 160));
  const res = await send(f.t, { method: 'POST', url: `/api/v2/bookings/${id}/reschedule`, token: await f.guide.token(), body: { date, startTime: '13:00' } });
  if (res.statusCode !== 201) throw new Error(`reschedule setup failed: ${res.statusCode} ${res.body}`);
  return { id, proposalId: res.json().reschedule.id as number };
}
const guideSideStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide, f.owner];

// ---- messaging: a conversation belongs to its traveler and its guide; system messages to their user ----
/** The owner's conversation with f.guide; the guide has replied once, so the owner's credits never run out. */
async function ownersConversation(f: TrustFixtures): Promise<number> {
  const res = await send(f.t, { method: 'POST', url: '/api/conversations', token: await f.owner.token(), body: { guideId: f.guide.guideId } });
  if (res.statusCode >= 300) throw new Error(`conversation setup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().data.conversation.id as number;
  await send(f.t, { method: 'POST', url: `/api/conversations/${id}/messages`, token: await f.guide.token(), body: { clientMessageId: 'authz-guide-hello', body: 'Hello!' } });
  return id;
}
let tourRequestN = 0;
/** A service f.guide offers (a tour request must choose one, decision 053). */
async function guideService(f: TrustFixtures): Promise<number> {
  const id = await subcategoryIdBySlug(f.t.database.db, 'city-walk');
  await setGuideServices(f.t.database.db, f.guide.guideId, [{ subcategoryId: id, priceCents: null }]);
  return id;
}
const tourRequestBody = (subcategoryId: number) => ({
  clientMessageId: `authz-tour-${++tourRequestN}`,
  note: '',
  request: {
    date: addDays(todayInZone('Asia/Tokyo'), 40 + tourRequestN),
    startTime: '10:00',
    durationHours: 2,
    travelers: 2,
    meal: 'fast_food',
    meals: 1,
    transport: 'same_city',
    tickets: 'no_payment',
    ticketCount: 0,
    itinerary: 'Temples',
    groupComposition: 'Two adults',
    meetingAddress: 'Kyoto Station',
    meetingPostalCode: '600-8216',
    subcategoryId,
  },
});
/** A pending tour request from the owner to f.guide, for the guide to answer. */
async function ownersTourRequest(f: TrustFixtures): Promise<{ id: number; messageId: number }> {
  const id = await ownersConversation(f);
  const res = await send(f.t, { method: 'POST', url: `/api/conversations/${id}/tour-requests`, token: await f.owner.token(), body: tourRequestBody(await guideService(f)) });
  if (res.statusCode >= 300) throw new Error(`tour request setup failed: ${res.statusCode} ${res.body}`);
  return { id, messageId: res.json().data.id as number };
}
const conversationStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide];
async function ownersSystemMessage(f: TrustFixtures): Promise<number> {
  const [m] = await f.t.app.notifications.create([
    { userId: f.owner.id, type: 'booking', text: { en: { title: 'T', message: 'M' }, 'zh-CN': { title: 'T', message: 'M' }, ja: { title: 'T', message: 'M' } }, related: { type: 'booking', id: 4242 } },
  ]);
  return m!.id;
}

// ---- offers (decision 078): an offer belongs to its conversation's traveler and guide ----
const offerBody = (f: TrustFixtures, day = nextDay(f, 'offers', 60)) => ({
  clientMessageId: `authz-offer-${day}`,
  date: addDays(todayInZone('Asia/Tokyo'), day),
  startTime: '10:00',
  durationHours: 2,
  travelers: 1,
  priceCents: 50_000,
  meetingAddress: 'Kyoto Station',
  meetingPostalCode: '600-8216',
  itinerary: 'Temples',
});
/** An open offer from f.guide to the owner. */
async function ownersOffer(f: TrustFixtures): Promise<number> {
  const id = await ownersConversation(f);
  const res = await send(f.t, { method: 'POST', url: `/api/v2/conversations/${id}/offers`, token: await f.guide.token(), body: offerBody(f) });
  if (res.statusCode !== 201) throw new Error(`offer setup failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

export const AUTHZ_TABLE: Record<string, AuthzEntry> = {
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
  'GET /api/v2/service-categories/guides/{guideId}/pricing': { rule: 'public', why: "a listed guide's prices are public", setup: guideParams('guideId') },
  'GET /api/v2/reviews/guides/{guideId}': { rule: 'public', why: 'published reviews are public', setup: guideParams('guideId') },
  'GET /api/v2/itineraries/{id}': {
    rule: 'public',
    why: "a listed guide's itineraries are public",
    setup: async (f) => ({ params: { id: (await addItinerary(f.t.database.db, f.guide.guideId)).id } }),
  },
  'GET /api/v2/avatars/{file}': { rule: 'public', why: 'generated portraits hold no personal data', setup: async () => ({ params: { file: 'kyoto-3-f.svg' } }) },

  // ---- saved guides: only the traveler's own list ----
  'GET /api/travelers/{id}/saved-guides': { rule: 'owner', setup: async (f) => ({ params: { id: f.owner.id } }) },
  'POST /api/travelers/{id}/saved-guides/{guideId}': { rule: 'owner', setup: async (f) => ({ params: { id: f.owner.id, guideId: f.guide.guideId } }) },
  'DELETE /api/travelers/{id}/saved-guides/{guideId}': {
    rule: 'owner',
    setup: async (f) => {
      await send(f.t, { method: 'POST', url: `/api/travelers/${f.owner.id}/saved-guides/${f.guide.guideId}`, token: await f.owner.token() });
      return { params: { id: f.owner.id, guideId: f.guide.guideId } };
    },
  },

  // ---- support: a conversation belongs to whoever opened it; the inbox to admins ----
  // Anonymous visitors reach their conversation with its key, so without token or key it is not found.
  'GET /api/support/threads/{id}/messages': { rule: 'owner', visitorStatus: 404, setup: async (f) => ({ params: { id: await ownersSupportThread(f) } }) },
  'POST /api/support/threads/{id}/messages': {
    rule: 'owner',
    visitorStatus: 404,
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { body: 'Any news?' } }),
  },
  'GET /api/admin/support/threads/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: await ownersSupportThread(f) } }) },
  'PATCH /api/admin/support/threads/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { status: 'closed' } }) },
  'POST /api/admin/support/threads/{id}/messages': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersSupportThread(f) }, body: { body: 'We are looking into it.' } }),
  },
  // ---- bookings and payments: the traveler's and the guide's own; the ledger for admins ----
  'GET /api/v2/guides/{id}/slots': {
    rule: 'public',
    why: "a listed guide's free start times are public (the booking box)",
    setup: async (f) => ({ params: { id: f.guide.guideId }, query: { date: addDays(todayInZone('Asia/Tokyo'), 10), durationHours: 2 } }),
  },
  'GET /api/v2/bookings/{id}': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersBooking(f) } }) },
  'POST /api/v2/bookings/{id}/payments': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => {
      const id = await ownersBooking(f);
      return {
        params: { id },
        headers: { 'idempotency-key': `authz-pay-${id}` },
        body: { kind: 'deposit', method: 'card', cardNumber: '4242424242424242', expiryDate: '12/34', cvv: '123', cardHolder: 'Owner Traveler' },
      };
    },
  },
  'POST /api/v2/bookings/{id}/accept': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideSideStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'POST /api/v2/bookings/{id}/decline': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideSideStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: { reason: 'I am unwell that day' } }),
  },
  'GET /api/v2/bookings/{id}/cancellation-quote': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'PATCH /api/bookings/{id}/status': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: { status: 'cancelled' } }),
  },
  'GET /api/v2/bookings-new/traveler/{userId}': { rule: 'owner', strangers: (f) => [f.stranger, f.guide], setup: async (f) => ({ params: { userId: f.owner.id } }) },
  'GET /api/v2/bookings-new/guide/{userId}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.otherGuide, f.owner],
    setup: async (f) => ({ params: { userId: f.guide.id } }),
  },
  'GET /api/admin/bookings/{id}/ledger': { rule: 'admin', setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }) },

  // ---- messaging ----
  'GET /api/conversations/{id}/messages': { rule: 'owner', strangers: conversationStrangers, setup: async (f) => ({ params: { id: await ownersConversation(f) } }) },
  'POST /api/conversations/{id}/messages': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { id: await ownersConversation(f) }, body: { clientMessageId: `authz-message-${++tourRequestN}`, body: 'Hi' } }),
  },
  'POST /api/conversations/{id}/mark-read': { rule: 'owner', strangers: conversationStrangers, setup: async (f) => ({ params: { id: await ownersConversation(f) }, body: {} }) },
  'POST /api/conversations/{id}/tour-requests': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { id: await ownersConversation(f) }, body: tourRequestBody(await guideService(f)) }),
  },
  'POST /api/conversations/{id}/tour-requests/{messageId}/accept': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: conversationStrangers,
    setup: async (f) => ({ params: await ownersTourRequest(f) }),
  },
  'POST /api/conversations/{id}/tour-requests/{messageId}/reject': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: conversationStrangers,
    setup: async (f) => ({ params: await ownersTourRequest(f), body: { reason: 'fully_booked', confirm: true } }),
  },
  // A guide cannot offer on (or price for) a conversation that is not theirs; a traveler never sees another's offer.
  'POST /api/v2/conversations/{conversationId}/offers': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { conversationId: await ownersConversation(f) }, body: offerBody(f) }),
  },
  'GET /api/v2/conversations/{conversationId}/offer-quote': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide, f.owner],
    setup: async (f) => ({ params: { conversationId: await ownersConversation(f) }, query: { durationHours: 2, travelers: 1 } }),
  },
  'GET /api/v2/offers/{offerId}': { rule: 'owner', strangers: conversationStrangers, setup: async (f) => ({ params: { offerId: await ownersOffer(f) } }) },
  'POST /api/v2/offers/{offerId}/decline': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { offerId: await ownersOffer(f) }, body: { reason: 'price' } }),
  },
  'POST /api/v2/offers/{offerId}/withdraw': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideSideStrangers,
    setup: async (f) => ({ params: { offerId: await ownersOffer(f) } }),
  },
  'GET /api/conversations/total-unread-count/{userId}': { rule: 'owner', strangers: (f) => [f.stranger, f.guide], setup: async (f) => ({ params: { userId: f.owner.id } }) },
  'GET /api/v2/system-messages/{id}': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }) },
  'PATCH /api/v2/system-messages/{id}/read': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }) },
  'PATCH /api/v2/system-messages/{id}/archive': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }) },
  'DELETE /api/v2/system-messages/{id}': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }) },
  'GET /api/v2/system-messages/entity/{type}/{id}': {
    rule: 'owner',
    setup: async (f) => (await ownersSystemMessage(f), { params: { type: 'booking', id: 4242 } }),
  },

  // ---- payment proofs: the traveler uploads, the guide verifies, both (and admins) read ----
  'GET /api/v2/bookings/{id}/payment-proof': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }) },
  'POST /api/v2/bookings/{id}/payment-proof': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }) },
  'POST /api/v2/bookings/{id}/payment-proof/verify': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }),
  },
  'GET /api/v2/bookings/{id}/payment-proof/file': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }) },

  // ---- on tour: start, extensions (the traveler's; approve/reject the guide's) ----
  'PATCH /api/bookings/{id}/confirm-start': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: { userType: 'traveler' } }),
  },
  'POST /api/bookings/{id}/request-extension': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: { extensionHours: 1 } }),
  },
  'PATCH /api/bookings/{id}/extension-payment': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true }) },
      body: { paid: true, paymentMethod: 'card', transactionData: { transactionId: '1' } },
    }),
  },
  'POST /api/v2/bookings/{id}/extension/approve': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideSideStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'POST /api/v2/bookings/{id}/extension/reject': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideSideStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  // The traveler takes back an unpaid extension request; the guide and strangers 404.
  'POST /api/v2/bookings/{id}/extension/withdraw': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'PATCH /api/bookings/{id}/confirm-extension': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: { userType: 'traveler' } }),
  },
  // ---- rescheduling (decision 079): the booking's traveler and guide; strangers and other guides 404 ----
  'POST /api/v2/bookings/{id}/reschedule': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true, day: nextDay(f, 'reschedule', 160) }) }, body: { date: addDays(todayInZone('Asia/Tokyo'), nextDay(f, 'reschedule', 160)), startTime: '13:00' } }),
  },
  'POST /api/v2/bookings/{id}/reschedule/{proposalId}/accept': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: await guidesProposal(f) }),
  },
  'POST /api/v2/bookings/{id}/reschedule/{proposalId}/decline': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: await guidesProposal(f), body: { reason: 'That day does not work for me' } }),
  },
  // ---- booking PDF: the booking's traveler and guide (and admins); strangers 404, visitors 401 ----
  'GET /api/v2/bookings/{id}/pdf': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, query: { lang: 'en' } }) },
  'GET /api/v2/bookings/{id}/pdf-link': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, query: { lang: 'zh-CN' } }) },
};

/** A paid booking of the owner that f.guide accepted and that is now under way, with a proof uploaded when asked. */
async function ownersOngoingBooking(f: TrustFixtures, opts: { proof?: boolean } = {}): Promise<number> {
  const id = await ownersBooking(f, { paid: true });
  const accepted = await send(f.t, { method: 'POST', url: `/api/v2/bookings/${id}/accept`, token: await f.guide.token() });
  if (accepted.statusCode !== 200) throw new Error(`accept setup failed: ${accepted.statusCode} ${accepted.body}`);
  const [{ eq }, { bookings }] = await Promise.all([import('drizzle-orm'), import('../../db/schema/index')]);
  await f.t.database.db.update(bookings).set({ status: 'ongoing' }).where(eq(bookings.id, id));
  if (opts.proof) {
    const boundary = 'authzproof';
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.gif"\r\nContent-Type: image/gif\r\n\r\n`),
      gif,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payment-proof`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${await f.owner.token()}` },
      remoteAddress: `10.77.${(id >> 8) & 255}.${id & 255}`,
    });
    if (res.statusCode !== 201) throw new Error(`proof setup failed: ${res.statusCode} ${res.body}`);
  }
  return id;
}

// Reviews and disputes, and the business and account sections, live in files of their own (this one read 671 lines).
Object.assign(AUTHZ_TABLE, FEEDBACK_ENTRIES, ACCOUNT_ENTRIES, PAYOUT_ENTRIES, DOCUMENT_ENTRIES, TROUBLE_ENTRIES, CHANGE_ENTRIES, PLAN_ENTRIES);
