import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import { guideBusyTimes, guideCalendars, jobs, systemMessages } from '../../db/schema/index';
import { auth } from '../../test/guide-fixtures';
import { startIcsServer, type TestIcs, vcalendar, vevent } from '../../test/ics-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { CALENDAR_SYNC_JOB } from './calendars.service';

/**
 * A guide's other calendar, end to end (decisions 199, 200): added by its secret address, each kind of
 * event taking exactly its times off her slots, a booking over them refused, a moved appointment
 * followed by the next round, a failing calendar keeping its last good times and saying so once a day,
 * and removing it giving them back. No title is ever in a reply.
 */
let t: TestApp;
let ics: TestIcs;
let traveler: Person;
const MIN = 60_000;

beforeAll(async () => {
  ics = await startIcsServer();
  t = await createTestApp({ seed: 'none', env: { CALENDAR_IMPORT_ALLOW_HOSTS: ics.hostPort } });
  traveler = await person(t);
});
afterAll(async () => {
  await t.close();
  await ics.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: auth(who.token), ...(payload ? { payload } : {}) });
const slots = async (guideId: number, date: string): Promise<string[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/v2/guides/${guideId}/slots?date=${date}&durationHours=2` }))
    .json()
    .slots.map((s: { startTime: string }) => s.startTime);

/** Wall-clock "YYYYMMDDTHHMMSS" of an instant in a zone, as a calendar writes DTSTART;TZID=…. */
function wall(at: Date, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}
const tokyo = (date: string, hhmm: string) =>
  zonedTimeToUtc(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Asia/Tokyo');
const utc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('.000', '');
const basic = (date: string) => date.replace(/-/g, '');
/** The starts a 2-hour tour loses to a busy [from, to) in Tokyo with her 30-minute buffer. */
const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const without = (before: string[], ...busy: [string, string][]) =>
  before.filter((s) => busy.every(([f, e]) => !(minute(s) < minute(e) + 30 && minute(s) + 120 > minute(f) - 30)));

const D = {
  klass: daysAhead(7),
  dentist: daysAhead(8),
  trip: daysAhead(9),
  la: daysAhead(10),
  utc: daysAhead(11),
  free: daysAhead(12),
};
const dentistAt = (from: string, to: string) =>
  vevent([
    'UID:dentist',
    'SUMMARY:Dentist with Hana',
    'LOCATION:Shijo clinic',
    `DTSTART;TZID=Asia/Tokyo:${basic(D.dentist)}T${from.replace(':', '')}00`,
    `DTEND;TZID=Asia/Tokyo:${basic(D.dentist)}T${to.replace(':', '')}00`,
  ]);
function herCalendar(dentist: string): string {
  return vcalendar(
    vevent([
      'UID:class',
      'SUMMARY:Evening class',
      `DTSTART;TZID=Asia/Tokyo:${basic(D.klass)}T140000`,
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      `EXDATE;TZID=Asia/Tokyo:${basic(addDays(D.klass, 7))}T140000`,
    ]),
    dentist,
    vevent([
      'UID:trip',
      'SUMMARY:School trip',
      `DTSTART;VALUE=DATE:${basic(D.trip)}`,
      `DTEND;VALUE=DATE:${basic(addDays(D.trip, 1))}`,
    ]),
    vevent([
      'UID:la',
      `DTSTART;TZID=America/Los_Angeles:${wall(tokyo(D.la, '13:00'), 'America/Los_Angeles')}`,
      `DTEND;TZID=America/Los_Angeles:${wall(tokyo(D.la, '14:00'), 'America/Los_Angeles')}`,
    ]),
    vevent(['UID:utc', `DTSTART:${utc(tokyo(D.utc, '15:00'))}`, `DTEND:${utc(tokyo(D.utc, '16:00'))}`]),
    vevent(['UID:tentative', 'TRANSP:TRANSPARENT', `DTSTART:${utc(tokyo(D.free, '10:00'))}`, 'DURATION:PT1H']),
    vevent(['UID:off', 'STATUS:CANCELLED', `DTSTART:${utc(tokyo(D.free, '13:00'))}`, 'DURATION:PT1H']),
  );
}

describe('her Google calendar, added', () => {
  it('takes exactly its busy times off her slots, follows a change, keeps the last good times, and gives them back', async () => {
    const g = await guidePerson(t, { bufferMinutes: 30 });
    const days = [D.klass, addDays(D.klass, 7), addDays(D.klass, 14), D.dentist, D.trip, D.la, D.utc, D.free];
    const before = new Map(await Promise.all(days.map(async (d) => [d, await slots(g.guideId, d)] as const)));
    const path = '/calendar/ical/hana%40gmail.com/private-9f8e7d6c5b4a/basic.ics';
    ics.serve(path, herCalendar(dentistAt('10:00', '11:00')));

    const added = await call('POST', '/api/v2/guides/me/calendars?lang=ja', g, { url: ics.url(path), name: '仕事' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: '仕事', host: ics.hostPort, busyCount: 6, problem: null });
    expect(added.body).not.toContain('private-9f8e7d6c5b4a');

    const expectDay = async (d: string, ...busy: [string, string][]) =>
      expect(await slots(g.guideId, d), d).toEqual(without(before.get(d)!, ...busy));
    await expectDay(D.klass, ['14:00', '15:00']);
    await expectDay(addDays(D.klass, 7));
    await expectDay(addDays(D.klass, 14), ['14:00', '15:00']);
    await expectDay(D.dentist, ['10:00', '11:00']);
    expect(await slots(g.guideId, D.trip)).toEqual([]);
    await expectDay(D.la, ['13:00', '14:00']);
    await expectDay(D.utc, ['15:00', '16:00']);
    await expectDay(D.free);

    const at = (startTime: string) =>
      book(t, traveler, { guideId: g.guideId, date: D.dentist, startTime, durationHours: 2, travelers: 1 });
    const refused = await at('10:00');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'slot_unavailable']);
    expect(refused.body).not.toMatch(/Dentist|Hana|Shijo/);

    // She moves the appointment to 14:00: the next round frees 10:00 and takes 14:00.
    ics.serve(path, herCalendar(dentistAt('14:00', '15:00')));
    const round = (minutes: number) => t.app.jobs.tick(new Date(Date.now() + minutes * MIN));
    await round(16);
    await expectDay(D.dentist, ['14:00', '15:00']);
    // Unchanged: the next round asks conditionally and the 304 changes nothing.
    await round(32);
    expect(ics.requests.at(-1)).toMatchObject({ path, ifNoneMatch: expect.stringMatching(/^"/) });
    await expectDay(D.dentist, ['14:00', '15:00']);

    // Her calendar fails: the last good times stay, the problem is said in her language, once after a day.
    ics.mode(path, 500);
    await round(48);
    await expectDay(D.dentist, ['14:00', '15:00']);
    const listed = (await call('GET', '/api/v2/guides/me/calendars?lang=ja', g)).json();
    expect(listed.calendars[0]).toMatchObject({ problem: 'http_error', busyCount: 6 });
    expect(listed.calendars[0].problemText).toMatch(/カレンダー/);
    expect(JSON.stringify(listed)).not.toMatch(/private-9f8e7d6c5b4a|Dentist|class/);
    const notices = () => t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, g.id));
    expect(await notices()).toHaveLength(0);
    await round(25 * 60);
    await round(26 * 60);
    const told = await notices();
    expect(told).toHaveLength(1);
    // A round's job row is kept a day, then cleared: the rounds of the first hour are gone, the last two stay.
    const rounds = await t.database.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.kind, CALENDAR_SYNC_JOB));
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    expect(rounds.every((r) => r.runAt.getTime() > Date.now() + 24 * 60 * MIN)).toBe(true);
    expect(told[0]!.title).toContain('仕事');

    // Removed: every start is hers again.
    const id = listed.calendars[0].id as number;
    expect((await call('DELETE', `/api/v2/guides/me/calendars/${id}`, g)).statusCode).toBe(204);
    await expectDay(D.dentist);
    await expectDay(D.klass);
    expect(await t.database.db.select().from(guideBusyTimes).where(eq(guideBusyTimes.guideId, g.guideId))).toEqual([]);
  });
});

describe('adding and reading', () => {
  it('keeps the address sealed, reads on demand, and answers each refusal with its code', async () => {
    const g = await guidePerson(t);
    const other = await guidePerson(t);
    const file = vcalendar(vevent({ UID: 'x', DTSTART: utc(tokyo(daysAhead(20), '10:00')), DURATION: 'PT1H' }));
    for (const n of [1, 2, 3, 4, 5, 6]) ics.serve(`/c${n}.ics`, file);
    const add = (url: string) => call('POST', '/api/v2/guides/me/calendars', g, { url });
    const codeOf = async (url: string) => {
      const res = await add(url);
      return [res.statusCode, res.json().code, res.json().fields?.[0]?.message];
    };
    const first = await add(ics.url('/c1.ics'));
    expect(first.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(guideCalendars).where(eq(guideCalendars.id, first.json().id));
    expect(row!.urlSealed).not.toContain('c1.ics');
    expect(await codeOf(ics.url('/c1.ics'))).toEqual([409, 'calendar_exists', undefined]);
    ics.mode('/html.ics', 'html');
    ics.mode('/broken.ics', 500);
    ics.mode('/to-metadata.ics', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    expect(await codeOf(ics.url('/html.ics'))).toEqual([422, 'calendar_unreadable', 'not_a_calendar']);
    expect(await codeOf(ics.url('/broken.ics'))).toEqual([422, 'calendar_unreadable', 'http_error']);
    expect(await codeOf(ics.url('/to-metadata.ics'))).toEqual([400, 'calendar_address_refused', 'address_refused']);
    expect(await codeOf('http://10.0.0.8/cal.ics')).toEqual([400, 'calendar_address_refused', 'address_refused']);
    expect(await codeOf('ftp://example.com/cal.ics')).toEqual([400, 'calendar_address_refused', 'address_refused']);
    expect(await codeOf(`${t.app.ctx.config.appUrl}/api/ical/abc.ics`)).toEqual([
      400,
      'calendar_address_refused',
      'own_export',
    ]);
    for (const n of [2, 3, 4, 5]) expect((await add(ics.url(`/c${n}.ics`))).statusCode).toBe(201);
    expect(await codeOf(ics.url('/c6.ics'))).toEqual([409, 'calendar_limit', undefined]);

    const id = first.json().id as number;
    const synced = await call('POST', `/api/v2/guides/me/calendars/${id}/sync`, g);
    expect(synced.json()).toMatchObject({ id, busyCount: 1, problem: null });
    expect((await call('POST', `/api/v2/guides/me/calendars/${id}/sync`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v2/guides/me/calendars/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/v2/guides/me/calendars', other)).json().calendars).toEqual([]);
    const notGuide = await call('GET', '/api/v2/guides/me/calendars', traveler);
    expect([notGuide.statusCode, notGuide.json().code]).toEqual([403, 'not_a_guide']);
  });
});
