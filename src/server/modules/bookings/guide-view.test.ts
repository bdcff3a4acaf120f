import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, callAs, CARD_OK, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * The guide reads a family's trip as the family does (decision 195): each day's place, time and plan,
 * the extras, the children's ages and needs and the notes, in her booking and in her list; a trip
 * change waiting for her answer; the traveler's number with its country code on the trip day. Another
 * guide reads nothing of it (404).
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let otherGuide: Awaited<ReturnType<typeof guidePerson>>;
const PHONE = '+8613800138777';

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  await t.database.db.update(users).set({ phone: PHONE, phoneVerifiedAt: new Date() }).where(eq(users.id, traveler.id));
  guide = await guidePerson(t, { maxPeople: 6 });
  otherGuide = await guidePerson(t);
  const rates = {
    basicPricePerHourCents: 30_000,
    additionalPricePerPersonCents: 10_000,
    minPeople: 1,
    maxPeople: 6,
    minDurationHours: 2,
    maxDurationHours: 8,
    services: [],
    includedPeople: 4,
    dayRateCents: 180_000,
    dayHours: 8,
    extras: [
      { kind: 'entrance_tickets', included: false, priceCents: 5_000, note: 'Temples and gardens' },
      { kind: 'meals', included: false, priceCents: 8_000 },
    ],
  };
  expect((await callAs(t, 'PUT', '/api/v2/guides/me/rates', guide, rates)).statusCode).toBe(200);
  // She answers requests and changes herself (decision 177: a change that asks more of her waits for her yes).
  await t.database.db.update(guides).set({ instantBook: false, minNoticeHours: 0 }).where(eq(guides.id, guide.guideId));
});
afterAll(() => t.close());

const FAMILY_FIELDS = ['dayPlans', 'extras', 'childAges', 'needs', 'notes', 'meetingAddress', 'place'] as const;

describe('the guide’s read of a family’s trip', () => {
  it('carries what the family’s read carries, in her booking and her list; another guide gets 404', async () => {
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(30),
      days: 3,
      dayStartTime: '09:00',
      adults: 2,
      children: 1,
      infants: 1,
      meetingAddress: 'Hotel Granvia Kyoto lobby',
      notes: '孩子对花生过敏',
      dayPlans: [
        {
          day: 2,
          meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
          meetingLat: 34.9858,
          meetingLng: 135.7588,
          startTime: '08:30',
          plan: '伏见稻荷大社，早上人少',
        },
        { day: 3, startTime: '10:00', plan: 'Nara: deer park and Todai-ji' },
      ],
      extras: ['entrance_tickets', 'meals'],
      childAges: [8, 1],
      needs: { stroller: true, childSeat: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);

    const theirs = (await callAs(t, 'GET', `/api/v2/bookings/${id}`, traveler)).json();
    const hers = (await callAs(t, 'GET', `/api/v2/bookings/${id}`, guide)).json();
    const listed = (await callAs(t, 'GET', `/api/v2/bookings-new/guide/${guide.id}`, guide))
      .json()
      .data.find((b: { id: number }) => b.id === id);
    for (const field of FAMILY_FIELDS) {
      expect(hers[field], field).toEqual(theirs[field]);
      expect(listed[field], field).toEqual(theirs[field]);
    }
    expect(hers.dayPlans[1]).toMatchObject({ day: 2, startTime: '08:30', plan: '伏见稻荷大社，早上人少' });
    expect(hers.dayPlans[1].meetingAddress).toContain('京都府京都市下京区東塩小路町');
    expect(hers.dayPlans[2]).toMatchObject({ day: 3, startTime: '10:00', plan: 'Nara: deer park and Todai-ji' });
    expect(hers.extras.map((e: { kind: string }) => e.kind)).toEqual(['entrance_tickets', 'meals']);
    expect(hers).toMatchObject({ childAges: [8, 1], needs: { stroller: true, childSeat: false } });
    expect(hers.notes).toBe('孩子对花生过敏');

    const stranger = await callAs(t, 'GET', `/api/v2/bookings/${id}`, otherGuide);
    expect(stranger.statusCode).toBe(404);
    expect(JSON.stringify(stranger.json())).not.toContain('伏见稻荷');
    const strangerList = (await callAs(t, 'GET', `/api/v2/bookings-new/guide/${otherGuide.id}`, otherGuide)).json();
    expect(strangerList.data.some((b: { id: number }) => b.id === id)).toBe(false);
    expect((await callAs(t, 'GET', `/api/v2/bookings-new/guide/${guide.id}`, otherGuide)).statusCode).toBe(404);
  });

  it('names a paid trip change waiting for her answer, with its deadline, until she answers', async () => {
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(60),
      days: 2,
      dayStartTime: '09:00',
      adults: 4,
    });
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, guide, {})).statusCode).toBe(200);
    const read = async () =>
      (await callAs(t, 'GET', `/api/v2/bookings-new/guide/${guide.id}`, guide))
        .json()
        .data.find((b: { id: number }) => b.id === id);
    expect((await read()).changeRequest).toBeNull();
    const change = (await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, { adults: 5, days: 2 })).json();
    expect(change).toMatchObject({ status: 'awaiting_payment', needsGuide: true });
    // Not hers to answer before it is paid.
    expect((await read()).changeRequest).toBeNull();
    expect((await pay(t, traveler, id, { ...CARD_OK, kind: 'change' })).statusCode).toBe(201);
    const waiting = (await read()).changeRequest;
    expect(waiting).toMatchObject({ id: change.id });
    expect(Date.parse(waiting.answerBy)).toBeGreaterThan(Date.now());
    const declined = await callAs(t, 'POST', `/api/v2/bookings/${id}/changes/${change.id}/decline`, guide, {
      reason: 'My car seats five',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await read()).changeRequest).toBeNull();
  });

  it('gives her the traveler’s number with its country code on the trip day, never to the traveler', async () => {
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(5),
      startTime: '10:00',
      durationHours: 2,
      adults: 2,
    });
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, guide, {})).statusCode).toBe(200);
    const start = Date.parse(made.json().startsAt);
    const before = t.app.bookings.now;
    t.app.bookings.now = () => new Date(start - 2 * 3_600_000);
    try {
      expect((await callAs(t, 'GET', `/api/v2/bookings/${id}`, guide)).json().travelerPhone).toBe(PHONE);
      expect((await callAs(t, 'GET', `/api/v2/bookings/${id}`, traveler)).json().travelerPhone).toBeNull();
      expect((await callAs(t, 'GET', `/api/v2/bookings/${id}`, otherGuide)).statusCode).toBe(404);
    } finally {
      t.app.bookings.now = before;
    }
  });
});
