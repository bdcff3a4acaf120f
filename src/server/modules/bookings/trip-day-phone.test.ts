import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from './test-helpers';

/**
 * The traveler's verified phone (decision 147): the guide of a booked trip reads it on the trip day only,
 * and "Help now" hands it to the team for the call-back; before that day it is not shown to anyone.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let bookingId: number;
let start: number;
const PHONE = '+8613800138123';

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  await t.database.db.update(users).set({ phone: PHONE, phoneVerifiedAt: new Date() }).where(eq(users.id, traveler.id));
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(3));
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${bookingId}/accept`, headers: auth(guide.token) }))
      .statusCode,
  ).toBe(200);
  start = Date.parse(
    (await t.app.inject({ url: `/api/v2/bookings/${bookingId}`, headers: auth(traveler.token) })).json().startsAt,
  );
}, 120_000);
afterAll(() => t.close());

const at = (ms: number) => {
  t.app.bookings.now = () => new Date(ms);
};
const view = async (who: Person) =>
  (await t.app.inject({ url: `/api/v2/bookings/${bookingId}`, headers: auth(who.token) })).json();

describe("the traveler's phone on a booking", () => {
  it('is hidden from the guide before the trip day, shown on it, and hidden again once the trip is over', async () => {
    at(start - 24 * 3_600_000);
    expect((await view(guide)).travelerPhone).toBeNull();
    at(start - 2 * 3_600_000); // 08:00 on the tour day
    expect((await view(guide)).travelerPhone).toBe(PHONE);
    at(start + 30 * 60_000);
    expect((await view(guide)).travelerPhone).toBe(PHONE);
    at(start + 48 * 3_600_000);
    expect((await view(guide)).travelerPhone).toBeNull();
  });

  it("is never in the traveler's own view of the booking (the field is the guide's), nor in the party", async () => {
    at(start);
    const mine = await view(traveler);
    expect(mine.travelerPhone).toBeNull();
    expect(mine.traveler).not.toHaveProperty('phone');
    expect((await view(guide)).traveler).not.toHaveProperty('phone');
  });

  it('reaches the team with a "Help now" thread, for the call-back', async () => {
    at(start + 30 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      remoteAddress: nextAddress(),
      headers: auth(traveler.token),
      payload: { message: '我和地陪走散了', locale: 'zh-CN', pageUrl: '/dashboard', urgent: true, bookingId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { thread } = (
      await t.app.inject({ url: `/api/admin/support/threads/${res.json().thread.id}`, headers: auth(admin.token) })
    ).json();
    expect(thread.booking.traveler).toMatchObject({ userId: traveler.id, phone: PHONE });
    expect(thread.booking.guide).toMatchObject({ phone: null });
  });
});
