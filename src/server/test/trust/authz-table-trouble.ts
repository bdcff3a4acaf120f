import { bookingStrangers, ownersBooking, type AuthzEntry } from './authz-setup';
import { send, type TrustFixtures } from './fixtures';

/** A paid booking of the owner that f.guide accepted: what an admin may cancel for the guide. */
async function acceptedBooking(f: TrustFixtures): Promise<number> {
  const id = await ownersBooking(f, { paid: true });
  const res = await send(f.t, { method: 'POST', url: `/api/v2/bookings/${id}/accept`, token: await f.guide.token() });
  if (res.statusCode !== 200) throw new Error(`accept setup failed: ${res.statusCode} ${res.body}`);
  return id;
}

/** The traveler's own choice: the booking's guide is a stranger to it as well (decision 137). */
const travelerOnly = (f: TrustFixtures) => [f.stranger, f.otherGuide, f.guide];

/**
 * When a trip goes wrong (decisions 137, 138): a replacement is the traveler's to choose; either side reports a
 * no-show.
 */
export const TROUBLE_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/v2/bookings/{id}/replacements': {
    rule: 'owner',
    strangers: travelerOnly,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
  'POST /api/v2/bookings/{id}/replacements': {
    rule: 'owner',
    strangers: travelerOnly,
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true }) },
      body: { guideId: f.otherGuide.guideId },
    }),
  },
  'POST /api/v2/bookings/{id}/report-no-show': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, body: {} }),
  },
  'POST /api/admin/bookings/{id}/cancel-for-guide': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await acceptedBooking(f) }, body: { reason: 'The guide cannot be reached' } }),
  },
};
