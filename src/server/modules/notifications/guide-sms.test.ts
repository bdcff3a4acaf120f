import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guides, systemMessages, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestTwilio, type TestTwilio } from '../../test/twilio-server';
import { book, callAs, CARD_OK, daysAhead, pay, person, type Person, until } from '../bookings/test-helpers';
import { noticeText } from '../sms/index';
import { approvedWithdrawal, bankWithdrawal, guideWithEarnings } from '../wallet/test-helpers';

/**
 * Decision 195: a guide whose account was made by phone (no e-mail address) is texted every notice an
 * e-mail would carry — a new booking to answer, a trip change to answer, a cancellation, a payout —
 * each in her language, through Twilio's Messages API (the local server speaking it).
 */
let twilio: TestTwilio;
let t: TestApp;
let traveler: Person;
let admin: Person;
let guide: Awaited<ReturnType<typeof guideWithEarnings>>;
const PHONE = '+819055501234';

beforeAll(async () => {
  twilio = await startTestTwilio();
  t = await createTestApp({ env: twilio.env, seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  guide = await guideWithEarnings(t, 10_000, 40, 'JPY');
  await t.database.db.update(guides).set({ instantBook: false, minNoticeHours: 0 }).where(eq(guides.id, guide.guideId));
  // Her account as sign-up by phone leaves it: a verified number, no address, Japanese.
  await t.database.db
    .update(users)
    .set({ email: null, phone: PHONE, phoneVerifiedAt: new Date(), locale: 'ja' })
    .where(eq(users.id, guide.id));
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const textsToHer = () => twilio.messages.filter((m) => m.to === PHONE).map((m) => m.body);

/**
 * Her notices about the entity (at least `count`), as the app shows them, and the texts they sent: one
 * each, with its title and link, nothing more.
 */
async function expectTexted(type: string, id: number, count: number) {
  const rows = await until(
    () =>
      t.database.db
        .select()
        .from(systemMessages)
        .where(
          and(
            eq(systemMessages.userId, guide.id),
            eq(systemMessages.relatedEntityType, type),
            eq(systemMessages.relatedEntityId, id),
          ),
        ),
    (r) => r.length >= count,
  );
  const linkOf = (url: string | null) => new URL(url!, t.app.ctx.config.appUrl).toString();
  const expected = rows.map((r) => noticeText('ja', r.title, linkOf(r.actionUrl))).sort();
  const about = type === 'booking' ? new RegExp(`\\?booking=${id}(#[a-z-]+)?$`) : /\/withdrawal$/;
  const texts = await until(
    async () => textsToHer().filter((b) => about.test(b)),
    (x) => x.length >= expected.length,
  );
  expect(texts.sort()).toEqual(expected);
  // Written in Japanese, not in English.
  for (const row of rows) expect(row.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  return rows.map((r) => r.title);
}

describe('a phone-only guide (no e-mail address)', () => {
  it('is texted, in Japanese, of a new booking, a change to answer, a cancellation and a payout', async () => {
    const made = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 2,
      adults: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    const asked = await expectTexted('booking', id, 2);

    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, guide, {})).statusCode).toBe(200);
    const change = await callAs(t, 'POST', `/api/v2/bookings/${id}/changes`, traveler, { adults: 3, days: 1 });
    expect(change.json(), change.body).toMatchObject({ status: 'awaiting_payment', needsGuide: true });
    expect((await pay(t, traveler, id, { ...CARD_OK, kind: 'change' })).statusCode).toBe(201);
    expect(await expectTexted('booking', id, asked.length + 1)).toHaveLength(asked.length + 1);

    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, traveler, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await expectTexted('booking', id, asked.length + 2)).toHaveLength(asked.length + 2);

    const withdrawalId = await approvedWithdrawal(t, guide, admin, bankWithdrawal(5_000));
    expect((await callAs(t, 'POST', `/api/admin/withdrawals/${withdrawalId}/paid`, admin)).statusCode).toBe(200);
    await expectTexted('withdrawal', withdrawalId, 1);
    for (const body of textsToHer()) expect(body).toMatch(/^【Tabi Guides】.+ 詳細：http/);
  });
});
