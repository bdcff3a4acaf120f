import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { addDays } from '../../../shared/availability';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { fixtureProvider, RECORDINGS_DIR } from './index';

/**
 * The typhoon rule (decision 093) through the API, on a fixed clock: the job at 18:00 Japan
 * time the day before reads the fixture provider's recorded JMA files; a warning for the tour's area
 * lets the traveler cancel with the whole deposit back and the guide without penalty; an advisory,
 * or a warning for another area, changes nothing. Each test books its own date (one scan per hour).
 */
let t: TestApp;
let traveler: Person;
let admin: Person;
let kyotoGuide: Awaited<ReturnType<typeof guidePerson>>;
let osakaGuide: Awaited<ReturnType<typeof guidePerson>>;
const realNow = () => new Date();

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  admin = await person(t, { admin: true });
  kyotoGuide = await guidePerson(t, { city: 'kyoto' });
  osakaGuide = await guidePerson(t, { city: 'osaka' });
});
afterAll(() => t.close());
beforeEach(() => {
  t.app.bookings.now = realNow;
  t.app.weather.provider = fixtureProvider(path.join(RECORDINGS_DIR, 'demo'));
});

const MINUTE = 60_000;
/** 18:00 Japan time on the day before `date`. */
const eveOf = (date: string) => zonedTimeToUtc(addDays(date, -1), 18 * 60, 'Asia/Tokyo');
const get = async (who: Person, id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}`, headers: auth(who.token) })).json();
const ledger = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/bookings/${id}/ledger`, headers: auth(admin.token) })).json();
const quote = async (who: Person, id: number) =>
  (await t.app.inject({ url: `/api/v2/bookings/${id}/cancellation-quote`, headers: auth(who.token) })).json();
