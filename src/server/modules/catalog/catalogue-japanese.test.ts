import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, subcategoryIdBySlug } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person, type Person } from '../bookings/test-helpers';

/**
 * A Japanese reader meets the service catalogue in Japanese (decision 144): the search card, the
 * profile and a booking carry each service's `nameJa` beside the other two, and the booking PDF in
 * Japanese names the service in Japanese, not in English.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let temples: number;
let bookingId: number;
const ja = { 'accept-language': 'ja-JP,ja;q=0.9' };

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  temples = await subcategoryIdBySlug(t.database.db, 'temples-shrines');
  traveler = await person(t);
  guide = await guidePerson(t, { city: 'kyoto', priceRmb: 300, maxPeople: 4, services: [temples] });
  const res = await book(t, traveler, {
    guideId: guide.guideId,
    date: daysAhead(20),
    startTime: '10:00',
    durationHours: 2,
    travelers: 2,
    subcategoryId: temples,
  });
  expect(res.statusCode).toBe(201);
  bookingId = res.json().id;
  expect((await pay(t, traveler, bookingId)).statusCode).toBe(201);
});
afterAll(() => t?.close());

const temple = { nameEn: 'Temples and shrines', nameCn: '寺庙神社', nameJa: '寺社めぐり' };

describe('the service catalogue for a Japanese reader', () => {
  it('names the guide’s services in Japanese on the search card and the profile', async () => {
    const search = await t.app.inject({ url: '/api/v2/guides?city=kyoto', headers: ja });
    expect(search.statusCode).toBe(200);
    const card = search.json().data.find((g: { id: number }) => g.id === guide.guideId);
    expect(card.services).toEqual([expect.objectContaining({ id: temples, ...temple })]);

    const profile = await t.app.inject({ url: `/api/v2/guides/${guide.guideId}?lang=ja` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().services).toEqual([expect.objectContaining({ id: temples, ...temple })]);
  });

  it('names the booked service in Japanese in the booking and its PDF', async () => {
    const res = await t.app.inject({
      url: `/api/v2/bookings/${bookingId}`,
      headers: { ...auth(traveler.token), ...ja },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subcategory).toEqual({ id: temples, ...temple });

    const pdf = await t.app.inject({ url: `/api/v2/bookings/${bookingId}/pdf?lang=ja`, headers: auth(traveler.token) });
    expect(pdf.statusCode).toBe(200);
    const doc = await getDocument({
      data: new Uint8Array(pdf.rawPayload),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
    await doc.destroy();
    expect(text).toContain('寺社めぐり');
    expect(text).not.toContain('Temples and shrines');
  });
});
