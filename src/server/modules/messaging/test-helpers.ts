import { bookings } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { auth, makeGuide, makeUser, subcategoryIdBySlug, tokenFor } from '../../test/guide-fixtures';
import type { TestApp } from '../../test/test-app';

/** Test-only helpers for the messaging and notification suites (not exported from the index). */
export interface Who {
  id: number;
  token: string;
}

export async function traveler(t: TestApp, fullName?: string): Promise<Who> {
  const u = await makeUser(t.database.db, { fullName });
  return { id: u.id, token: await tokenFor(t.database.db, u.id) };
}

/** A guide who works every day and offers a food tour and a city walk (`services`, in that order). */
export async function guide(t: TestApp, name?: string): Promise<Who & { guideId: number; services: number[] }> {
  const services = [
    await subcategoryIdBySlug(t.database.db, 'food-tour'),
    await subcategoryIdBySlug(t.database.db, 'city-walk'),
  ];
  const g = await makeGuide(t.database.db, { name, weekdays: [1, 2, 3, 4, 5, 6, 7], services });
  return { id: g.user.id, guideId: g.guide.id, services, token: await tokenFor(t.database.db, g.user.id) };
}

let n = 0;
export const cid = () => `test-${Date.now().toString(36)}-${++n}`;

/** A guide's offer for `date`, as the offer form sends it (`extra` overrides any field). */
export function offerBody(date: string, extra: Record<string, unknown> = {}) {
  return {
    clientMessageId: cid(),
    date,
    startTime: '10:00',
    durationHours: 3,
    travelers: 2,
    priceCents: 80_000,
    meetingAddress: 'Tsukiji Station exit 1',
    meetingPostalCode: '1040045',
    itinerary: 'Tsukiji outer market, Hamarikyu garden, lunch together',
    note: 'Here is my offer',
    ...extra,
  };
}

export async function call(
  t: TestApp,
  who: Who | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? auth(who.token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
}

export async function openChat(t: TestApp, who: Who, guideId: number): Promise<number> {
  const res = await call(t, who, 'POST', '/api/conversations', { guideId });
  if (res.statusCode >= 300) throw new Error(`open failed ${res.statusCode} ${res.body}`);
  return res.json().data.conversation.id;
}

export async function say(t: TestApp, who: Who, conversationId: number, body: string, clientMessageId = cid()) {
  return call(t, who, 'POST', `/api/conversations/${conversationId}/messages`, { clientMessageId, body });
}

let bookingDay = 0;
/** A booking row between the two, written directly (the bookings flow is tested in its own module). */
export async function insertBooking(
  db: Database,
  travelerId: number,
  guideId: number,
  status: 'pending' | 'confirmed' | 'cancelled' | 'upcoming',
) {
  const startsAt = new Date(Date.now() + (10 + ++bookingDay) * 86_400_000);
  const [b] = await db
    .insert(bookings)
    .values({
      travelerId,
      guideId,
      status,
      date: startsAt.toISOString().slice(0, 10),
      startMinute: 600,
      durationMinutes: 120,
      timeZone: 'Asia/Tokyo',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
      travelers: 2,
      unitPriceCents: 30000,
      additionalPerPersonCents: 3000,
      totalPriceCents: 66000,
      depositCents: 13200,
      commissionCents: 6600,
    })
    .returning({ id: bookings.id });
  return b!.id;
}
