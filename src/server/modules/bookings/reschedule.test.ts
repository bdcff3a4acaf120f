import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, systemMessages, users } from '../../db/schema/index';
import { rescheduleSteps, type RescheduleSteps } from '../../test/booking-steps';
import { addException, auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { book, confirmedBooking, daysAhead, guidePerson, person, type Person, until } from './test-helpers';

/**
 * Rescheduling (decision 079), through the API as both sides would use it: proposing and answering, one
 * open proposal, who may, the traveler's other bookings. What a move does to the deadlines is
 * reschedule-deadlines.test.ts.
 */
let t: TestApp;
let traveler: Person;
let stranger: Person;
let { get, post, propose, accept, decline, upcoming } = {} as RescheduleSteps;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  stranger = await person(t);
  const admin = await person(t, { admin: true });
  ({ get, post, propose, accept, decline, upcoming } = rescheduleSteps(t, { traveler, admin }));
});
afterAll(() => t.close());

describe('proposing and accepting a new time', () => {
  it('moves an upcoming booking when the other side accepts, at the same price; both sides are told in-app and by e-mail', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(20));
    const before = await get(id, traveler);
    expect(before.reschedulable).toBe(true);
    const res = await propose(id, g, {
      date: daysAhead(22),
      startTime: '13:30',
      reason: 'A festival closes the old route that day',
    });
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json().reschedule;
    expect(proposal).toMatchObject({
      status: 'open',
      proposedBy: 'guide',
      mine: true,
      date: daysAhead(22),
      startTime: '13:30',
      fromDate: daysAhead(20),
      fromStartTime: '10:00',
      reason: 'A festival closes the old route that day',
    });
    // Not moved yet; the traveler sees the proposal as theirs to answer.
    const asTraveler = await get(id, traveler);
    expect(asTraveler).toMatchObject({
      date: daysAhead(20),
      scheduledStartTime: '10:00',
      reschedule: { id: proposal.id, mine: false, status: 'open' },
    });

    const ok = await accept(id, proposal.id, traveler);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json();
    expect(after).toMatchObject({
      status: 'upcoming',
      date: daysAhead(22),
      scheduledStartTime: '13:30',
      startsAt: `${daysAhead(22)}T04:30:00.000Z`,
      endsAt: `${daysAhead(22)}T06:30:00.000Z`,
      totalPriceCents: before.totalPriceCents,
      depositCents: before.depositCents,
      reschedule: { id: proposal.id, status: 'accepted', mine: false },
    });
    // The guide's list follows.
    const list = (await t.app.inject({ url: `/api/v2/bookings-new/guide/${g.id}`, headers: auth(g.token) })).json();
    expect(list.data.find((b: { id: number }) => b.id === id)).toMatchObject({
      date: daysAhead(22),
      scheduledStartTime: '13:30',
    });
    // The old time is free again, the new one taken.
    const slots = (
      await t.app.inject({ url: `/api/v2/guides/${g.guideId}/slots?date=${daysAhead(20)}&durationHours=2` })
    )
      .json()
      .slots.map((s: { startTime: string }) => s.startTime);
    expect(slots).toContain('10:00');
    expect(
      (
        await book(t, stranger, {
          guideId: g.guideId,
          date: daysAhead(22),
          startTime: '14:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(409);

    // Notices: the proposal reached the traveler only (the guide made it:), the move reached both, in-app and by
    // e-mail.
    const titles = async (userId: number) =>
      (
        await t.database.db
          .select()
          .from(systemMessages)
          .where(and(eq(systemMessages.userId, userId), eq(systemMessages.relatedEntityId, id)))
      ).map((m) => m.title);
    // The two notices are separate jobs and may be delivered in either order: wait for both.
    expect(
      await until(
        () => titles(traveler.id),
        (x) => x.includes('Booking moved') && x.includes('New time proposed'),
      ),
    ).toEqual(expect.arrayContaining(['New time proposed', 'Booking moved']));
    const guideTitles = await until(
      () => titles(g.id),
      (x) => x.includes('Booking moved'),
    );
    expect(guideTitles).toContain('Booking moved');
    expect(guideTitles).not.toContain('New time proposed');
    const [gu] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    const mails = await until(
      () => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, gu!.email!)),
      (m) => m.some((x) => x.subject === 'Booking moved'),
    );
    const moved = mails.find((m) => m.subject === 'Booking moved')!;
    expect(moved.textBody).toContain('13:30 (Japan time)');
    expect(moved.textBody).toContain('(was ');
  });

  it('lets the traveler propose on a paid request (confirmed) and the guide accept; the guide still answers the request', async () => {
    const g = await guidePerson(t);
    const id = await confirmedBooking(t, traveler, g.guideId, daysAhead(25));
    const res = await propose(id, traveler, { date: daysAhead(26), startTime: '09:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reschedule).toMatchObject({ proposedBy: 'traveler', reason: null });
    const ok = await accept(id, res.json().reschedule.id, g);
    expect(ok.json()).toMatchObject({
      status: 'confirmed',
      date: daysAhead(26),
      scheduledStartTime: '09:00',
      actions: ['accept', 'decline'],
    });
    expect((await post(`/api/v2/bookings/${id}/accept`, g)).statusCode).toBe(200);
  });

  it('answers 409 slot_unavailable for a taken time, when proposing and when the time was taken before the answer', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(30));
    await upcoming(g, daysAhead(31), '10:00', 3, stranger);
    // Overlaps another booking, outside the guide's hours, a day off; too soon has its own code (decision 153).
    await addException(t.database.db, g.guideId, daysAhead(33), false);
    for (const [date, startTime, code] of [
      [daysAhead(31), '11:00', 'slot_unavailable'],
      [daysAhead(31), '16:00', 'slot_unavailable'],
      [daysAhead(33), '10:00', 'slot_unavailable'],
      [daysAhead(0), '10:00', 'too_short_notice'],
    ] as const) {
      const res = await propose(id, traveler, { date, startTime });
      expect(res.statusCode, `${date} ${startTime}: ${res.body}`).toBe(409);
      expect(res.json().code).toBe(code);
    }
    // Its own time does not block a small move.
    const shift = await propose(id, traveler, { date: daysAhead(30), startTime: '11:00' });
    expect(shift.statusCode, shift.body).toBe(201);
    expect((await decline(id, shift.json().reschedule.id, g, 'I have a call at 12')).statusCode).toBe(200);

    // The proposal does not hold the slot: someone books it first, and the answer is refused.
    const p = (await propose(id, g, { date: daysAhead(32), startTime: '10:00' })).json().reschedule;
    expect(
      (
        await book(t, stranger, {
          guideId: g.guideId,
          date: daysAhead(32),
          startTime: '11:00',
          durationHours: 2,
          travelers: 1,
        })
      ).statusCode,
    ).toBe(201);
    const late = await accept(id, p.id, traveler);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('slot_unavailable');
    expect(await get(id, traveler)).toMatchObject({
      date: daysAhead(30),
      scheduledStartTime: '10:00',
      reschedule: { id: p.id, status: 'open' },
    });
  });

  it('refuses the same time, a booking that cannot move, and a proposer answering their own proposal', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(40));
    const same = await propose(id, traveler, { date: daysAhead(40), startTime: '10:00' });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('same_time');
    const unpaid = (
      await book(t, traveler, {
        guideId: g.guideId,
        date: daysAhead(41),
        startTime: '10:00',
        durationHours: 2,
        travelers: 1,
      })
    ).json().id;
    expect(await get(unpaid, traveler)).toMatchObject({ reschedulable: false });
    const r = await propose(unpaid, traveler, { date: daysAhead(42), startTime: '10:00' });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('invalid_transition');
    const p = (await propose(id, traveler, { date: daysAhead(43), startTime: '10:00' })).json().reschedule;
    expect((await accept(id, p.id, traveler)).statusCode).toBe(403);
    expect((await decline(id, p.id, traveler, 'never mind')).statusCode).toBe(403);
    // A reason is required to decline.
    const noReason = await decline(id, p.id, g);
    expect(noReason.statusCode).toBe(400);
    expect((await decline(id, p.id, g, '   ')).statusCode).toBe(400);
  });
});

