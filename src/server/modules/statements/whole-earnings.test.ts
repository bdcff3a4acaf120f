import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EarningLine, Statement } from '../../../shared/schemas/statements';
import { auth } from '../../test/guide-fixtures';
import { pdfText } from '../../test/pdf-runs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, person, yenGuide, type Person } from '../bookings/test-helpers';

/**
 * A yen guide's earnings, whole (decision 196): a tour whose deposit was paid online and the rest in
 * person reads, on the monthly statement's API and its PDF, her price, the commission, what was paid to
 * her wallet, what she collected in person and what she earned in all, the last being her tour card's
 * figure (decision 175).
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof yenGuide>>;
let bookingId = 0;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), ...(payload ? { payload } : {}) });
const at = (iso: string) => {
  t.app.bookings.now = () => new Date(iso);
};
const cardNet = async () => (await call('GET', `/api/v2/bookings/${bookingId}`, guide)).json().guideNetCents as number;
const statements = async () => (await call('GET', '/api/v2/wallet/statements', guide)).json().statements as Statement[];

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await yenGuide(t);
  // 2 travelers × 4 h at ¥4,000 + ¥1,000 = ¥20,000: ¥4,000 deposit online (paid in yuan), ¥16,000 in person.
  bookingId = await confirmedBooking(t, traveler, guide.guideId, daysAhead(20), '10:00', 4);
  const accepted = await call('POST', `/api/v2/bookings/${bookingId}/accept`, guide);
  expect(accepted.statusCode, accepted.body).toBe(200);
  at(new Date(Date.parse(accepted.json().startsAt) + 10 * 60_000).toISOString());
  await call('PATCH', `/api/bookings/${bookingId}/confirm-start`, traveler, { userType: 'traveler' });
  await call('PATCH', `/api/bookings/${bookingId}/confirm-start`, guide, { userType: 'guide' });
  const done = await call('PATCH', `/api/bookings/${bookingId}/status`, traveler, { status: 'completed' });
  expect(done.statusCode, done.body).toBe(200);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

describe('a yen guide’s completed tour, deposit online and the rest in person', () => {
  it('reads on the statement as her price, the commission, online, in person and the whole, equal to the tour card', async () => {
    const net = await cardNet();
    expect(net).toBe(18_000);
    const [month] = await statements();
    expect(month).toMatchObject({ currency: 'JPY', earningsCents: 2_000, inPersonCents: 16_000, earnedCents: 18_000 });
    const line = month!.bookings.find((l: EarningLine) => l.bookingId === bookingId);
    expect(line).toMatchObject({
      priceCents: 20_000,
      commissionCents: 2_000,
      onlineCents: 2_000,
      inPersonCents: 16_000,
      earnedCents: 18_000,
    });
    // The whole is what her tour card says she receives; the month's commission is this booking's.
    expect(line!.earnedCents).toBe(net);
    expect(month!.commission.totalCents).toBe(line!.commissionCents);
  });

  it('reads the same, with the cash part named, in the month’s PDF (ja and en)', async () => {
    const [month] = await statements();
    // The month is over: its PDF is issued.
    t.app.bookings.now = () => new Date(Date.now() + 40 * 86_400_000);
    const ja = await call('GET', `/api/v2/wallet/statements/${month!.month}/pdf?lang=ja`, guide);
    expect(ja.statusCode, ja.body).toBe(200);
    const text = await pdfText(ja.rawPayload);
    for (const words of ['料金', '手数料', 'オンライン（ウォレットへ）', '現地で受け取り', '収入の合計'])
      expect(text).toContain(words);
    for (const amount of ['20,000円', '2,000円', '16,000円', '18,000円']) expect(text).toContain(amount);
    const en = await pdfText(
      (await call('GET', `/api/v2/wallet/statements/${month!.month}/pdf?lang=en`, guide)).rawPayload,
    );
    for (const words of ['Online (to wallet)', 'Collected in person', 'Earned in all']) expect(en).toContain(words);
  });
});
