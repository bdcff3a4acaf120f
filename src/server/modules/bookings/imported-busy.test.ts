import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideBusyTimes, guideCalendars } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guide as chatGuide, offerBody, openChat } from '../messaging/test-helpers';
import { guideBusyRanges } from './booking/busy.repository';
import { daySchedule, guidesDays } from './booking/schedule.repository';
import { book, callAs, daysAhead, guidePerson, pay, person, type Person } from './test-helpers';

/**
 * A busy time read from a guide's other calendar holds her time as a booking does (decision 199): the
 * slots leave out every start it or her buffer touches, and a booking over it is refused with
 * slot_unavailable — through the same reads, with no booking behind it: the checkout, a guide's offer and a
 * reschedule alike.
 */
let t: TestApp;
let traveler: Person;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
});
afterAll(() => t.close());

const slotTimes = async (guideId: number, date: string, hours = 2): Promise<string[]> =>
  (await callAs(t, 'GET', `/api/v2/guides/${guideId}/slots?date=${date}&durationHours=${hours}`, null))
    .json()
    .slots.map((s: { startTime: string }) => s.startTime);

/** A busy time of [from, to) on `date` in Tokyo (+09:00), as a calendar's read stores it. */
async function importBusy(guideId: number, date: string, from: string, to: string) {
  const db = t.database.db;
  const [cal] = await db
    .insert(guideCalendars)
    .values({ guideId, name: 'Agency', host: 'calendar.example', urlSealed: 'x', urlHash: `h-${Math.random()}` })
    .returning({ id: guideCalendars.id });
  await db.insert(guideBusyTimes).values({
    guideId,
    calendarId: cal!.id,
    startsAt: new Date(`${date}T${from}:00+09:00`),
    endsAt: new Date(`${date}T${to}:00+09:00`),
  });
}

describe('an imported busy time', () => {
  it('takes the starts it and her buffer touch off her slots, and nothing else', async () => {
    const g = await guidePerson(t, { bufferMinutes: 30 });
    const date = daysAhead(10);
    const before = await slotTimes(g.guideId, date);
    expect(before).toEqual(expect.arrayContaining(['09:00', '10:00', '11:00', '12:00']));
    await importBusy(g.guideId, date, '12:00', '13:00');
    const after = await slotTimes(g.guideId, date);
    // A 2-hour tour may end by 11:30 or start from 13:30: 09:00–09:30 and 13:30 on stay.
    expect(after).toEqual(before.filter((s) => s <= '09:30' || s >= '13:30'));
    expect(after).not.toContain('10:00');
  });

  it('refuses a booking over it with 409 slot_unavailable, and one inside its buffer with buffer_conflict', async () => {
    const g = await guidePerson(t, { bufferMinutes: 30 });
    const date = daysAhead(11);
    await importBusy(g.guideId, date, '12:00', '13:00');
    const at = async (startTime: string) => {
      const res = await book(t, traveler, { guideId: g.guideId, date, startTime, durationHours: 2, travelers: 1 });
      return [res.statusCode, res.json().code];
    };
    expect(await at('11:00')).toEqual([409, 'slot_unavailable']);
    expect(await at('13:00')).toEqual([409, 'buffer_conflict']);
    expect((await at('14:00'))[0]).toBe(201);
  });

  it('holds her time for a guide’s offer and a reschedule too, through the same reads', async () => {
    const g = await chatGuide(t, 'Calendar Guide');
    const date = daysAhead(12);
    await importBusy(g.guideId, date, '12:00', '13:00');
    const chat = await openChat(t, traveler, g.guideId);
    const offer = (startTime: string) =>
      callAs(t, 'POST', `/api/v2/conversations/${chat}/offers`, g, offerBody(date, { startTime, durationHours: 2 }));
    expect((await offer('11:00')).json().code).toBe('slot_unavailable');
    expect((await offer('13:00')).json().code).toBe('buffer_conflict');
    const mine = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(13),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id as number;
    expect((await pay(t, traveler, mine)).statusCode).toBe(201);
    expect((await callAs(t, 'POST', `/api/v2/bookings/${mine}/accept`, g)).statusCode).toBe(200);
    const propose = (startTime: string) =>
      callAs(t, 'POST', `/api/v2/bookings/${mine}/reschedule`, traveler, { date, startTime });
    expect((await propose('12:00')).json().code).toBe('slot_unavailable');
    expect((await propose('14:00')).statusCode).toBe(201);
  });

  it('comes back from every read of her busy hours with no booking id', async () => {
    const g = await guidePerson(t);
    const date = daysAhead(14);
    await importBusy(g.guideId, date, '12:00', '13:00');
    const [from, to] = [new Date(`${date}T00:00:00+09:00`), new Date(`${date}T23:59:00+09:00`)];
    const want = [
      { id: null, startsAt: new Date(`${date}T12:00:00+09:00`), endsAt: new Date(`${date}T13:00:00+09:00`) },
    ];
    const db = t.database.db;
    expect(await guideBusyRanges(db, g.guideId, from, to)).toEqual(want);
    expect((await daySchedule(db, g.guideId, date, from, to)).busy).toEqual(want);
    expect((await guidesDays(db, [g.guideId], date, from, to)).get(g.guideId)?.busy).toEqual(want);
    // Half-open like a booking's: a read ending at its start, or starting at its end, sees nothing.
    expect(await guideBusyRanges(db, g.guideId, from, want[0]!.startsAt)).toEqual([]);
    expect(await guideBusyRanges(db, g.guideId, want[0]!.endsAt, to)).toEqual([]);
  });
});
