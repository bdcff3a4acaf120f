import { bookingStrangers, ownersBooking, type AuthzEntry } from './authz-setup';

/** The plan for each day agreed later (decision 178): either side of the booking; anyone else 404. */
export const PLAN_ENTRIES: Record<string, AuthzEntry> = {
  'PUT /api/v2/bookings/{id}/day-plans': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true }) },
      body: { dayPlans: [{ day: 1, startTime: '09:30', plan: 'Asakusa, then the river' }] },
    }),
  },
};
