import { inArray, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import { bookings } from '../../../db/schema/index';

/**
 * A tour that is still to be completed and will be paid as `completionOf` says: what the guide's
 * booking shows she will receive is worked out from it (decision 175).
 */
export const TOUR_TO_PAY: readonly BookingStatus[] = [
  'confirmed',
  'upcoming',
  'awaiting_start',
  'start_confirmed',
  'ongoing',
  'extend_requested',
  'extend_confirmed',
];

/**
 * What the booking view reads of a guide's pay besides the booking's own columns (decision 175), as
 * columns of its one statement. Each subquery runs only for the bookings it is for (a CASE is
 * evaluated lazily), so an unpaid checkout's reply and its payment's lock read nothing more.
 */
export const guidePayColumns = {
  /**
   * The platform's cover of a dearer replacement guide (decision 137): the latest replacement's once
   * its guide was asked or took the tour over, as the completion reads it (`replacementCoverCents`).
   */
  coveredCents:
    sql<number>`case when ${inArray(bookings.status, [...TOUR_TO_PAY])} then coalesce((select case when r.status in ('requested', 'handed_over') then r.covered_cents else 0 end from booking_replacements r where r.booking_id = ${bookings.id} order by r.id desc limit 1), 0) else 0 end`.mapWith(
      Number,
    ),
  /**
   * A completed tour's postings to the guide in the booking's currency, dispute adjustments included:
   * what her wallet counts of it (decision 167). Null before completion.
   */
  guideEarnedCents: sql<
    number | null
  >`case when ${bookings.status} = 'completed' then (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.booking_id = ${bookings.id} and e.account = 'guide' and e.currency = ${bookings.currency}) end`.mapWith(
    (v): number | null => Number(v),
  ),
};
