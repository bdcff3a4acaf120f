import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index';
import { bookingStrangers, nextDay, ownersBooking, type AuthzEntry } from './authz-setup';
import type { TrustFixtures } from './fixtures';
import { send } from './fixtures';

/**
 * The authorization table's reviews and disputes: the booking's traveler and guide; admins
 * resolve; strangers 404, visitors 401.
 */
/**
 * A paid booking of the owner with f.guide, accepted and then moved to `status` (the on-tour steps are tested
 * elsewhere).
 */
async function ownersBookingIn(f: TrustFixtures, status: 'ongoing' | 'completed'): Promise<number> {
  const id = await ownersBooking(f, { paid: true, day: nextDay(f, 'feedback', 120) });
  const accepted = await send(f.t, {
    method: 'POST',
    url: `/api/v2/bookings/${id}/accept`,
    token: await f.guide.token(),
  });
  if (accepted.statusCode !== 200) throw new Error(`accept setup failed: ${accepted.statusCode} ${accepted.body}`);
  await f.t.database.db
    .update(bookings)
    .set({ status, completedAt: status === 'completed' ? new Date() : null })
    .where(eq(bookings.id, id));
  return id;
}
/** A dispute the owner opened on an ongoing booking. */
async function ownersDispute(f: TrustFixtures): Promise<{ id: number; bookingId: number }> {
  const bookingId = await ownersBookingIn(f, 'ongoing');
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/v2/disputes',
    token: await f.owner.token(),
    body: { bookingId, reason: 'The guide left early' },
  });
  if (res.statusCode !== 201) throw new Error(`dispute setup failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as number, bookingId };
}
async function ownersEvidence(f: TrustFixtures): Promise<{ id: number; evidenceId: number }> {
  const { id } = await ownersDispute(f);
  const boundary = 'authzevidence';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="e.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    // A real (empty) PDF: uploads are typed by content and checked for structure.
    Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    ),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await f.t.app.inject({
    method: 'POST',
    url: `/api/v2/disputes/${id}/evidence`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await f.owner.token()}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`evidence setup failed: ${res.statusCode} ${res.body}`);
  return { id, evidenceId: res.json().evidence[0].id as number };
}
/** The owner's review of f.guide on a completed booking; published when the guide has reviewed too. */
async function ownersReview(f: TrustFixtures, published: boolean): Promise<number> {
  const bookingId = await ownersBookingIn(f, 'completed');
  const res = await send(f.t, {
    method: 'POST',
    url: '/api/v2/reviews',
    token: await f.owner.token(),
    body: { bookingId, type: 'traveler_to_guide', rating: 5 },
  });
  if (res.statusCode !== 201) throw new Error(`review setup failed: ${res.statusCode} ${res.body}`);
  if (published) {
    const theirs = await send(f.t, {
      method: 'POST',
      url: '/api/v2/reviews',
      token: await f.guide.token(),
      body: { bookingId, type: 'guide_to_traveler', rating: 5 },
    });
    if (theirs.statusCode !== 201) throw new Error(`guide review setup failed: ${theirs.statusCode} ${theirs.body}`);
  }
  return res.json().review.id as number;
}
export const FEEDBACK_ENTRIES = {
  // Only the author adds photos: the reviewed guide is a stranger to it like anyone else.
  'POST /api/v2/reviews/{id}/photos': {
    rule: 'owner',
    strangers: (f) => [f.stranger, f.guide, f.otherGuide],
    setup: async (f) => ({ params: { id: await ownersReview(f, false) } }),
  },
  // Only the reviewed guide replies: the review's author and other guides get 404.
  'POST /api/v2/reviews/{id}/reply': {
    rule: 'owner',
    as: (f) => f.guide,
    strangers: (f) => [f.owner, f.stranger, f.otherGuide],
    setup: async (f) => ({ params: { id: await ownersReview(f, true) }, body: { text: 'Thank you for coming' } }),
  },
  'GET /api/v2/reviews/bookings/{id}/eligibility': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: await ownersBookingIn(f, 'completed') } }),
  },
  'GET /api/v2/disputes/{id}': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }),
  },
  'GET /api/v2/disputes/bookings/{id}': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: (await ownersDispute(f)).bookingId } }),
  },
  'POST /api/v2/disputes/{id}/evidence': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }),
  },
  'GET /api/v2/disputes/{id}/evidence/{evidenceId}': {
    rule: 'owner',
    strangers: bookingStrangers,
    setup: async (f) => ({ params: await ownersEvidence(f) }),
  },
  'GET /api/admin/disputes/{id}': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await ownersDispute(f)).id } }),
  },
  'POST /api/admin/disputes/{id}/resolve': {
    rule: 'admin',
    setup: async (f) => ({ params: { id: (await ownersDispute(f)).id }, body: { resolution: 'completed' } }),
  },
} satisfies Record<string, AuthzEntry>;
