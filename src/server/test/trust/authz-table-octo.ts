import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, todayInZone } from '../../../shared/availability';
import { guides } from '../../db/schema/index';
import { nextDay, setupReply, type AuthzEntry } from './authz-setup';
import { send, type TrustFixtures } from './fixtures';

/**
 * A reseller's reservation of the listed guide's first free start (decision 202), made through the OCTO API with a
 * key of its own: what each booking route below is asked about, with that key (200) and with every user's token (401).
 */
async function reservation(f: TrustFixtures): Promise<{ uuid: string; headers: Record<string, string> }> {
  await f.t.database.db.update(guides).set({ sellsThroughResellers: true }).where(eq(guides.id, f.guide.guideId));
  const made = await send(f.t, {
    method: 'POST',
    url: '/api/admin/channels',
    token: await f.admin.token(),
    body: { name: 'Authz Seller' },
  });
  const headers = { authorization: `Bearer ${made.json().apiKey as string}` };
  const productId = `guide-${f.guide.guideId}`;
  const product = await send(f.t, { method: 'GET', url: `/api/octo/products/${productId}`, headers });
  const optionId = (product.json() as { options: { id: string }[] }).options[0]!.id;
  // A day of its own for each reservation (two holds of one start would refuse the second), clear of the others'.
  const day = addDays(todayInZone('Asia/Tokyo'), nextDay(f, 'octo', 100));
  const starts = await send(f.t, {
    method: 'POST',
    url: '/api/octo/availability',
    headers,
    body: { productId, optionId, localDateStart: day, localDateEnd: day },
  });
  const availabilityId = (starts.json() as { id: string }[])[0]?.id;
  const uuid = randomUUID();
  const held = await send(f.t, {
    method: 'POST',
    url: '/api/octo/bookings',
    headers,
    body: { uuid, productId, optionId, availabilityId, unitItems: [{ unitId: 'adult' }] },
  });
  setupReply(held, 200, 'reservation');
  return { uuid, headers };
}

const held = (body?: object) => async (f: TrustFixtures) => {
  const { uuid, headers } = await reservation(f);
  return { params: { uuid }, headers, ...(body && { body }) };
};

/** A reseller's bookings (decision 202): another reseller's uuid is INVALID_BOOKING_UUID (octo-bookings.test.ts). */
export const OCTO_BOOKING_ENTRIES: Record<string, AuthzEntry> = {
  'GET /api/octo/bookings/{uuid}': { rule: 'reseller', setup: held() },
  'PATCH /api/octo/bookings/{uuid}': { rule: 'reseller', setup: held({ notes: 'A stroller' }) },
  'POST /api/octo/bookings/{uuid}/extend': { rule: 'reseller', setup: held({ expirationMinutes: 45 }) },
  'POST /api/octo/bookings/{uuid}/confirm': {
    rule: 'reseller',
    setup: held({ contact: { fullName: 'Li Na', emailAddress: 'li.na@example.com', locales: ['zh-CN'] } }),
  },
  'POST /api/octo/bookings/{uuid}/cancel': { rule: 'reseller', setup: held({ reason: 'Plans changed' }) },
};
