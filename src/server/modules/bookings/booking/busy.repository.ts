import { and, eq, gt, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../../shared/booking/state-machine';
import type { Database } from '../../../db/client';
import { intArray } from '../../../db/raw-row';
import { bookings, guideBusyTimes } from '../../../db/schema/index';

/**
 * The one answer to "does a booking hold these hours": it is active (`ACTIVE_BOOKING_STATUSES`: an
 * unpaid checkout holds its time until its payment expiry cancels it; cancelled, completed and
 * disputed ones hold nothing) and its [starts_at, ends_at) overlaps [from, to) — half-open, so a tour
 * ending at 12:00 leaves 12:00 free. The same rule as the database's `bookings_no_overlap`, which stays
 * the last word between concurrent writers. A condition over `bookings` (unaliased), for a Drizzle
 * query or a hand-written statement alike. `busy.test.ts` holds the cases.
 */
export function holdsTime(from: Date | Placeholder, to: Date | Placeholder): SQL {
  return and(sql`${bookings.status} IN (${ACTIVE_LIST})`, lt(bookings.startsAt, to), gt(bookings.endsAt, from))!;
}

// The statuses as literals, not parameters: the same text for every caller, so a statement holding the
// condition can be prepared once (decision 189). The list is the application's own constant.
const ACTIVE_LIST = sql.raw(ACTIVE_BOOKING_STATUSES.map((s) => `'${s}'`).join(', '));

/** The guide's bookings that hold [from, to), but `except` (the booking being moved or extended). */
export function guideBusyCondition(
  guideId: number | Placeholder,
  from: Date | Placeholder,
  to: Date | Placeholder,
  except?: number,
): SQL {
  return and(
    eq(bookings.guideId, guideId),
    except === undefined ? undefined : ne(bookings.id, except),
    holdsTime(from, to),
  )!;
}

/** The traveler's bookings that hold [from, to) (one traveler, one place). */
export function travelerBusyCondition(
  travelerId: number | Placeholder,
  from: Date | Placeholder,
  to: Date | Placeholder,
): SQL {
  return and(eq(bookings.travelerId, travelerId), holdsTime(from, to))!;
}

/**
 * The busy times read from the guide's other calendars (`guide_busy_times`) overlapping [from, to),
 * half-open like a booking's. They hold her time as a booking does (decision 199): every read of her
 * busy hours — `guideBusyRanges`, `daySchedule`, `guidesDays` — takes both, so no caller asks twice.
 */
export function importedBusyCondition(guideId: number | Placeholder, from: Date | Placeholder, to: Date | Placeholder) {
  return and(eq(guideBusyTimes.guideId, guideId), lt(guideBusyTimes.startsAt, to), gt(guideBusyTimes.endsAt, from))!;
}

/**
 * What holds the guide's [from, to): her bookings other than `except` (`id`), and the busy times of her
 * other calendars (`id` null: no booking, nothing to except; decision 199). The offer's booking, the
 * reschedule's slots, an extension's clash and a new offer ask this (the checkout asks the same
 * conditions inside `daySchedule`'s one statement).
 */
export async function guideBusyRanges(db: Database, guideId: number, from: Date, to: Date, except?: number) {
  return db
    .select({ id: sql<number | null>`${bookings.id}`, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(guideBusyCondition(guideId, from, to, except))
    .unionAll(
      db
        .select({ id: sql<number | null>`NULL::int`, startsAt: guideBusyTimes.startsAt, endsAt: guideBusyTimes.endsAt })
        .from(guideBusyTimes)
        .where(importedBusyCondition(guideId, from, to)),
    );
}

/**
 * What holds the time of every guide (or of `guideIds`) from `since` on: the same two kinds as `guideBusyRanges`,
 * read once for the search index, which keeps each touched day's longest free stretch (decision 207).
 */
export async function heldRangesSince(db: Database, since: Date, guideIds?: readonly number[]) {
  const among = (column: typeof bookings.guideId | typeof guideBusyTimes.guideId) =>
    guideIds ? sql`${column} = any(${intArray(guideIds)}::int[])` : undefined;
  return db
    .select({ guideId: bookings.guideId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(holdsTime(since, LAST_INSTANT), among(bookings.guideId)))
    .unionAll(
      db
        .select({ guideId: guideBusyTimes.guideId, startsAt: guideBusyTimes.startsAt, endsAt: guideBusyTimes.endsAt })
        .from(guideBusyTimes)
        .where(and(gt(guideBusyTimes.endsAt, since), among(guideBusyTimes.guideId))),
    );
}

/** Later than any booking: `holdsTime`'s upper bound for "from `since` on". */
const LAST_INSTANT = new Date('9999-12-31T00:00:00Z');
