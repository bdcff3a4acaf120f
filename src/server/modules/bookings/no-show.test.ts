import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  callAs,
  confirmedBooking,
  daysAhead,
  guidePerson,
  type Method,
  person,
  type Person,
  type Who,
} from './test-helpers';

/**
 * The side that did not come (decision 138): reported from 20 minutes after the start while they have
 * not confirmed it; a guide reported absent refunds the traveler in full at once, a traveler reported
 * absent forfeits the deposit; the reported side contests with a dispute within 48 hours.
 */
let t: TestApp;
let admin: Person;
let stranger: Person;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  stranger = await person(t);
  traveler = await person(t);
  guide = await guidePerson(t);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.bookings.now = () => new Date();
});

const call = (method: Method, url: string, who: Who, payload?: unknown) => callAs(t, method, url, who, payload);
const report = (id: number, who: Who, note?: string) =>
  call('POST', `/api/v2/bookings/${id}/report-no-show`, who, note === undefined ? {} : { note });
const view = async (id: number, who: Who) => (await call('GET', `/api/v2/bookings/${id}`, who)).json();
const ledger = async (id: number) => (await call('GET', `/api/admin/bookings/${id}/ledger`, admin)).json();
const dispute = (id: number, who: Who) =>
  call('POST', '/api/v2/disputes', who, {
    bookingId: id,
    reason: 'I was at the meeting point at 10:00; photo attached',
  });
const MIN = 60_000;

/** An accepted booking on its day, the clock set `minutes` after its start. */
async function started(days: number, minutes: number) {
  const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(days));
  expect((await call('POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
  const startsAt = new Date((await view(id, traveler)).startsAt).getTime();
  await t.app.jobs.tick(new Date(startsAt - 60 * MIN)); // the start day's job: awaiting_start
  t.app.bookings.now = () => new Date(startsAt + minutes * MIN);
  return { id, startsAt };
}

describe('reporting that the other side did not come (decision 138)', () => {
  it('the traveler reports the guide from 20 minutes after the start: cancelled, the deposit back in full at once', async () => {
    const { id, startsAt } = await started(20, 19);
    const card = await view(id, traveler);
    expect(card.status).toBe('awaiting_start');
    expect(card.noShowReportableFrom).toBe(new Date(startsAt + 20 * MIN).toISOString());
    const early = await report(id, traveler);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('too_early');

    t.app.bookings.now = () => new Date(startsAt + 20 * MIN);
    for (const who of [stranger, admin]) expect((await report(id, who)).statusCode).toBe(404);
    expect((await report(id, null)).statusCode).toBe(401);
    const res = await report(id, traveler, 'Waited 40 minutes at the gate');
    expect(res.statusCode).toBe(200);
    const { depositCents } = card;
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guide',
      cancelReason: 'guide_no_show',
      refund: { amountCents: depositCents },
    });
    expect((await ledger(id)).balance).toMatchObject({ total: 0, traveler: 0, guide: 0, platform: 0 });
    // The guide is told, with the traveler's own words to answer (notices follow the commit).
    await vi.waitFor(async () => {
      const notices = (await call('GET', '/api/v2/system-messages?limit=50', guide)).json().data.messages as {
        title: string;
        message: string;
      }[];
      expect(notices.find((m) => m.title === 'The traveler reported that you did not come')?.message).toContain(
        'They wrote: “Waited 40 minutes at the gate”.',
      );
    });
    // Reported twice: the booking has moved on.
    expect((await report(id, traveler)).statusCode).toBe(409);

    // The guide contests within 48 hours; the traveler (who reported) cannot.
    t.app.bookings.now = () => new Date(startsAt + 24 * 60 * MIN);
    expect((await view(id, guide)).actions).toContain('dispute');
    expect((await dispute(id, traveler)).statusCode).toBe(409);
    const contested = await dispute(id, guide);
    expect(contested.statusCode).toBe(201);
    expect((await view(id, traveler)).status).toBe('disputed');
  });

  it('the guide reports the traveler: cancelled as a no-show, the deposit kept (less the commission); too late to contest after 48 hours', async () => {
    const { id, startsAt } = await started(21, 30);
    expect((await view(id, guide)).noShowReportableFrom).toBe(new Date(startsAt + 20 * MIN).toISOString());
    const res = await report(id, guide);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'traveler',
      cancelReason: 'traveler_no_show',
      refund: { amountCents: 0 },
    });
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.balance.traveler).toBe(-res.json().depositCents);
    expect(l.balance.guide).toBeGreaterThan(0);

    t.app.bookings.now = () => new Date(startsAt + 30 * MIN + 48 * 60 * MIN + MIN);
    expect((await view(id, traveler)).actions).not.toContain('dispute');
    expect((await dispute(id, traveler)).statusCode).toBe(409);
  });

  it('a side who confirmed the start was there: they cannot be reported absent', async () => {
    const { id } = await started(22, 25);
    expect((await call('PATCH', `/api/bookings/${id}/confirm-start`, guide, { userType: 'guide' })).statusCode).toBe(
      200,
    );
    expect((await view(id, traveler)).noShowReportableFrom).toBeNull();
    expect((await report(id, traveler)).statusCode).toBe(409);
    // The guide may still report the traveler, who has not confirmed.
    expect((await view(id, guide)).noShowReportableFrom).not.toBeNull();
  });

  it('an upcoming booking days ahead offers no report yet', async () => {
    const id = await confirmedBooking(t, traveler, guide.guideId, daysAhead(23));
    await call('POST', `/api/v2/bookings/${id}/accept`, guide);
    const card = await view(id, traveler);
    expect(new Date(card.noShowReportableFrom).getTime()).toBe(new Date(card.startsAt).getTime() + 20 * MIN);
    expect((await report(id, traveler)).json().code).toBe('too_early');
  });
});
