import { bookingStrangers, ownersBooking, type AuthzEntry } from './authz-setup';
import { send, type TrustFixtures } from './fixtures';

/**
 * The owner's paid booking with a change asked for one more adult (decision 177), its difference paid when `paid`: then
 * it waits for f.guide.
 */
async function ownersChange(f: TrustFixtures, paid: boolean): Promise<{ id: number; changeId: number }> {
  const id = await ownersBooking(f, { paid: true });
  const token = await f.owner.token();
  const res = await send(f.t, {
    method: 'POST',
    url: `/api/v2/bookings/${id}/changes`,
    token,
    body: { adults: 2, children: 0, infants: 0, days: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`change setup failed: ${res.statusCode} ${res.body}`);
  if (paid) {
    const payment = await send(f.t, {
      method: 'POST',
      url: `/api/v2/bookings/${id}/payments`,
      token,
      headers: { 'idempotency-key': `authz-change-${id}` },
      body: {
        kind: 'change',
        method: 'card',
        cardNumber: '4242424242424242',
        expiryDate: '12/34',
        cvv: '123',
        cardHolder: 'Owner Traveler',
      },
    });
    if (payment.statusCode !== 201)
      throw new Error(`change payment setup failed: ${payment.statusCode} ${payment.body}`);
  }
  return { id, changeId: res.json().id as number };
}

/** The traveler's own asking: the booking's guide is a stranger to it (404). */
const travelerOnly = (f: TrustFixtures) => [f.stranger, f.otherGuide, f.guide];
/** The guide's answer: the traveler who asked is a stranger to it (404). */
const guideOnly = (f: TrustFixtures) => [f.stranger, f.otherGuide, f.owner];

/** Changing a booked trip (decision 177): the traveler asks and withdraws, the guide answers, both read. */
export const CHANGE_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/v2/bookings/{id}/changes/quote': {
    rule: 'owner',
    strangers: travelerOnly,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, query: { adults: '2', days: '1' } }),
  },
  'GET /api/v2/bookings/{id}/changes': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'POST /api/v2/bookings/{id}/changes': {
    rule: 'owner',
    strangers: travelerOnly,
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true }) },
      body: { adults: 2, children: 0, infants: 0, days: 1 },
    }),
  },
  'POST /api/v2/bookings/{id}/changes/{changeId}/withdraw': {
    rule: 'owner',
    strangers: travelerOnly,
    setup: async (f) => ({ params: await ownersChange(f, false) }),
  },
  'POST /api/v2/bookings/{id}/changes/{changeId}/accept': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideOnly,
    setup: async (f) => ({ params: await ownersChange(f, true) }),
  },
  'POST /api/v2/bookings/{id}/changes/{changeId}/decline': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: guideOnly,
    setup: async (f) => ({ params: await ownersChange(f, true), body: { reason: 'My car seats one' } }),
  },
};
