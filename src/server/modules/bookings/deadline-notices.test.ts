import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_HELD_NOTICE_MINUTES, PAYMENT_WINDOW_MINUTES } from '../../../shared/booking/schedule';
import { emailOutbox, systemMessages } from '../../db/schema/index';
import { addException } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { japanTime } from '../notifications/templates';
import {
  book,
  callAs,
  CARD_OK,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Method,
  pay,
  person,
  type Who,
} from './test-helpers';

/**
 * What waits on a person with a deadline reaches them once, with the deadline in Japan time: the
 * guide's paid request, a new time proposed, a checkout left unpaid, the same-day choice after the
 * guide's no-show (decision 140), whose deadline is also the one it enforces and never outlives the
 * starts it offers.
 */
let t: TestApp;
let cityCounter = 0;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const view = async (id: number, who: Who) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const noticesOf = async (userId: number, key: string) =>
  await t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.userId, userId), eq(systemMessages.dedupeKey, key)));
const mailsTo = async (userId: number, key: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `notification:${key}:${userId}`));

describe('a same-day choice after the guide did not come (decision 140)', () => {
  it('lapses when the last start it offers can no longer be chosen, not two hours on; the traveler reads that deadline, and it is the one enforced', async () => {
    const city = `deadline-city-${++cityCounter}`;
    const booked = await guidePerson(t, { city, languages: ['zh'], priceRmb: 300 });
    // The other guide takes tours at an hour's notice, so a same-day replacement is theirs to take (decision 153).
    const other = await guidePerson(t, { city, languages: ['zh'], priceRmb: 300, minNoticeHours: 1 });
    const traveler = await person(t);
    const date = daysAhead(40);
    // The other guide works 10:00–15:00 that day: a 2-hour tour starts at 13:00 at the latest.
    await addException(t.database.db, other.guideId, date, true);
    const id = await confirmedBooking(t, traveler, booked.guideId, date);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, booked)).statusCode).toBe(200);
    const startsAt = Date.parse((await view(id, traveler)).startsAt); // 10:00
    await t.app.jobs.tick(new Date(startsAt - 60 * MIN));

    const now = startsAt + 25 * MIN;
    t.app.bookings.now = () => new Date(now);
    const res = await call('POST', `/api/v2/bookings/${id}/report-no-show`, traveler, { replacement: true });
    expect(res.statusCode, res.body).toBe(200);
    // 13:00 less the hour a choice needs: 12:00, before the two hours after the report (12:25) are up.
    const lapsesAt = new Date(startsAt + 120 * MIN).toISOString();
    expect(res.json().replacement).toMatchObject({ status: 'open', sameDay: true, lapsesAt });
    const list = (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler)).json();
    expect(list).toMatchObject({ lapsesAt, sameDay: true });
    expect(list.candidates.map((c: { scheduledStartTime: string }) => c.scheduledStartTime)).toEqual(['11:30']);

    // The traveler is told by when, in Japan time, in the bell and by e-mail, once.
    const key = `booking:${id}:no-show-replacing`;
    await vi.waitFor(async () => {
      const told = await noticesOf(traveler.id, key);
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain(`by ${japanTime('en', lapsesAt)}`);
      expect(told[0]!.texts?.['zh-CN']?.message).toContain(`请在 ${japanTime('zh-CN', lapsesAt)} 前`);
      expect(told[0]!.texts?.ja?.message).toContain(`${japanTime('ja', lapsesAt)}までに`);
      expect(await mailsTo(traveler.id, key)).toHaveLength(1);
    });

    // A minute before the deadline the last start is still offered and taken; at it the choice is closed.
    t.app.bookings.now = () => new Date(Date.parse(lapsesAt) - MIN);
    expect(
      (await call('GET', `/api/v2/bookings/${id}/replacements`, traveler))
        .json()
        .candidates.map((c: { scheduledStartTime: string }) => c.scheduledStartTime),
    ).toEqual(['13:00']);
    t.app.bookings.now = () => new Date(lapsesAt);
    const late = await call('POST', `/api/v2/bookings/${id}/replacements`, traveler, { guideId: other.guideId });
    expect(late.json().code).toBe('replacement_closed');
    await t.app.jobs.tick(new Date(lapsesAt));
    expect(await view(id, traveler)).toMatchObject({ status: 'cancelled', cancelReason: 'guide_no_show' });
  });
});

describe('deadlines in the notices that start the wait', () => {
  it('a paid request tells the guide by when to answer, once', async () => {
    const g = await guidePerson(t);
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(20));
    const respondBy = (await view(id, g)).respondBy as string;
    const key = `booking:${id}:paid`;
    await vi.waitFor(async () => {
      const told = await noticesOf(g.id, key);
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain(`Accept or decline it by ${japanTime('en', respondBy)}`);
      expect(told[0]!.texts?.ja?.message).toContain(`${japanTime('ja', respondBy)}までに承諾またはお断り`);
      expect(await mailsTo(g.id, key)).toHaveLength(1);
    });
  });

  it('a new time proposed tells the side who answers until when it stays open', async () => {
    const g = await guidePerson(t);
    const traveler = await person(t);
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(21));
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
    const res = await call('POST', `/api/v2/bookings/${id}/reschedule`, g, { date: daysAhead(23), startTime: '13:30' });
    expect(res.statusCode, res.body).toBe(201);
    const { id: pid, expiresAt } = res.json().reschedule;
    await vi.waitFor(async () => {
      const told = await noticesOf(traveler.id, `booking:${id}:reschedule:${pid}:proposed`);
      expect(told).toHaveLength(1);
      expect(told[0]!.texts?.en?.message).toContain(`by ${japanTime('en', expiresAt)}`);
      expect(told[0]!.texts?.['zh-CN']?.message).toContain(`请在 ${japanTime('zh-CN', expiresAt)} 前`);
    });
  });

  it('a checkout left unpaid tells the traveler until when its time is held, once; one paid at once tells nothing of the kind', async () => {
    const g = await guidePerson(t);
    const traveler = await person(t);
    const created = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(24),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    expect(created.statusCode).toBe(201);
    const held = created.json();
    const paidAtOnce = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(25),
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
    });
    expect((await pay(t, traveler, paidAtOnce.json().id, CARD_OK)).statusCode).toBe(201);

    const at = new Date(Date.parse(held.createdAt) + (PAYMENT_HELD_NOTICE_MINUTES + 1) * MIN);
    await t.app.jobs.tick(at);
    await t.app.jobs.tick(at);
    const key = `booking:${held.id}:payment-held`;
    await vi.waitFor(async () => {
      const told = await noticesOf(traveler.id, key);
      expect(told).toHaveLength(1);
      expect(held.paymentDueAt).toBe(new Date(Date.parse(held.createdAt) + PAYMENT_WINDOW_MINUTES * MIN).toISOString());
      expect(told[0]!.texts?.en?.message).toContain(`until ${japanTime('en', held.paymentDueAt)}`);
      expect(told[0]!.actionUrl).toContain(`booking=${held.id}`);
      expect(await mailsTo(traveler.id, key)).toHaveLength(1);
    });
    expect(await noticesOf(traveler.id, `booking:${paidAtOnce.json().id}:payment-held`)).toHaveLength(0);
  });
});
