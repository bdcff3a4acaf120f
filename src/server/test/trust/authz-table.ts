import { addDays, todayInZone } from '../../../shared/availability';
import { jobs, payoutLedgerEntries, withdrawals } from '../../db/schema/index';
import { setGuideServices } from '../../modules/guides/index';
import { signUp } from '../accounts';
import { addItinerary, subcategoryIdBySlug } from '../guide-fixtures';
import type { Party, RouteRequest, TrustFixtures } from './fixtures';
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
export type AuthzEntry =
  | {
      rule: 'owner';
      setup: (f: TrustFixtures) => Promise<RouteRequest>;
      /** The party that owns what `setup` makes (default: the traveler `f.owner`). */
      as?: (f: TrustFixtures) => Party;
      strangers?: (f: TrustFixtures) => Party[];
      strangerStatus?: number;
      visitorStatus?: number;
    }
  | { rule: 'admin'; setup: (f: TrustFixtures) => Promise<RouteRequest> }
  | { rule: 'public'; why: string; setup: (f: TrustFixtures) => Promise<RouteRequest> };

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
let bookingDay = 20;
async function ownersBooking(f: TrustFixtures, opts: { paid?: boolean; day?: number } = {}): Promise<number> {
  const owner = await f.owner.token();
  const date = addDays(todayInZone('Asia/Tokyo'), opts.day ?? bookingDay++);
  const res = await send(f.t, { method: 'POST', url: '/api/v2/bookings', token: owner, body: { guideId: f.guide.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 } });
  if (res.statusCode !== 201) throw new Error(`booking setup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  if (opts.paid) {
    const paid = await send(f.t, {
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      token: owner,
      headers: { 'idempotency-key': `authz-payment-${id}` },
      body: { kind: 'deposit', method: 'card', cardNumber: '4242424242424242', expiryDate: '12/34', cvv: '123', cardHolder: 'Owner Traveler' },
    });
    if (paid.statusCode !== 201) throw new Error(`payment setup failed: ${paid.statusCode} ${paid.body}`);
  }
  return id;
}
const bookingStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide];
/** Rescheduling's own days, clear of the other sections' (bookings from 20, tour requests from 40, feedback from 120). */
let rescheduleDay = 160;
/** A paid booking of the owner for which f.guide proposed a new time: the owner answers it. */
async function guidesProposal(f: TrustFixtures): Promise<{ id: number; proposalId: number }> {
  const id = await ownersBooking(f, { paid: true, day: rescheduleDay++ });
  const date = addDays(todayInZone('Asia/Tokyo'), rescheduleDay++);
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
    { userId: f.owner.id, type: 'booking', text: { en: { title: 'T', message: 'M' }, 'zh-CN': { title: 'T', message: 'M' } }, related: { type: 'booking', id: 4242 } },
  ]);
  return m!.id;
}

// ---- offers (decision 078): an offer belongs to its conversation's traveler and guide ----
let offerDay = 60;
const offerBody = () => ({
  clientMessageId: `authz-offer-${offerDay}`,
  date: addDays(todayInZone('Asia/Tokyo'), offerDay++),
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
  const res = await send(f.t, { method: 'POST', url: `/api/v2/conversations/${id}/offers`, token: await f.guide.token(), body: offerBody() });
  if (res.statusCode !== 201) throw new Error(`offer setup failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

export const AUTHZ_TABLE: Record<string, AuthzEntry> = {
  // ---- guides and catalog (discovery is public) ----
  'GET /api/v2/guides/{id}': { rule: 'public', why: 'a listed guide profile is public', setup: guideParams('id') },
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
    setup: async (f) => ({
      params: { id: await ownersBooking(f) },
      headers: { 'idempotency-key': `authz-pay-${bookingDay}` },
      body: { kind: 'deposit', method: 'card', cardNumber: '4242424242424242', expiryDate: '12/34', cvv: '123', cardHolder: 'Owner Traveler' },
    }),
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

  // ---- messaging (issue 10) ----
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
    setup: async (f) => ({ params: { conversationId: await ownersConversation(f) }, body: offerBody() }),
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

  // ---- payment proofs (issue 12): the traveler uploads, the guide verifies, both (and admins) read ----
  'GET /api/v2/bookings/{id}/payment-proof': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }) },
  'POST /api/v2/bookings/{id}/payment-proof': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }) },
  'POST /api/v2/bookings/{id}/payment-proof/verify': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }),
  },
  'GET /api/v2/bookings/{id}/payment-proof/file': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }) },

  // ---- on tour (issue 12): start, extensions (the traveler's; approve/reject the guide's) ----
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
  // Issue 22: the traveler takes back an unpaid extension request; the guide and strangers 404.
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
  // ---- rescheduling (issue 22, decision 079): the booking's traveler and guide; strangers and other guides 404 ----
  'POST /api/v2/bookings/{id}/reschedule': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true, day: rescheduleDay++ }) }, body: { date: addDays(todayInZone('Asia/Tokyo'), rescheduleDay++), startTime: '13:00' } }),
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
  // ---- booking PDF (#12): the booking's traveler and guide (and admins); strangers 404, visitors 401 ----
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

