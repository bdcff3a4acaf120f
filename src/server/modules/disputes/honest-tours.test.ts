import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideCredentials, guides } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { cid, offerBody } from '../messaging/test-helpers';
import { bookingIn } from '../reviews/test-helpers';

/**
 * Honest tours (decision 135): an offer declares its shop stops and the traveler reads them before
 * paying; a dispute names what went wrong; a traveler's report of unsafe driving stops the guide
 * driving until an admin has resolved it.
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let chat: number;
let day = 30;

const call = (who: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload && { payload }) });
const offer = (extra: Record<string, unknown>) =>
  call(guide, 'POST', `/api/v2/conversations/${chat}/offers`, offerBody(daysAhead(day++), extra));

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guidePerson(t, { priceRmb: 300, maxPeople: 4 });
  chat = (await call(traveler, 'POST', '/api/conversations', { guideId: guide.guideId })).json().data.conversation.id;
});
afterAll(() => t.close());

describe('shop stops on an offer', () => {
  it('are declared with the offer and shown to its traveler as given; none is an empty list', async () => {
    const stops = [
      { name: 'Ginza Matsuya (kimono floor)', minutes: 30, paidByShop: true },
      { name: '築地 山本海苔店', minutes: 15, paidByShop: false },
    ];
    const made = await offer({ shopStops: stops });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.shopStops).toEqual(stops);
    const seen = await call(traveler, 'GET', `/api/v2/offers/${made.json().data.id}`);
    expect(seen.json().data.shopStops).toEqual(stops);
    const none = await offer({});
    expect(none.json().data.shopStops).toEqual([]);
  });

  it('refuses more than five, a stop under 5 minutes or over 4 hours, an invisible name, a missing answer on who pays', async () => {
    const stop = { name: 'Shop', minutes: 20, paidByShop: false };
    for (const shopStops of [
      Array.from({ length: 6 }, () => stop),
      [{ ...stop, minutes: 2 }],
      [{ ...stop, minutes: 300 }],
      [{ ...stop, name: '\u200b \u200d' }],
      [{ name: 'Shop', minutes: 20 }],
    ]) {
      const res = await offer({ clientMessageId: cid(), shopStops });
      expect(res.statusCode, JSON.stringify(shopStops)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
  });
});

describe('what went wrong, named', () => {
  it('records the category the traveler chose; none is other; an unknown one is a 400', async () => {
    const a = await bookingIn(t, traveler, guide, daysAhead(day++), 'ongoing');
    const bad = await call(traveler, 'POST', '/api/v2/disputes', { bookingId: a, category: 'rude', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    const res = await call(traveler, 'POST', '/api/v2/disputes', {
      bookingId: a,
      category: 'undeclared_shop_stop',
      reason: 'An hour in a jewellery shop that the offer did not mention',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ category: 'undeclared_shop_stop', openedSide: 'traveler' });
    const b = await bookingIn(t, traveler, guide, daysAhead(day++), 'ongoing');
    expect(
      (await call(traveler, 'POST', '/api/v2/disputes', { bookingId: b, reason: 'Something else' })).json().category,
    ).toBe('other');
    // The admin reads it with the dispute.
    const detail = await call(admin, 'GET', `/api/admin/disputes/${res.json().id}`);
    expect(detail.json().dispute.category).toBe('undeclared_shop_stop');
  });
});

describe('a report of unsafe driving', () => {
  it('stops the guide driving at once, refuses driving again until an admin resolves it', async () => {
    const db = t.database.db;
    const file = {
      fileKey: 'private-credentials/x.webp',
      fileType: 'image/webp' as const,
      fileSize: 10,
      status: 'verified' as const,
    };
    await db.insert(guideCredentials).values([
      {
        guideId: guide.guideId,
        type: 'licence',
        licenceKind: 'national',
        registrationNumber: '第1号',
        prefecture: 'tokyo',
        ...file,
      },
      { guideId: guide.guideId, type: 'insurance', insurer: 'Tokio Marine', validUntil: daysAhead(300), ...file },
    ]);
    const drives = (value: boolean) =>
      call(guide, 'PUT', '/api/v2/guide/credentials/guide-drives', { guideDrives: value });
    expect((await drives(true)).json()).toMatchObject({ mayDrive: true, guideDrives: true });

    const id = await bookingIn(t, traveler, guide, daysAhead(day++), 'ongoing');
    const opened = await call(traveler, 'POST', '/api/v2/disputes', {
      bookingId: id,
      category: 'unsafe_driving',
      reason: 'Speeding on the mountain road, on the phone while driving',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const [row] = await db.select({ guideDrives: guides.guideDrives }).from(guides).where(eq(guides.id, guide.guideId));
    expect(row!.guideDrives).toBe(false);
    expect((await call(null, 'GET', `/api/v2/guides/${guide.guideId}`)).json().guideDrives).toBe(false);
    expect((await call(guide, 'GET', '/api/v2/guide/credentials')).json()).toMatchObject({
      mayDrive: false,
      guideDrives: false,
    });
    const again = await drives(true);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('driving_suspended');
    const driving = await offer({ guideDrives: true });
    expect(driving.statusCode).toBe(409);
    expect(driving.json().code).toBe('driving_suspended');

    const resolved = await call(admin, 'POST', `/api/admin/disputes/${opened.json().id}/resolve`, {
      resolution: 'completed',
      refundCents: 0,
      note: 'Talked to both; the guide took a safe-driving course',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await drives(true)).json()).toMatchObject({ mayDrive: true, guideDrives: true });
  });
});
