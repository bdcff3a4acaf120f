import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '../../../shared/booking/state-machine';
import { bookings } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guidePerson, person } from './test-helpers';
import { travelerOverlaps } from './booking/bookings.repository';
import { guideBusyRanges } from './booking/busy.repository';
import { daySchedule } from './booking/schedule.repository';

/**
 * "Does a booking hold these hours" (`busy.ts`), asked every way the server asks it: the checkout's
 * and the slots' `daySchedule`, `guideBusyRanges` (a new offer and a booking from one, a reschedule, an
 * extension) and the traveler's `travelerOverlaps`. The cases the old
 * copies covered between them: half-open edges, the statuses that hold nothing, an unpaid checkout
 * holding until its expiry cancels it, another guide, and the booking being moved or extended itself.
 */
let t: TestApp;
let guide: { id: number; guideId: number };
let otherGuide: { id: number; guideId: number };
let traveler: { id: number };
const H = 3_600_000;
// A fixed hour well ahead: 10:00–12:00 UTC, 60 days on.
const base = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 60 * 86_400_000 + 10 * H);
const day = base.toISOString().slice(0, 10);

async function insert(status: BookingStatus, startsAt: Date, endsAt: Date, guideId = guide.guideId) {
  const [b] = await t.database.db
    .insert(bookings)
    .values({
      travelerId: traveler.id,
      guideId,
      status,
      date: day,
      startMinute: 600,
      durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000),
      timeZone: 'UTC',
      startsAt,
      endsAt,
      travelers: 1,
      unitPriceCents: 30000,
      additionalPerPersonCents: 0,
      totalPriceCents: 60000,
      depositCents: 12000,
      commissionCents: 6000,
    })
    .returning({ id: bookings.id });
  return b!.id;
}

/** Every way of asking, for the guide's [from, to): each must give the same answer. */
async function answers(from: Date, to: Date, except?: number) {
  const db = t.database.db;
  const ranges = (await guideBusyRanges(db, guide.guideId, from, to, except)).map((r) => r.id);
  const out: Record<string, boolean> = { guideBusyRanges: ranges.length > 0 };
  if (except === undefined) {
    const schedule = await daySchedule(db, guide.guideId, day, from, to, { id: traveler.id, from, to });
    out.daySchedule = schedule.busy.length > 0;
    out.daySchedulesTraveler = schedule.travelerOverlaps.length > 0;
    out.travelerOverlaps = (await travelerOverlaps(db, traveler.id, from, to)).length > 0;
  }
  return out;
}

const expectAll = (got: Record<string, boolean>, busy: boolean) =>
  expect(got).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, busy])));

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  guide = await guidePerson(t);
  otherGuide = await guidePerson(t);
  traveler = await person(t);
});
afterAll(() => t?.close());

describe('the busy rule', () => {
  it('is half-open: a booking 10:00–12:00 holds 11:59–12:30 and 09:00–10:01, not 12:00–13:00 nor 09:00–10:00', async () => {
    const id = await insert('upcoming', base, new Date(base.getTime() + 2 * H));
    const at = (h: number) => new Date(base.getTime() + h * H);
    expectAll(await answers(at(2), at(3)), false);
    expectAll(await answers(at(-1), at(0)), false);
    expectAll(await answers(at(2 - 1 / 60), at(2.5)), true);
    expectAll(await answers(at(-1), at(1 / 60)), true);
    expectAll(await answers(at(0.5), at(1)), true); // inside
    expectAll(await answers(at(-1), at(3)), true); // around
    // The booking being moved or extended is no clash with itself.
    expectAll(await answers(at(0.5), at(1), id), false);
    await t.database.db.delete(bookings).where(eq(bookings.id, id));
  });

  it.each(BOOKING_STATUSES.map((s) => [s]))(
    '%s: holds the time unless cancelled, completed, disputed or awaiting a replacement',
    async (status) => {
      const id = await insert(status, base, new Date(base.getTime() + 2 * H));
      // Awaiting a replacement (decision 137), the cancelling guide is free and the choice checks the traveler again.
      const holds = !['cancelled', 'completed', 'disputed', 'awaiting_replacement'].includes(status);
      expectAll(await answers(base, new Date(base.getTime() + H)), holds);
      await t.database.db.delete(bookings).where(eq(bookings.id, id));
    },
  );

  it('an unpaid checkout holds its time until its payment expiry cancels it', async () => {
    const id = await insert('pending', base, new Date(base.getTime() + 2 * H));
    expectAll(await answers(base, new Date(base.getTime() + H)), true);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
    expectAll(await answers(base, new Date(base.getTime() + H)), false);
    await t.database.db.delete(bookings).where(eq(bookings.id, id));
  });

  it("another guide's booking holds nothing of this guide's time", async () => {
    const id = await insert('upcoming', base, new Date(base.getTime() + 2 * H), otherGuide.guideId);
    const got = await answers(base, new Date(base.getTime() + H));
    expect(got).toMatchObject({ guideBusyRanges: false, daySchedule: false });
    // The traveler's own time is held whoever the guide.
    expect(got).toMatchObject({ travelerOverlaps: true, daySchedulesTraveler: true });
    await t.database.db.delete(bookings).where(eq(bookings.id, id));
  });
});
