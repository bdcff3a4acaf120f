import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday } from '../../../shared/availability';
import { guideListReplySchema } from '../../../shared/schemas/guides';
import { nextAddress } from '../../test/accounts';
import { serviceSubcategories, users } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, pay, person, type Person } from '../bookings/test-helpers';
import { escapeText, foldLine } from './ical';

let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let serviceId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  guide = await guidePerson(t, { city: 'sapporo', priceRmb: 300 });
  const [row] = await t.database.db
    .select({ id: serviceSubcategories.id })
    .from(serviceSubcategories)
    .orderBy(asc(serviceSubcategories.id))
    .limit(1);
  serviceId = row!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who?: { token: string }, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? auth(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const rates = (over: Record<string, unknown> = {}) => ({
  basicPricePerHourCents: 45_000,
  additionalPricePerPersonCents: 5_000,
  minPeople: 1,
  maxPeople: 5,
  minDurationHours: 2,
  maxDurationHours: 6,
  services: [{ subcategoryId: serviceId, priceCents: 52_000 }],
  ...over,
});

describe('availability', () => {
  it('the guide reads and replaces weekly hours and days off; slots and search show it at once', async () => {
    const date = daysAhead(10);
    const weekday = isoWeekday(date);
    const offDate = daysAhead(11);

    const before = await call('GET', '/api/v2/guides/me/availability', guide);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ guideId: guide.guideId, timeZone: 'Asia/Tokyo' });
    expect(before.json().weekly).toHaveLength(7);

    const put = await call('PUT', '/api/v2/guides/me/availability', guide, {
      weekly: [1, 2, 3, 4, 5, 6, 7].flatMap((d) =>
        d === weekday
          ? [
              { weekday: d, startMinute: 8 * 60, endMinute: 11 * 60 },
              { weekday: d, startMinute: 14 * 60, endMinute: 16 * 60 },
            ]
          : [{ weekday: d, startMinute: 9 * 60, endMinute: 17 * 60 }],
      ),
      exceptions: [{ date: offDate, available: false, note: 'Family day; off' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().exceptions).toEqual([
      { date: offDate, available: false, startMinute: null, endMinute: null, note: 'Family day; off' },
    ]);

    const slots = await call('GET', `/api/v2/guides/${guide.guideId}/slots?date=${date}&durationHours=2`);
    expect(slots.statusCode).toBe(200);
    expect(slots.json().slots.map((s: { startTime: string }) => s.startTime)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '14:00',
    ]);
    const off = await call('GET', `/api/v2/guides/${guide.guideId}/slots?date=${offDate}&durationHours=2`);
    expect(off.json().slots).toEqual([]);

    // search by date: gone on the day off, listed the day before
    const onDay = guideListReplySchema.parse(
      (await call('GET', `/api/v2/guides?city=sapporo&date=${date}`, traveler)).json(),
    );
    expect(onDay.data.map((g) => g.id)).toContain(guide.guideId);
    const onOff = guideListReplySchema.parse(
      (await call('GET', `/api/v2/guides?city=sapporo&date=${offDate}`, traveler)).json(),
    );
    expect(onOff.data.map((g) => g.id)).not.toContain(guide.guideId);

    // and the day off is taken back
    const back = await call('PUT', '/api/v2/guides/me/availability', guide, {
      weekly: put.json().weekly,
      exceptions: [],
    });
    expect(back.statusCode).toBe(200);
    const again = guideListReplySchema.parse(
      (await call('GET', `/api/v2/guides?city=sapporo&date=${offDate}`, traveler)).json(),
    );
    expect(again.data.map((g) => g.id)).toContain(guide.guideId);
  });

  it('keeps existing bookings: their slot stays taken after the hours change', async () => {
    // No buffer, so the slot right after the booking is the one the hours leave (decision 153).
    const g = await guidePerson(t, { city: 'nara', bufferMinutes: 0 });
    const date = daysAhead(14);
    const res = await book(t, traveler, {
      guideId: g.guideId,
      date,
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const put = await call('PUT', '/api/v2/guides/me/availability', g, {
      weekly: [{ weekday: isoWeekday(date), startMinute: 600, endMinute: 840 }],
    });
    expect(put.statusCode).toBe(200);
    const booking = await call('GET', `/api/v2/bookings/${res.json().id}`, traveler);
    expect(booking.json().status).toBe('pending');
    const slots = await call('GET', `/api/v2/guides/${g.guideId}/slots?date=${date}&durationHours=2`);
    expect(slots.json().slots.map((s: { startTime: string }) => s.startTime)).toEqual(['12:00']);
  });

  it.each([
    [
      'overlapping ranges',
      {
        weekly: [
          { weekday: 1, startMinute: 540, endMinute: 720 },
          { weekday: 1, startMinute: 700, endMinute: 800 },
        ],
      },
      'overlapping_hours',
    ],
    [
      'a range ending before it starts',
      { weekly: [{ weekday: 2, startMinute: 600, endMinute: 600 }] },
      'invalid_range',
    ],
    [
      'hours past the end of the day',
      { weekly: [{ weekday: 2, startMinute: 600, endMinute: 1441 }] },
      'validation_failed',
    ],
    ['weekday 8', { weekly: [{ weekday: 8, startMinute: 600, endMinute: 700 }] }, 'validation_failed'],
    [
      'a date twice',
      {
        weekly: [],
        exceptions: [
          { date: daysAhead(3), available: false },
          { date: daysAhead(3), available: false },
        ],
      },
      'duplicate_date',
    ],
    ['a past date', { weekly: [], exceptions: [{ date: daysAhead(-3), available: false }] }, 'invalid_range'],
    [
      'an available day without hours',
      { weekly: [], exceptions: [{ date: daysAhead(3), available: true }] },
      'invalid_range',
    ],
    ['an impossible date', { weekly: [], exceptions: [{ date: '2027-02-30', available: false }] }, 'validation_failed'],
  ])('refuses %s', async (_name, body, code) => {
    const res = await call('PUT', '/api/v2/guides/me/availability', guide, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});

describe('rates and services', () => {
  it('the guide changes prices, ranges and services; the search card and profile show them at once', async () => {
    const put = await call('PUT', '/api/v2/guides/me/rates', guide, rates());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      basicPricePerHourCents: 45_000,
      additionalPricePerPersonCents: 5_000,
      maxPeople: 5,
      maxDurationHours: 6,
    });
    expect(put.json().services).toEqual([expect.objectContaining({ subcategoryId: serviceId, priceCents: 52_000 })]);
    expect((await call('GET', '/api/v2/guides/me/rates', guide)).json()).toEqual(put.json());

    const search = guideListReplySchema.parse((await call('GET', '/api/v2/guides?city=sapporo', traveler)).json());
    const card = search.data.find((g) => g.id === guide.guideId)!;
    expect(card).toMatchObject({
      hourlyRate: 450,
      basicPricePerHourCents: 45_000,
      additionalPricePerPersonCents: 5_000,
      maxPeople: 5,
      maxDuration: 6,
    });
    expect(card.services.map((s) => [s.id, s.priceCents])).toEqual([[serviceId, 52_000]]);
    // the price filter (RMB) sees the new price
    const band = guideListReplySchema.parse(
      (await call('GET', '/api/v2/guides?city=sapporo&minPrice=440&maxPrice=460', traveler)).json(),
    );
    expect(band.data.map((g) => g.id)).toContain(guide.guideId);
    // search by service
    const byService = guideListReplySchema.parse(
      (await call('GET', `/api/v2/guides?city=sapporo&services=${serviceId}`, traveler)).json(),
    );
    expect(byService.data.map((g) => g.id)).toContain(guide.guideId);

    const profile = (await call('GET', `/api/v2/guides/${guide.guideId}`)).json();
    expect(profile).toMatchObject({ hourlyRate: 450, maxPeople: 5 });
    // a group larger than the new maximum is refused by booking
    const big = await book(t, traveler, {
      guideId: guide.guideId,
      date: daysAhead(20),
      startTime: '10:00',
      durationHours: 2,
      travelers: 6,
    });
    expect(big.json().code).toBe('group_size_out_of_range');
  });

  it.each([
    ['a negative price', rates({ basicPricePerHourCents: -1 }), 'validation_failed'],
    ['a price of 0 (decision 082)', rates({ basicPricePerHourCents: 0 }), 'validation_failed'],
    ['a price under 50 RMB an hour', rates({ basicPricePerHourCents: 4_999 }), 'validation_failed'],
    [
      'a service priced under the floor',
      rates({ services: [{ subcategoryId: 1, priceCents: 100 }] }),
      'validation_failed',
    ],
    ['a fractional price', rates({ additionalPricePerPersonCents: 10.5 }), 'validation_failed'],
    ['min group above max', rates({ minPeople: 6, maxPeople: 5, services: [] }), 'invalid_range'],
    ['min duration above max', rates({ minDurationHours: 7, maxDurationHours: 6, services: [] }), 'invalid_range'],
    ['an unknown service', rates({ services: [{ subcategoryId: 999_999, priceCents: null }] }), 'unknown_service'],
    ['a service twice', rates({ services: [{ subcategoryId: 1 }, { subcategoryId: 1 }] }), 'validation_failed'],
  ])('refuses %s', async (_name, body, code) => {
    const res = await call('PUT', '/api/v2/guides/me/rates', guide, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});

describe('who may', () => {
  it.each([
    ['GET', '/api/v2/guides/me/availability'],
    ['PUT', '/api/v2/guides/me/availability'],
    ['GET', '/api/v2/guides/me/rates'],
    ['PUT', '/api/v2/guides/me/rates'],
    ['GET', '/api/v2/guides/me/calendar-url'],
    ['POST', '/api/v2/guides/me/calendar-url/reset'],
  ] as const)('%s %s: a traveler gets 403 not_a_guide, a visitor 401', async (method, url) => {
    const body = method === 'PUT' ? (url.endsWith('rates') ? rates() : { weekly: [] }) : undefined;
    const asTraveler = await call(method, url, traveler, body);
    expect(asTraveler.statusCode).toBe(403);
    expect(asTraveler.json().code).toBe('not_a_guide');
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });
});

describe('calendar feed', () => {
  it('escapes TEXT and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`LOCATION:${'京都駅'.repeat(20)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`LOCATION:${'京都駅'.repeat(20)}`);
  });

  it('serves the guide’s paid bookings with UTC times and the meeting point, no traveler data; reset retires the old URL', async () => {
    const g = await guidePerson(t, { city: 'kobe' });
    const date = daysAhead(12);
    const address = 'Kobe Station, north exit; by the clock, "Meet here"\nThen walk';
    const created = await book(t, traveler, {
      guideId: g.guideId,
      date,
      startTime: '10:00',
      durationHours: 2,
      travelers: 2,
      meetingAddress: address,
      meetingPostalCode: '650-0021',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    // an unpaid request does not show
    const unpaid = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(13),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    expect(unpaid.statusCode).toBe(201);

    const urlRes = await call('GET', '/api/v2/guides/me/calendar-url', g);
    expect(urlRes.statusCode).toBe(200);
    const url = urlRes.json().url as string;
    expect(url).toMatch(/\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call('GET', '/api/v2/guides/me/calendar-url', g)).json().url).toBe(url); // stable until reset
    const path = new URL(url).pathname;

    const feed = await t.app.inject({ url: path, remoteAddress: nextAddress() });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const text = feed.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // unfold (RFC 5545 §3.1) and read the properties
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    const host = new URL(url).host;
    expect(unfolded).toContain(`UID:booking-${id}@${host}`);
    const startsAt = created.json().startsAt as string;
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(unfolded).toContain(`DTSTART:${stamp(startsAt)}`);
    expect(unfolded).toContain(`DTEND:${stamp(new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString())}`);
    expect(unfolded).toContain(
      'LOCATION:〒650-0021 Kobe Station\\, north exit\\; by the clock\\, "Meet here"\\nThen walk',
    );
    // A paid request still waiting for her answer (decision 200): tentative, said so, with the traveler's first name.
    expect(unfolded).toContain('STATUS:TENTATIVE');
    const [me] = await t.database.db
      .select({ email: users.email, full_name: users.fullName })
      .from(users)
      .where(eq(users.id, traveler.id));
    const first = me!.full_name.split(' ')[0]!;
    expect(unfolded.find((l) => l.startsWith('SUMMARY:'))).toMatch(
      new RegExp(`^SUMMARY:Request\\\\, awaiting your answer: Tabi tour .* · ${first} · 2 travelers$`),
    );
    expect(text).not.toContain(me!.email);
    expect(text).not.toContain(me!.full_name);

    const reset = await call('POST', '/api/v2/guides/me/calendar-url/reset', g);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(url);
    expect((await t.app.inject({ url: path, remoteAddress: nextAddress() })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: new URL(reset.json().url).pathname, remoteAddress: nextAddress() })).statusCode,
    ).toBe(200);
    // wrong or malformed tokens: 404 with a stable code
    const wrong = await t.app.inject({ url: `/api/ical/${'A'.repeat(43)}.ics`, remoteAddress: nextAddress() });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('not_found');
    expect((await t.app.inject({ url: '/api/ical/short.ics', remoteAddress: nextAddress() })).statusCode).toBe(404);
    // another guide's URL shows only their own bookings
    const other = (await call('GET', '/api/v2/guides/me/calendar-url', guide)).json().url as string;
    const otherFeed = await t.app.inject({ url: new URL(other).pathname, remoteAddress: nextAddress() });
    expect(otherFeed.body).not.toContain(`booking-${id}@`);
  });

  it('follows a rescheduled booking to its new time (decision 079)', async () => {
    const g = await guidePerson(t, { city: 'nara' });
    const created = await book(t, traveler, {
      guideId: g.guideId,
      date: daysAhead(15),
      startTime: '10:00',
      durationHours: 2,
      travelers: 1,
    });
    const id = created.json().id as number;
    expect((await pay(t, traveler, id)).statusCode).toBe(201);
    expect((await call('POST', `/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
    const proposed = await call('POST', `/api/v2/bookings/${id}/reschedule`, traveler, {
      date: daysAhead(16),
      startTime: '14:00',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const moved = await call('POST', `/api/v2/bookings/${id}/reschedule/${proposed.json().reschedule.id}/accept`, g);
    expect(moved.statusCode, moved.body).toBe(200);
    const path = new URL((await call('GET', '/api/v2/guides/me/calendar-url', g)).json().url).pathname;
    const lines = (await t.app.inject({ url: path, remoteAddress: nextAddress() })).body
      .replace(/\r\n /g, '')
      .split('\r\n');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(lines).toContain(`DTSTART:${stamp(`${daysAhead(16)}T05:00:00.000Z`)}`);
    expect(lines).toContain(`DTEND:${stamp(`${daysAhead(16)}T07:00:00.000Z`)}`);
    expect(lines).not.toContain(`DTSTART:${stamp(created.json().startsAt)}`);
    expect(lines.filter((l) => l === `UID:booking-${id}@${new URL(t.app.ctx.config.appUrl).host}`)).toHaveLength(1);
  });

  it('is rate-limited per address', async () => {
    const url = new URL((await call('GET', '/api/v2/guides/me/calendar-url', guide)).json().url).pathname;
    const address = nextAddress();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await t.app.inject({ url, remoteAddress: address })).statusCode;
    expect(last).toBe(429);
    expect((await t.app.inject({ url, remoteAddress: nextAddress() })).statusCode).toBe(200);
  });
});
