import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../shared/availability';
import { BOOKING_HORIZON_DAYS } from '../../../shared/booking/schedule';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextAddress } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { CARD_OK, newKey } from '../bookings/test-helpers';
import {
  call,
  guide as makeGuide,
  offerBody,
  openChat,
  traveler as makeTraveler,
  type Who,
} from '../messaging/test-helpers';

/**
 * An offer is a way into a booking and keeps the booking's calendar (decision 106): the horizon is
 * checked when the guide makes it and again when the traveler books it; a date at the end of the
 * calendar is refused by the schema. Before, an offer dated 9999-12-31 was made, booked and paid.
 */
let t: TestApp;
let traveler: Who;
let guide: Awaited<ReturnType<typeof makeGuide>>;
let chat: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await makeTraveler(t, 'Li Wei');
  guide = await makeGuide(t, 'Sato Guide');
  chat = await openChat(t, traveler, guide.guideId);
});
afterAll(() => t?.close());
const realClock = () => new Date();
afterEach(() => {
  t.app.bookings.now = realClock;
});

const tokyoDay = (n: number) => addDays(todayInZone('Asia/Tokyo'), n);
const offer = (date: string) => call(t, guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(date));
const book = (offerId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/bookings',
    headers: auth(traveler.token),
    payload: { offerId },
    remoteAddress: nextAddress(),
  });

describe('offers keep the booking calendar', () => {
  it.each(['9999-12-31', '9999-12-29', '0000-01-01'])(
    'an offer dated %s is a 400 validation_failed naming the date',
    async (date) => {
      const res = await offer(date);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        fields: [expect.objectContaining({ path: 'body.date' })],
      });
    },
  );

  it('an offer past the booking horizon is refused when made (400 date_out_of_range)', async () => {
    const res = await offer(tokyoDay(BOOKING_HORIZON_DAYS + 1));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'date_out_of_range', fields: [{ path: 'date' }] });
    // The last bookable day is still offered.
    expect((await offer(tokyoDay(BOOKING_HORIZON_DAYS))).statusCode).toBe(201);
  });

  it('an offer whose day is not bookable when booked is refused then, and nothing is charged', async () => {
    const made = await offer(tokyoDay(BOOKING_HORIZON_DAYS - 5));
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().data.id as number;
    // Seen from 30 days earlier (the clock the bookings and offers share), the day lies past the horizon.
    const earlier = new Date(Date.now() - 30 * 86_400_000);
    t.app.bookings.now = () => earlier;
    const res = await book(offerId);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'date_out_of_range' });
    const trips = await t.app.inject({
      method: 'GET',
      url: `/api/v2/bookings-new/traveler/${traveler.id}`,
      headers: auth(traveler.token),
    });
    expect(trips.json().data).toEqual([]);
    // With the real clock the same offer books and pays as usual.
    t.app.bookings.now = realClock;
    const ok = await book(offerId);
    expect(ok.statusCode, ok.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${ok.json().id}/payments`,
      headers: { ...auth(traveler.token), 'idempotency-key': newKey() },
      payload: CARD_OK,
      remoteAddress: nextAddress(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
