import { addDays, todayInZone } from '../../../shared/availability';
import { bookingStrangers, nextDay, ownersBooking, type AuthzEntry } from './authz-setup';
import { guideSideStrangers } from './authz-table-bookings';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

// The authorization table's steps on a paid booking (payment proofs, the tour's start and extensions, rescheduling, the
// PDF), apart from authz-table.ts like its other sections.

/**
 * Rescheduling's own days from 160, clear of the other sections' (bookings from 20, tour requests from 40, feedback
 * from 120).
 */
/** A paid booking of the owner for which f.guide proposed a new time: the owner answers it. */
async function guidesProposal(f: TrustFixtures): Promise<{ id: number; proposalId: number }> {
  const id = await ownersBooking(f, { paid: true, day: nextDay(f, 'reschedule', 160) });
  const date = addDays(todayInZone('Asia/Tokyo'), nextDay(f, 'reschedule', 160));
  const res = await send(f.t, {
    method: 'POST',
    url: `/api/v2/bookings/${id}/reschedule`,
    token: await f.guide.token(),
    body: { date, startTime: '13:00' },
  });
  if (res.statusCode !== 201) throw new Error(`reschedule setup failed: ${res.statusCode} ${res.body}`);
  return { id, proposalId: res.json().reschedule.id as number };
}

/** A paid booking of the owner that f.guide accepted and that is now under way, with a proof uploaded when asked. */
async function ownersOngoingBooking(f: TrustFixtures, opts: { proof?: boolean } = {}): Promise<number> {
  const id = await ownersBooking(f, { paid: true });
  const accepted = await send(f.t, {
    method: 'POST',
    url: `/api/v2/bookings/${id}/accept`,
    token: await f.guide.token(),
  });
  if (accepted.statusCode !== 200) throw new Error(`accept setup failed: ${accepted.statusCode} ${accepted.body}`);
  const [{ eq }, { bookings }] = await Promise.all([import('drizzle-orm'), import('../../db/schema/index')]);
  await f.t.database.db.update(bookings).set({ status: 'ongoing' }).where(eq(bookings.id, id));
  if (opts.proof) {
    const boundary = 'authzproof';
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.gif"\r\nContent-Type: image/gif\r\n\r\n`,
      ),
      gif,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await f.t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/payment-proof`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${await f.owner.token()}`,
      },
      remoteAddress: `10.77.${(id >> 8) & 255}.${id & 255}`,
    });
    if (res.statusCode !== 201) throw new Error(`proof setup failed: ${res.statusCode} ${res.body}`);
  }
  return id;
}

export const PAID_BOOKING_ENTRIES: Record<string, AuthzEntry> = {
  // ---- payment proofs: the traveler uploads, the guide verifies, both (and admins) read ----
  'GET /api/v2/bookings/{id}/payment-proof': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }),
  },
  'POST /api/v2/bookings/{id}/payment-proof': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f) } }),
  },
  'POST /api/v2/bookings/{id}/payment-proof/verify': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }),
  },
  'GET /api/v2/bookings/{id}/payment-proof/file': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersOngoingBooking(f, { proof: true }) } }),
  },

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
    setup: async (f) => ({
      params: { id: await ownersBooking(f, { paid: true, day: nextDay(f, 'reschedule', 160) }) },
      body: { date: addDays(todayInZone('Asia/Tokyo'), nextDay(f, 'reschedule', 160)), startTime: '13:00' },
    }),
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
  'GET /api/v2/bookings/{id}/pdf': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, query: { lang: 'en' } }),
  },
  'GET /api/v2/bookings/{id}/pdf-link': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBooking(f, { paid: true }) }, query: { lang: 'zh-CN' } }),
  },
};
