import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../test/guide-fixtures';
import { pdfText } from '../../test/pdf-runs';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  daysAhead,
  paidByAlipay,
  person,
  yenGuide as makeYenGuide,
  type Person,
} from '../bookings/test-helpers';

/**
 * The guide's copy of the booking PDF (decision 195): a place from the list by its name in the PDF's
 * language (京都駅 in Japanese, whatever words the traveler chose it in), and the money in her yen — the
 * deposit the family paid in yuan at the booking's rate, with the rate under it. The traveler's copy
 * keeps the yuan they paid.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof makeYenGuide>>;
let id: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  guide = await makeYenGuide(t, { city: 'kyoto' });
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20.53' })).statusCode).toBe(200);
  // 2 h × ¥4,000 = ¥8,000; a deposit of ¥1,600, charged as 7,793 fen at 20.53. Met at Kyoto Station, chosen
  // from the list in Chinese.
  const made = await book(t, traveler, {
    guideId: guide.guideId,
    date: daysAhead(30),
    startTime: '10:00',
    durationHours: 2,
    adults: 1,
    chargeCurrency: 'CNY',
    meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
    meetingLat: 34.9858,
    meetingLng: 135.7588,
  });
  expect(made.statusCode, made.body).toBe(201);
  id = made.json().id as number;
  await paidByAlipay(t, traveler, id);
});
afterAll(() => t.close());

const pdf = async (who: Person, lang: string) => {
  const res = await t.app.inject({ url: `/api/v2/bookings/${id}/pdf?lang=${lang}`, headers: auth(who.token) });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

describe('the guide’s booking PDF in Japanese', () => {
  it('names the meeting place in Japanese and gives the deposit in yen, the rate under it', async () => {
    const ja = await pdf(guide, 'ja');
    expect(ja).toContain('京都駅 · 京都府京都市下京区東塩小路町');
    expect(ja).not.toContain('京都站');
    expect(ja).toMatch(/予約金.*1,600円/);
    expect(ja).toContain('6,400円');
    // No amount in yuan: only the rate names them.
    expect(ja.replace('1元＝20.53円', '')).not.toMatch(/\d元/);
    expect(ja).not.toContain('約 311.74');
    expect(ja).toContain('1元＝20.53円');
  });

  it('the traveler’s Japanese copy keeps the yuan paid; the English one names the station in English', async () => {
    const ja = await pdf(traveler, 'ja');
    expect(ja).toContain('京都駅 · 京都府京都市下京区東塩小路町');
    expect(ja).toContain('77.93 元');
    expect(await pdf(guide, 'en')).toContain('Kyoto Station · 京都府京都市下京区東塩小路町');
  });
});