// ---- reviews and disputes (#12): the booking's traveler and guide; admins resolve; strangers 404, visitors 401 ----
/** A paid booking of the owner with f.guide, accepted and then moved to `status` (the on-tour steps are tested elsewhere). */
let feedbackDay = 120; // its own days, clear of the other sections' bookings and accepted tour requests
async function ownersBookingIn(f: TrustFixtures, status: 'ongoing' | 'completed'): Promise<number> {
  const owner = await f.owner.token();
  const date = addDays(todayInZone('Asia/Tokyo'), feedbackDay++);
  const made = await send(f.t, { method: 'POST', url: '/api/v2/bookings', token: owner, body: { guideId: f.guide.guideId, date, startTime: '10:00', durationHours: 2, travelers: 1 } });
  if (made.statusCode !== 201) throw new Error(`booking setup failed: ${made.statusCode} ${made.body}`);
  const id = made.json().id as number;
  const paid = await send(f.t, {
    method: 'POST',
    url: `/api/v2/bookings/${id}/payments`,
    token: owner,
    headers: { 'idempotency-key': `authz-feedback-${id}` },
    body: { kind: 'deposit', method: 'card', cardNumber: '4242424242424242', expiryDate: '12/34', cvv: '123', cardHolder: 'Owner Traveler' },
  });
  if (paid.statusCode !== 201) throw new Error(`payment setup failed: ${paid.statusCode} ${paid.body}`);
  const accepted = await send(f.t, { method: 'POST', url: `/api/v2/bookings/${id}/accept`, token: await f.guide.token() });
  if (accepted.statusCode !== 200) throw new Error(`accept setup failed: ${accepted.statusCode} ${accepted.body}`);
  const [{ eq }, { bookings }] = await Promise.all([import('drizzle-orm'), import('../../db/schema/index')]);
  await f.t.database.db.update(bookings).set({ status, completedAt: status === 'completed' ? new Date() : null }).where(eq(bookings.id, id));
  return id;
}
/** A dispute the owner opened on an ongoing booking. */
async function ownersDispute(f: TrustFixtures): Promise<{ id: number; bookingId: number }> {
  const bookingId = await ownersBookingIn(f, 'ongoing');
  const res = await send(f.t, { method: 'POST', url: '/api/v2/disputes', token: await f.owner.token(), body: { bookingId, reason: 'The guide left early' } });
  if (res.statusCode !== 201) throw new Error(`dispute setup failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as number, bookingId };
}
async function ownersEvidence(f: TrustFixtures): Promise<{ id: number; evidenceId: number }> {
  const { id } = await ownersDispute(f);
  const boundary = 'authzevidence';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    // A real (empty) PDF: uploads are typed by content and checked for structure.
    Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await f.t.app.inject({
    method: 'POST',
    url: `/api/v2/disputes/${id}/evidence`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${await f.owner.token()}` },
  });
  if (res.statusCode !== 201) throw new Error(`evidence setup failed: ${res.statusCode} ${res.body}`);
  return { id, evidenceId: res.json().evidence[0].id as number };
}
Object.assign(AUTHZ_TABLE, {
  'GET /api/v2/reviews/bookings/{id}/eligibility': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: await ownersBookingIn(f, 'completed') } }) },
  'GET /api/v2/disputes/{id}': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }) },
  'GET /api/v2/disputes/bookings/{id}': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: (await ownersDispute(f)).bookingId } }) },
  'POST /api/v2/disputes/{id}/evidence': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }) },
  'GET /api/v2/disputes/{id}/evidence/{evidenceId}': { rule: 'owner', strangers: bookingStrangers, setup: async (f) => ({ params: await ownersEvidence(f) }) },
  'GET /api/admin/disputes/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }) },
  'POST /api/admin/disputes/{id}/resolve': { rule: 'admin', setup: async (f) => ({ params: { id: (await ownersDispute(f)).id }, body: { resolution: 'completed' } }) },
} satisfies Record<string, AuthzEntry>);