describe('one open proposal per booking', () => {
  it('refuses a second proposal from either side until the first is answered; the declined reason reaches the proposer', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(50));
    const first = await propose(id, traveler, { date: daysAhead(51), startTime: '10:00' });
    expect(first.statusCode).toBe(201);
    for (const who of [traveler, g]) {
      const again = await propose(id, who, { date: daysAhead(52), startTime: '10:00' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('reschedule_open');
    }
    const pid = first.json().reschedule.id;
    const no = await decline(id, pid, g, 'I guide another group that week');
    expect(no.json()).toMatchObject({
      date: daysAhead(50),
      reschedule: { status: 'declined', declineReason: 'I guide another group that week' },
    });
    expect((await get(id, traveler)).reschedule).toMatchObject({
      status: 'declined',
      mine: true,
      declineReason: 'I guide another group that week',
    });
    // Answered once: a second answer is refused; a new proposal may be made.
    const twice = await accept(id, pid, g);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('reschedule_closed');
    expect((await propose(id, g, { date: daysAhead(52), startTime: '10:00' })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous proposals through', async () => {
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(55));
    const results = await Promise.all([
      propose(id, traveler, { date: daysAhead(56), startTime: '10:00' }),
      propose(id, g, { date: daysAhead(57), startTime: '10:00' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
describe('who may reschedule', () => {
  it('is the booking’s traveler and guide only: strangers and other guides get 404 on every route', async () => {
    const g = await guidePerson(t);
    const other = await guidePerson(t);
    const id = await upcoming(g, daysAhead(90));
    const p = (await propose(id, traveler, { date: daysAhead(91), startTime: '10:00' })).json().reschedule;
    for (const who of [stranger, other]) {
      expect((await propose(id, who, { date: daysAhead(92), startTime: '10:00' })).statusCode).toBe(404);
      expect((await accept(id, p.id, who)).statusCode).toBe(404);
      expect((await decline(id, p.id, who, 'no')).statusCode).toBe(404);
    }
    // A proposal id of another booking is not found on this one.
    const id2 = await upcoming(g, daysAhead(93));
    expect((await accept(id2, p.id, g)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/bookings/${id}/reschedule`,
          payload: { date: daysAhead(92), startTime: '10:00' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await get(id, traveler)).reschedule).toMatchObject({ id: p.id, status: 'open' });
  });
});

describe('the traveler’s other bookings', () => {
  it('a new time the traveler is already booked for elsewhere is refused at accept with 409 traveler_busy', async () => {
    const who = await person(t);
    const g1 = await guidePerson(t);
    const g2 = await guidePerson(t);
    const busy = await upcoming(g1, daysAhead(40), '10:00', 2, who);
    const id = await upcoming(g2, daysAhead(41), '10:00', 2, who);
    const proposed = await propose(id, g2, { date: daysAhead(40), startTime: '11:00' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const res = await accept(id, proposed.json().reschedule.id, who);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'traveler_busy',
      fields: [{ path: 'booking', message: (await get(busy, who)).bookingNumber }],
    });
    expect(await get(id, who)).toMatchObject({ date: daysAhead(41), scheduledStartTime: '10:00' });
  });

  it('a booking moved within its own hours is no clash with itself', async () => {
    const who = await person(t);
    const g = await guidePerson(t);
    const id = await upcoming(g, daysAhead(43), '10:00', 3, who);
    const proposed = await propose(id, g, { date: daysAhead(43), startTime: '11:00' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect((await accept(id, proposed.json().reschedule.id, who)).json()).toMatchObject({
      scheduledStartTime: '11:00',
    });
  });
});