const cancel = (who: Person, id: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${id}/status`,
    headers: auth(who.token),
    payload: { status: 'cancelled' },
  });
const accept = (id: number, g: { token: string }) =>
  t.app.inject({ method: 'POST', url: `/api/v2/bookings/${id}/accept`, headers: auth(g.token) });
const recordings = (set: string) => fixtureProvider(path.join(RECORDINGS_DIR, set));

/** An upcoming tour on `date` (10:00 Japan time unless said) with the guide, its deposit paid. */
async function tour(g: Awaited<ReturnType<typeof guidePerson>>, date: string, startTime = '10:00') {
  const id = await confirmedBooking(t, traveler, g.guideId, date, startTime);
  expect((await accept(id, g)).statusCode).toBe(200);
  return id;
}

/** The traveler cancels the next morning (08:00 Japan time, two hours before the 10:00 start). */
async function cancelNextMorning(who: Person, id: number, date: string) {
  t.app.bookings.now = () => zonedTimeToUtc(date, 8 * 60, 'Asia/Tokyo');
  const res = await cancel(who, id);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the typhoon rule', () => {
  it('checks a tour’s area at 18:00 Japan time the day before: a recorded Kyoto warning shows on the booking of both sides', async () => {
    const date = daysAhead(3);
    const id = await tour(kyotoGuide, date);
    const eve = eveOf(date);
    await t.app.jobs.tick(new Date(eve.getTime() - MINUTE));
    expect((await get(traveler, id)).weather).toBeNull();
    await t.app.jobs.tick(eve);
    const seen = await get(traveler, id);
    expect(seen.weather).toMatchObject({
      kind: 'warning',
      areaCode: '260000',
      municipality: '2610000',
      source: 'fixture',
      checkedAt: eve.toISOString(),
    });
    // The recording (reported 16:41 Japan time) is replayed at the check: the same clock time, the latest day not after
    // it.
    expect(eve.getTime() - Date.parse(seen.weather.issuedAt)).toBeGreaterThanOrEqual(0);
    expect(eve.getTime() - Date.parse(seen.weather.issuedAt)).toBeLessThan(86_400_000);
    expect(new Date(seen.weather.issuedAt).toISOString().slice(11, 16)).toBe('07:41');
    expect(['大雨警報', '暴風警報']).toContain(seen.weather.name);
    expect((await get(kyotoGuide, id)).weather).toEqual(seen.weather);
    // The admin's timeline keeps the evidence: kind, area, issue time, source.
    const detail = (await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: auth(admin.token) })).json();
    expect(detail.timeline.find((e: { event: string }) => e.event === 'weather')).toMatchObject({
      at: eve.toISOString(),
      detail: {
        checkpoint: 'eve',
        inForce: true,
        kind: 'warning',
        area: '260000',
        issuedAt: seen.weather.issuedAt,
        source: 'fixture',
      },
    });
    // And again at the start.
    const start = new Date(seen.startsAt);
    await t.app.jobs.tick(start);
    const again = (await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: auth(admin.token) })).json();
    expect(
      again.timeline
        .filter((e: { event: string }) => e.event === 'weather')
        .map((e: { detail: { checkpoint: string } }) => e.detail.checkpoint),
    ).toEqual(['eve', 'start']);
  });

  it('lets the traveler cancel a Kyoto tour the next day with the whole deposit back while the warning is in force', async () => {
    const date = daysAhead(4);
    const id = await tour(kyotoGuide, date);
    await t.app.jobs.tick(eveOf(date));
    t.app.bookings.now = () => zonedTimeToUtc(date, 8 * 60, 'Asia/Tokyo');
    const q = await quote(traveler, id);
    expect(q).toMatchObject({
      cancellable: true,
      tier: 'weather',
      refundPercent: 100,
      guideCents: 0,
      platformCents: 0,
    });
    const out = await cancelNextMorning(traveler, id, date);
    expect(out.refund.amountCents).toBe(out.depositCents);
    const l = await ledger(id);
    expect(l.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
    expect(l.entries.map((e: { kind: string }) => e.kind)).not.toContain('cancellation_fee');
  });

  it('gives nothing back for a Kyoto advisory (注意報) or a lifted warning: the cancellation tiers apply', async () => {
    t.app.weather.provider = recordings('advisory');
    const date = daysAhead(5);
    const id = await tour(kyotoGuide, date);
    await t.app.jobs.tick(eveOf(date));
    expect((await get(traveler, id)).weather).toBeNull();
    t.app.bookings.now = () => zonedTimeToUtc(date, 8 * 60, 'Asia/Tokyo');
    expect(await quote(traveler, id)).toMatchObject({ tier: 'under_24_hours', refundCents: 0 });
    const out = await cancelNextMorning(traveler, id, date);
    expect(out.refund.amountCents).toBe(0);
    const l = await ledger(id);
    expect(l.balance.total).toBe(0);
    expect(l.balance.traveler).toBe(-out.depositCents);
  });

  it('gives nothing back on a Kyoto tour for a warning in force for Osaka, whose tours it does cover', async () => {
    t.app.weather.provider = recordings('osaka-warning');
    const date = daysAhead(6);
    const kyoto = await tour(kyotoGuide, date);
    const osaka = await tour(osakaGuide, date, '14:00');
    await t.app.jobs.tick(eveOf(date));
    expect((await get(traveler, kyoto)).weather).toBeNull();
    expect((await get(osakaGuide, osaka)).weather).toMatchObject({
      kind: 'warning',
      areaCode: '270000',
      municipality: '2710000',
    });
    const out = await cancelNextMorning(traveler, kyoto, date);
    expect(out.refund.amountCents).toBe(0);
    expect((await ledger(kyoto)).balance.total).toBe(0);
  });

  it('lets the traveler move the tour free while the warning is in force: a later cancellation counts from the new start only', async () => {
    const date = daysAhead(10);
    const id = await tour(kyotoGuide, date);
    const eve = eveOf(date);
    await t.app.jobs.tick(eve);
    expect((await get(traveler, id)).weather).not.toBeNull();
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/reschedule`,
      headers: auth(traveler.token),
      payload: { date: daysAhead(12), startTime: '10:00' },
    });
    expect(proposed.statusCode).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${id}/reschedule/${proposed.json().reschedule.id}/accept`,
      headers: auth(kyotoGuide.token),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ date: daysAhead(12), weather: null });
    // The evening before the first date (16 h before it, 64 h before the new start): without the
    // waiver the stricter tier of the first start would give nothing back; the new start alone gives 25%.
    t.app.bookings.now = () => new Date(eve.getTime() + MINUTE);
    expect(await quote(traveler, id)).toMatchObject({ tier: 'days_1_to_3', refundPercent: 25 });
  });

  it('lets the guide cancel without penalty while the warning is in force', async () => {
    const date = daysAhead(7);
    const id = await tour(kyotoGuide, date);
    await t.app.jobs.tick(eveOf(date));
    t.app.bookings.now = () => zonedTimeToUtc(date, 8 * 60, 'Asia/Tokyo');
    expect(await quote(kyotoGuide, id)).toMatchObject({
      cancellable: true,
      cancelledBy: 'guide',
      tier: 'weather',
      refundPercent: 100,
    });
    const res = await cancel(kyotoGuide, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });
    const l = await ledger(id);
    expect(l.balance).toEqual({ traveler: 0, guide: 0, platform: 0, total: 0 });
  });

  it('lets an admin record a warning by hand (audited), which applies to the city’s checked tours at once, and lift it', async () => {
    t.app.weather.provider = recordings('advisory');
    const date = daysAhead(8);
    const id = await tour(kyotoGuide, date);
    const eve = eveOf(date);
    await t.app.jobs.tick(eve);
    expect((await get(traveler, id)).weather).toBeNull();
    t.app.bookings.now = () => new Date(eve.getTime() + 30 * MINUTE);
    const other = await person(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/weather-warnings',
      headers: auth(other.token),
      payload: { city: 'kyoto', code: '05' },
    });
    expect(refused.statusCode).toBe(404);
    const advisory = await t.app.inject({
      method: 'POST',
      url: '/api/admin/weather-warnings',
      headers: auth(admin.token),
      payload: { city: 'kyoto', code: '15' },
    });
    expect(advisory.statusCode).toBe(400); // 強風注意報: an advisory cannot be recorded
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/weather-warnings',
      headers: auth(admin.token),
      payload: { city: 'kyoto', code: '35', note: 'Typhoon 10' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      areaCode: '260000',
      kind: 'special_warning',
      name: '暴風特別警報',
      liftedAt: null,
    });
    expect((await get(traveler, id)).weather).toMatchObject({
      kind: 'special_warning',
      source: 'admin',
      areaCode: '260000',
    });
    const audit = (await t.app.inject({ url: '/api/admin/audit-log', headers: auth(admin.token) })).json();
    expect(JSON.stringify(audit)).toContain('weather_warning.record');
    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/weather-warnings/${res.json().id}/lift`,
      headers: auth(admin.token),
    });
    expect(lifted.statusCode).toBe(200);
    expect((await get(traveler, id)).weather).toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/weather-warnings/${res.json().id}/lift`,
          headers: auth(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('when JMA cannot be read', () => {
  it('checks the other areas, concludes nothing for the unreadable one, and retries the scan', async () => {
    const date = daysAhead(11);
    const kyoto = await tour(kyotoGuide, date, '10:00');
    const osaka = await tour(osakaGuide, date, '14:00');
    const demo = recordings('demo');
    t.app.weather.provider = {
      source: 'jma',
      officeReport: async (office) =>
        office === '260000' ? Promise.reject(new Error('JMA 260000: HTTP 503')) : demo.officeReport(office),
    };
    const eve = eveOf(date);
    await t.app.jobs.tick(eve);
    expect((await get(traveler, kyoto)).weather).toBeNull();
    const osakaChecks = (await t.app.inject({ url: `/api/admin/bookings/${osaka}`, headers: auth(admin.token) }))
      .json()
      .timeline.filter((e: { event: string }) => e.event === 'weather');
    expect(osakaChecks).toMatchObject([{ detail: { checkpoint: 'eve', inForce: false, source: 'jma' } }]); // Osaka: advisories only
    const kyotoChecks = (await t.app.inject({ url: `/api/admin/bookings/${kyoto}`, headers: auth(admin.token) }))
      .json()
      .timeline.filter((e: { event: string }) => e.event === 'weather');
    expect(kyotoChecks).toEqual([]); // no answer is no evidence either way
    // JMA answers again: the retry (30 s later) checks the Kyoto tour.
    t.app.weather.provider = demo;
    await t.app.jobs.tick(new Date(eve.getTime() + 31_000));
    expect((await get(traveler, kyoto)).weather).toMatchObject({ kind: 'warning', areaCode: '260000' });
  });
});