// Guide business (issue 13): the calendar feed is public to whoever holds its secret URL (a wrong token is 404).
Object.assign(AUTHZ_TABLE, {
  'GET /api/ical/{file}': {
    rule: 'public',
    why: "the guide's secret feed URL is the credential (calendar apps cannot send a bearer token)",
    setup: async (f) => {
      const res = await send(f.t, { method: 'GET', url: '/api/v2/guides/me/calendar-url', token: await f.guide.token() });
      if (res.statusCode !== 200) throw new Error(`calendar url setup failed: ${res.statusCode} ${res.body}`);
      return { params: { file: (res.json().url as string).split('/').pop()! } };
    },
  },
} satisfies Record<string, AuthzEntry>);

// Wallet and payouts (issue 13, decision 067): a payout request of the guide `f.guide`.
async function guidesWithdrawal(f: TrustFixtures): Promise<number> {
  const db = f.t.database.db;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId: f.guide.id, amountCents: 1_000, method: 'alipay', accountName: 'Guide', accountNumber: 'guide@example.com' })
      .returning({ id: withdrawals.id });
    await tx.insert(payoutLedgerEntries).values([
      { withdrawalId: row!.id, account: 'guide', userId: f.guide.id, kind: 'withdrawal', amountCents: -1_000 },
      { withdrawalId: row!.id, account: 'payout_hold', userId: null, kind: 'withdrawal', amountCents: 1_000 },
    ]);
    return row!.id;
  });
}
/** A withdrawal an admin approved (through the API), so it can be marked paid. */
async function approvedWithdrawal(f: TrustFixtures): Promise<number> {
  const id = await guidesWithdrawal(f);
  const res = await send(f.t, { method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, token: await f.admin.token() });
  if (res.statusCode !== 200) throw new Error(`withdrawal approval failed: ${res.statusCode} ${res.body}`);
  return id;
}
Object.assign(AUTHZ_TABLE, {
  'GET /api/v2/wallet/withdrawals/{id}': { rule: 'owner', as: (f) => f.guide, strangers: (f) => [f.stranger, f.otherGuide], setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }) },
  'POST /api/admin/withdrawals/{id}/approve': { rule: 'admin', setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }) },
  'POST /api/admin/withdrawals/{id}/paid': { rule: 'admin', setup: async (f) => ({ params: { id: await approvedWithdrawal(f) } }) },
  'POST /api/admin/withdrawals/{id}/fail': { rule: 'admin', setup: async (f) => ({ params: { id: await guidesWithdrawal(f) }, body: { reason: 'Account closed' } }) },
  'GET /api/admin/withdrawals/{id}/ledger': { rule: 'admin', setup: async (f) => ({ params: { id: await guidesWithdrawal(f) } }) },
} satisfies Record<string, AuthzEntry>);

