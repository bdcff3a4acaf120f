import { addDays, todayInZone } from '../../../shared/availability';
import { bookingStrangers, ownersBooking, type AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';

// The authorization table's bookings and payments, apart from authz-table.ts like its other sections.

/**
 * Strangers to the guide's side of a booking or offer (its answers): the traveler is one of them. Messaging and paid
 * bookings use it too.
 */
export const guideSideStrangers = (f: TrustFixtures) => [f.stranger, f.otherGuide, f.owner];

export const BOOKING_ENTRIES: Record<string, AuthzEntry> = {
  // ---- bookings and payments: the traveler's and the guide's own; the ledger for admins ----
  'GET /api/v2/guides/{id}/slots': {
    rule: 'public',
    why: "a listed guide's free start times are public (the booking box)",
    setup: async (f) => ({
      params: { id: f.guide.guideId },
      query: { date: addDays(todayInZone('Asia/Tokyo'), 10), durationHours: 2 },
    }),
  },
  'GET /api/v2/bookings/{id}': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f) } }),
  },
  'POST /api/v2/bookings/{id}/payments': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.otherGuide, f.guide],
    setup: async (f) => {
      const id = await ownersBooking(f);
      return {
        params: { id },
        headers: { 'idempotency-key': `authz-pay-${id}` },
        body: {
          kind: 'deposit',
          method: 'card',
          cardNumber: '4242424242424242',
          expiryDate: '12/34',
          cvv: '123',
          cardHolder: 'Owner Traveler',
        },
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
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true }) },
      body: { reason: 'I am unwell that day' },
    }),
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
  'GET /api/v2/bookings-new/traveler/{userId}': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.guide],
    setup: async (f) => ({ params: { userId: f.owner.id } }),
  },
  'GET /api/v2/bookings-new/guide/{userId}': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.otherGuide, f.owner],
    setup: async (f) => ({ params: { userId: f.guide.id } }),
  },
  'GET /api/admin/bookings/{id}/ledger': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) } }),
  },
};
