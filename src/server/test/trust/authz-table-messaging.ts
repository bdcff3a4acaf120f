import { addDays, todayInZone } from '../../../shared/availability';
import { setGuideServices } from '../../modules/guides/index';
import { subcategoryIdBySlug } from '../guide-fixtures';
import { nextDay, type AuthzEntry } from './authz-setup';
import { guideSideStrangers } from './authz-table-bookings';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

// The authorization table's conversations, tour requests, offers and system messages, apart from authz-table.ts like
// its other sections.

// ---- messaging: a conversation belongs to its traveler and its guide; system messages to their user ----
/** The owner's conversation with f.guide; the guide has replied once, so the owner's credits never run out. */
async function ownersConversation(f: TrustFixtures): Promise<number> {
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/conversations',
    token: await f.owner.token(),
    body: { guideId: f.guide.guideId },
  });
  if (res.statusCode >= 300) throw new Error(`conversation setup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().data.conversation.id as number;
  await send(f.t, {
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    token: await f.guide.token(),
    body: { clientMessageId: 'authz-guide-hello', body: 'Hello!' },
  });
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
  const res = await send(f.t, {
    method: 'POST',
    url: `/api/conversations/${id}/tour-requests`,
    token: await f.owner.token(),
    body: tourRequestBody(await guideService(f)),
  });
  if (res.statusCode >= 300) throw new Error(`tour request setup failed: ${res.statusCode} ${res.body}`);
  return { id, messageId: res.json().data.id as number };
}
const conversationStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide];
async function ownersSystemMessage(f: TrustFixtures): Promise<number> {
  const [m] = await f.t.app.notifications.create([
    {
      userId: f.owner.id,
      type: 'booking',
      text: {
        en: { title: 'T', message: 'M' },
        'zh-CN': { title: 'T', message: 'M' },
        ja: { title: 'T', message: 'M' },
      },
      related: { type: 'booking', id: 4242 },
    },
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
  const res = await send(f.t, {
    method: 'POST',
    url: `/api/v2/conversations/${id}/offers`,
    token: await f.guide.token(),
    body: offerBody(f),
  });
  if (res.statusCode !== 201) throw new Error(`offer setup failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

export const MESSAGING_ENTRIES: Record<string, AuthzEntry> = {
  // ---- messaging ----
  'GET /api/conversations/{id}/messages': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { id: await ownersConversation(f) } }),
  },
  'POST /api/conversations/{id}/messages': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({
      params: { id: await ownersConversation(f) },
      body: { clientMessageId: `authz-message-${++tourRequestN}`, body: 'Hi' },
    }),
  },
  'POST /api/conversations/{id}/mark-read': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { id: await ownersConversation(f) }, body: {} }),
  },
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
    setup: async (f) => ({
      params: { conversationId: await ownersConversation(f) },
      query: { durationHours: 2, travelers: 1 },
    }),
  },
  'GET /api/v2/offers/{offerId}': {
    rule: 'owner',
    strangers: conversationStrangers,
    setup: async (f) => ({ params: { offerId: await ownersOffer(f) } }),
  },
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
  'GET /api/conversations/total-unread-count/{userId}': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.guide],
    setup: async (f) => ({ params: { userId: f.owner.id } }),
  },
  'GET /api/v2/system-messages/{id}': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }),
  },
  'PATCH /api/v2/system-messages/{id}/read': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }),
  },
  'PATCH /api/v2/system-messages/{id}/archive': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }),
  },
  'DELETE /api/v2/system-messages/{id}': {
    rule: 'owner',
    setup: async (f) => ({ params: { id: await ownersSystemMessage(f) } }),
  },
  'GET /api/v2/system-messages/entity/{type}/{id}': {
    rule: 'owner',
    setup: async (f) => (await ownersSystemMessage(f), { params: { type: 'booking', id: 4242 } }),
  },
};
