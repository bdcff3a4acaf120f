import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, guidePerson, person, type Person } from '../modules/bookings/test-helpers';
import { bookingIn } from '../modules/reviews/test-helpers';
import { auth } from '../test/guide-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Decision 181: a guide's bio and profile texts, itineraries, reviews and review replies refuse
 * contact details by the rules of the chat before a booking: 400 contact_details_not_allowed, the
 * field and the kinds named, nothing saved.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { city: 'nara', priceRmb: 300, maxPeople: 4, name: 'Public Text Guide' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), ...(payload && { payload }) });
/** Refused, the field and what it holds named in the writer's language (decision 205): `words` in its message. */
const refused = (res: Awaited<ReturnType<typeof call>>, path: string, words: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'contact_details_not_allowed', fields: [{ path }] });
  expect(res.json().fields[0].message).toContain(words);
  expect(res.json().message).toMatch(/contact details/i);
};

const profile = (bio: string) => ({
  gender: 'female',
  age: 31,
  serviceCity: 'nara',
  experienceYears: 10,
  responseTime: 'within_hours',
  originalLanguage: 'ja',
  texts: { ja: { bio, ethicsDescription: '約束は必ず守ります。' } },
});
const itinerary = (summary: string) => ({
  durationHours: 4,
  originalLanguage: 'ja',
  stops: [{ time: '09:30' }],
  texts: { ja: { title: '奈良公園さんぽ', summary, stops: [{ title: '東大寺', description: '大仏殿へ' }] } },
});

describe('public texts refuse contact details (decision 181)', () => {
  it('a bio with an e-mail, a phone, a WeChat id or a link is refused, nothing saved; a plain bio is saved', async () => {
    const bioBefore = (await call('GET', '/api/v2/guides/me/profile', guide)).json().texts?.ja?.bio;
    refused(
      await call('PUT', '/api/v2/guides/me/profile', guide, profile('奈良のガイドです。連絡は kana@example.com へ')),
      'texts.ja.bio',
      '“About me” holds an e-mail address.',
    );
    refused(
      await call('PUT', '/api/v2/guides/me/profile', guide, profile('電話 090-1234-5678、微信 kana_nara88')),
      'texts.ja.bio',
      '“About me” holds a phone number and a WeChat ID.',
    );
    refused(
      await call(
        'PUT',
        '/api/v2/guides/me/profile',
        guide,
        profile('詳しくは https://kana.example.jp/tours をご覧ください'),
      ),
      'texts.ja.bio',
      'a link',
    );
    expect((await call('GET', '/api/v2/guides/me/profile', guide)).json().texts?.ja?.bio).toBe(bioBefore);
    const ok = await call('PUT', '/api/v2/guides/me/profile', guide, profile('奈良で生まれ育ち、ガイド歴は十年です。'));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an itinerary with a LINE id is refused, created or replaced; without it, it is saved', async () => {
    refused(
      await call('POST', '/api/v2/guides/me/itineraries', guide, itinerary('予約は LINE: @kana_nara まで')),
      'texts.ja.summary',
      '“Summary” holds a LINE ID.',
    );
    const created = await call('POST', '/api/v2/guides/me/itineraries', guide, itinerary('鹿と大仏に会いに行きます。'));
    expect(created.statusCode, created.body).toBe(201);
    refused(
      await call(
        'PUT',
        `/api/v2/guides/me/itineraries/${created.json().id}`,
        guide,
        itinerary('QQ号 12345678 でご予約を'),
      ),
      'texts.ja.summary',
      'a QQ number',
    );
  });

  it("a review with a +86 number and the guide's reply with an account number are refused; plain ones are published", async () => {
    const bookingId = await bookingIn(t, traveler, guide, daysAhead(30), 'completed');
    const body = (content: string) => ({ bookingId, type: 'traveler_to_guide', rating: 5, content });
    refused(
      await call('POST', '/api/v2/reviews', traveler, body('导游很好，下次直接打 +86 138 1234 5678')),
      'content',
      '“Review” holds a phone number.',
    );
    const mine = await call('POST', '/api/v2/reviews', traveler, body('导游很好，推荐！'));
    expect(mine.statusCode).toBe(201);
    // The guide's own review publishes both (dual-blind), so the guide may reply.
    expect(
      (await call('POST', '/api/v2/reviews', guide, { bookingId, type: 'guide_to_traveler', rating: 5 })).statusCode,
    ).toBe(201);
    const id = mine.json().review.id as number;
    refused(
      await call('POST', `/api/v2/reviews/${id}/reply`, guide, { text: '次回は口座番号 1234567 に直接どうぞ' }),
      'text',
      '“Reply” holds an account number.',
    );
    const replied = await call('POST', `/api/v2/reviews/${id}/reply`, guide, { text: 'ありがとうございました' });
    expect(replied.statusCode, replied.body).toBe(200);
  });
});