// Guide applications (issue 13): a qualification document of `f.owner`, and a submitted application of a new user for the admin routes.
async function ownersApplicationDocument(f: TrustFixtures): Promise<number> {
  const { ensureApplication, insertDocument } = await import('../../modules/guide-applications/guide-applications.repository');
  const db = f.t.database.db;
  const application = await ensureApplication(db, f.owner.id);
  const key = `private-guide-applications/authz-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await f.t.app.storage.put(key, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'application/pdf');
  const doc = await insertDocument(db, { applicationId: application.id, storageKey: key, contentType: 'application/pdf', sizeBytes: 40, fileName: 'licence.pdf', description: 'Licence' });
  return doc.id;
}
async function submittedApplication(f: TrustFixtures): Promise<number> {
  const { guideApplications } = await import('../../db/schema/index');
  const { makeUser } = await import('../guide-fixtures');
  const db = f.t.database.db;
  const applicant = await makeUser(db, { fullName: 'Applicant Person' });
  const [row] = await db
    .insert(guideApplications)
    .values({ userId: applicant.id, status: 'submitted', submittedAt: new Date(), data: { name: 'Applicant Person', age: 30, serviceCities: ['tokyo'], basicPricePerHourCents: 20_000 } })
    .returning({ id: guideApplications.id });
  return row!.id;
}
const applicationParams = async (f: TrustFixtures) => ({ params: { id: await submittedApplication(f) } });
Object.assign(AUTHZ_TABLE, {
  'PATCH /api/v2/guide-applications/documents/{id}': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) }, body: { description: 'JNTO licence' } }) },
  'DELETE /api/v2/guide-applications/documents/{id}': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) } }) },
  'GET /api/v2/guide-applications/documents/{id}/file': { rule: 'owner', setup: async (f) => ({ params: { id: await ownersApplicationDocument(f) } }) },
  'GET /api/admin/applications/{id}': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/review': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/approve': { rule: 'admin', setup: applicationParams },
  'POST /api/admin/applications/{id}/reject': { rule: 'admin', setup: async (f) => ({ ...(await applicationParams(f)), body: { reason: 'Not enough experience' } }) },
  'POST /api/admin/applications/{id}/request-changes': { rule: 'admin', setup: async (f) => ({ ...(await applicationParams(f)), body: { message: 'Add a licence photo' } }) },
} satisfies Record<string, AuthzEntry>);

// Identity verification (issue 13): the owner's ID document and selfie, and a submitted verification of a new user for the admin routes.
async function storedIdentityFiles(f: TrustFixtures) {
  const key = (ext: string) => `private-identity/authz-${Date.now()}-${Math.random().toString(36).slice(2)}.${ext}`;
  const documentKey = key('pdf');
  const selfieKey = key('webp');
  await f.t.app.storage.put(documentKey, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), 'application/pdf');
  await f.t.app.storage.put(selfieKey, Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00', 'latin1'), 'image/webp');
  const now = new Date();
  return {
    documentKind: 'passport' as const,
    documentKey,
    documentType: 'application/pdf' as const,
    documentSize: 40,
    documentUploadedAt: now,
    selfieKey,
    selfieType: 'image/webp' as const,
    selfieSize: 34,
    selfieUploadedAt: now,
  };
}
async function ownersIdentityFiles(f: TrustFixtures): Promise<void> {
  const { ensureVerification, update } = await import('../../modules/identity/identity.repository');
  const row = await ensureVerification(f.t.database.db, f.owner.id);
  await update(f.t.database.db, row.id, ['draft', 'rejected', 'changes_requested', 'submitted', 'approved'], await storedIdentityFiles(f));
}
async function submittedIdentity(f: TrustFixtures): Promise<number> {
  const { identityVerifications } = await import('../../db/schema/index');
  const { makeUser } = await import('../guide-fixtures');
  const db = f.t.database.db;
  const user = await makeUser(db, { fullName: 'Verifying Person' });
  const [row] = await db
    .insert(identityVerifications)
    .values({ userId: user.id, status: 'submitted', submittedAt: new Date(), ...(await storedIdentityFiles(f)) })
    .returning({ id: identityVerifications.id });
  return row!.id;
}
const identityParams = async (f: TrustFixtures) => ({ params: { id: await submittedIdentity(f) } });
Object.assign(AUTHZ_TABLE, {
  'GET /api/v2/identity-verification/files/{kind}': {
    rule: 'owner',
    setup: async (f) => {
      await ownersIdentityFiles(f);
      return { params: { kind: 'selfie' } };
    },
  },
  'GET /api/admin/identity/{id}': { rule: 'admin', setup: identityParams },
  'GET /api/admin/identity/{id}/files/{kind}': { rule: 'admin', setup: async (f) => ({ params: { id: await submittedIdentity(f), kind: 'document' } }) },
  'POST /api/admin/identity/{id}/approve': { rule: 'admin', setup: identityParams },
  'POST /api/admin/identity/{id}/reject': { rule: 'admin', setup: async (f) => ({ ...(await identityParams(f)), body: { reason: 'The document is unreadable' } }) },
  'POST /api/admin/identity/{id}/request-changes': { rule: 'admin', setup: async (f) => ({ ...(await identityParams(f)), body: { note: 'Please retake the selfie' } }) },
} satisfies Record<string, AuthzEntry>);

// Guide profile and itineraries (issue 13, decision 070): an itinerary of the guide `f.guide`; any other caller's look is 404.
async function guidesItinerary(f: TrustFixtures): Promise<number> {
  return (await addItinerary(f.t.database.db, f.guide.guideId)).id;
}
const itineraryBody = { durationHours: 3, originalLanguage: 'en', stops: [{ time: '10:00' }], texts: { en: { title: 'Old town walk', summary: '', stops: [{ title: 'Temple', description: '' }] } } };
Object.assign(AUTHZ_TABLE, {
  'PUT /api/v2/guides/me/itineraries/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide, f.owner],
    setup: async (f) => ({ params: { id: await guidesItinerary(f) }, body: itineraryBody }),
  },
  'DELETE /api/v2/guides/me/itineraries/{id}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.stranger, f.otherGuide, f.owner],
    setup: async (f) => ({ params: { id: await guidesItinerary(f) } }),
  },
} satisfies Record<string, AuthzEntry>);

// Admin console: users and bookings (issue 14). Suspension acts on an account made for the purpose.
async function freshUser(f: TrustFixtures, suspended = false): Promise<number> {
  const { id } = await signUp(f.t);
  if (suspended) {
    const res = await send(f.t, { method: 'POST', url: `/api/admin/users/${id}/suspend`, token: await f.admin.token(), body: { reason: 'Fraud check' } });
    if (res.statusCode !== 200) throw new Error(`suspension setup failed: ${res.statusCode} ${res.body}`);
  }
  return id;
}
Object.assign(AUTHZ_TABLE, {
  'GET /api/admin/users/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: f.owner.id } }) },
  'POST /api/admin/users/{id}/suspend': { rule: 'admin', setup: async (f) => ({ params: { id: await freshUser(f) }, body: { reason: 'Spam messages' } }) },
  'POST /api/admin/users/{id}/reinstate': { rule: 'admin', setup: async (f) => ({ params: { id: await freshUser(f, true) } }) },
  'GET /api/admin/bookings/{id}': { rule: 'admin', setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }) },
  'POST /api/admin/jobs/{id}/retry': {
    rule: 'admin',
    setup: async (f) => {
      const [job] = await f.t.database.db.insert(jobs).values({ kind: 'trust.dead-letter', status: 'failed', attempts: 8, lastError: 'boom', runAt: new Date(Date.now() + 86_400_000) }).returning({ id: jobs.id });
      return { params: { id: job!.id } };
    },
  },
} satisfies Record<string, AuthzEntry>);
