import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../../shared/booking/state-machine';
import type { Posting } from '../../../../shared/booking/ledger';
import type { Database } from '../../../db/client';
import { insertedRows, insertStatement } from '../../../db/insert-values';
import { fieldsOf, jsonOfColumns, rowOf, rowsOf } from '../../../db/raw-row';
import { prepared } from '../../../db/prepared';
import { bookings, payments } from '../../../db/schema/index';
import type { NewJob } from '../../../jobs/index';
import { AppError } from '../../../lib/app-error';
import { liveSessionExists, type TokenCaller } from '../../auth/index';
import { NEW_BOOKING_ID } from '../booking/booking-core';
import {
  bookableGuideColumns,
  type BookingRow,
  type GuideForBooking,
  type NewBooking,
  type PaymentRow,
} from '../booking/bookings.repository';

/**
 * The hot path of a checkout and its deposit (decision 090): create + pay by card in few
 * statements. Each function here is one statement, prepared once per shape with its values as
 * placeholders (`$`, decision 189); the rules stay in the service. The deposit's claim, which
 * shares the session check below, is in deposit-claims.repository.ts.
 */

const $ = (name: string) => sql.placeholder(name);

type WrittenJob = { id: number; kind: string };

/** The caller's session check as a column (decision 149); true when the server acts without a session. */
export const liveCheck = (caller: TokenCaller) =>
  (caller.sessionId === null ? sql<boolean>`true` : liveSessionExists(caller.sessionId, caller.id)).mapWith(Boolean);
/** The same for a prepared statement, the session and its user as the placeholders `sid` and `uid`. */
export const liveCheckOf = (shape: string) => (shape.includes('s') ? liveSessionExists($('sid'), $('uid')) : sql`true`);
/** The session part of a statement's shape: `s` when the caller has a session to check. */
export const sessionShape = (caller: TokenCaller) => (caller.sessionId === null ? '' : 's');

const GUIDE_JSON = sql.raw(jsonOfColumns('g', bookableGuideColumns));

type CheckoutRow = {
  live: boolean;
  guide: GuideForBooking;
  view: {
    id: number;
    userId: number;
    fullName: string;
    profilePicture: string | null;
    serviceCity: string;
    timeZone: string;
  };
  traveler: { id: number; fullName: string; profilePicture: string | null; phone: string | null } | null;
  service: { subcategoryId: number; priceCents: number | null } | null;
  subcategory: { id: number; nameEn: string; nameCn: string; nameJa: string } | null;
  credit: { id: number; amountCents: number } | null;
};

const checkoutLocks = prepared(
  (shape: string) => sql`
    SELECT ${liveCheckOf(shape)} AS live,
           pg_advisory_xact_lock(7001, g.id)::text AS guide_lock,
           pg_advisory_xact_lock(7002, ${$('uid')})::text AS traveler_lock,
           ${GUIDE_JSON} AS guide,
           json_build_object('id', g.id, 'userId', g.user_id, 'fullName', gu.full_name, 'profilePicture', gu.profile_picture, 'serviceCity', g.service_city, 'timeZone', g.time_zone) AS view,
           CASE WHEN tu.id IS NULL THEN NULL ELSE json_build_object('id', tu.id, 'fullName', tu.full_name, 'profilePicture', tu.profile_picture, 'phone', tu.phone) END AS traveler,
           CASE WHEN gs.guide_id IS NULL THEN NULL ELSE json_build_object('subcategoryId', gs.subcategory_id, 'priceCents', gs.price_cents) END AS service,
           CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'nameEn', s.name_en, 'nameCn', s.name_cn, 'nameJa', s.name_ja) END AS subcategory,
           -- The traveler's credit to spend first (decision 139), the one expiring soonest, in the guide's
           -- currency (decision 164: a credit is never read in another). Spending it is guarded in the
           -- insert's statement, so a concurrent checkout cannot spend it twice.
           (SELECT json_build_object('id', c.id, 'amountCents', c.amount_cents) FROM travel_credits c
             WHERE c.traveler_id = ${$('uid')} AND c.spent_booking_id IS NULL AND c.expires_at > ${$('now')}::timestamptz
               AND c.currency = g.currency
             ORDER BY c.expires_at, c.id LIMIT 1) AS credit
      FROM guides g
      JOIN users gu ON gu.id = g.user_id AND gu.deleted_at IS NULL
      LEFT JOIN users tu ON tu.id = ${$('uid')}
      LEFT JOIN guide_services gs ON ${shape.includes('c') ? sql`gs.guide_id = g.id AND gs.subcategory_id = ${$('sub')}` : sql`false`}
      LEFT JOIN service_subcategories s ON ${shape.includes('c') ? sql`s.id = ${$('sub')}` : sql`false`}
     WHERE g.id = ${$('guide')}`,
);

/**
 * A checkout's first statement in its transaction: the guide's and then the traveler's schedule locks
 * (always in that order, decision 040; the select list is evaluated left to right), with what booking
 * the guide needs (rates, ranges, zone), the names the reply shows and the chosen service's price, and
 * whether the caller's session is live (`live`, decision 149: the session's read folded in). Written by
 * hand rather than with Drizzle's select builder, whose building cost a measurable share of the
 * checkout's CPU (decision 157). Undefined for a missing guide or a deleted owner (then no lock was
 * taken, and the session is still to be checked).
 */
export async function lockForCheckout(
  db: Database,
  guideId: number,
  caller: TokenCaller,
  subcategoryId: number | undefined,
  now: Date,
): Promise<CheckoutRow | undefined> {
  const shape = sessionShape(caller) + (subcategoryId === undefined ? '' : 'c');
  const result = await checkoutLocks(db, shape, {
    sid: caller.sessionId,
    uid: caller.id,
    now: now.toISOString(),
    sub: subcategoryId,
    guide: guideId,
  });
  const [row] = rowsOf<CheckoutRow & { guide: Record<string, unknown> }>(result);
  return (
    row && { ...row, live: Boolean(row.live), guide: fieldsOf(bookableGuideColumns, row.guide) as GuideForBooking }
  );
}

/** The jobs of a statement, as JSON for `jsonb_to_recordset`. */
const jobsJson = (jobs: NewJob[]) =>
  JSON.stringify(
    jobs.map((j) => ({
      kind: j.kind,
      payload: j.payload ?? {},
      run_at: j.runAt.toISOString(),
      dedupe_key: j.dedupeKey ?? null,
    })),
  );

const JOB_RECORD = sql.raw('x(kind text, payload jsonb, run_at timestamptz, dedupe_key text)');

// The placeholder's two spellings in the jobs' JSON: a string value, and inside one (a dedupe key). Constants, so
// literals.
const NEW_ID_QUOTED = sql.raw(`'${JSON.stringify(NEW_BOOKING_ID)}'`);
const NEW_ID = sql.raw(`'${NEW_BOOKING_ID}'`);

/**
 * `insertBookingWithJobs`' statement; its shape: `c` when a credit is spent, then the booking row's (`insertedRows`).
 */
const bookingWithJobs = prepared((shape: string) => {
  const credit = shape.startsWith('c');
  // A credit spent on the booking (decision 139) is marked in the same statement; none spent, no booking.
  const spend = credit
    ? sql`c AS (UPDATE travel_credits SET spent_booking_id = b.id, spent_at = b.created_at FROM b WHERE travel_credits.id = ${$('credit')} AND travel_credits.spent_booking_id IS NULL RETURNING travel_credits.id),`
    : sql``;
  return sql`
    WITH b AS (${insertStatement(bookings, shape.slice(1), 'b')} returning *),
    ${spend}
    j AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT x.kind, x.payload, x.run_at, x.dedupe_key
        FROM b, jsonb_to_recordset(replace(replace(${$('jobs')}::text, ${NEW_ID_QUOTED}, b.id::text), ${NEW_ID}, b.id::text)::jsonb) AS ${JOB_RECORD}
      ON CONFLICT DO NOTHING
      RETURNING id, kind
    )
    SELECT row_to_json(b) AS booking, (SELECT coalesce(json_agg(json_build_object('id', j.id, 'kind', j.kind)), '[]'::json) FROM j) AS jobs,
      ${credit ? sql`(SELECT count(*) FROM c)::int` : sql`0`} AS spent FROM b`;
});

/**
 * The booking and its jobs (the payment expiry, the `booking.created` event) in one statement, the
 * jobs' `NEW_BOOKING_ID` replaced by the new id. Returns the booking and the jobs added.
 */
export async function insertBookingWithJobs(
  db: Database,
  values: NewBooking,
  jobs: NewJob[],
  creditId?: number,
): Promise<{ booking: BookingRow; jobs: WrittenJob[] }> {
  const booking = insertedRows(bookings, [values], 'b');
  const result = await bookingWithJobs(db, (creditId ? 'c' : '-') + booking.shape, {
    ...booking.values,
    jobs: jobsJson(jobs),
    credit: creditId,
  });
  const [row] = rowsOf<{ booking: Record<string, unknown>; jobs: WrittenJob[]; spent: number }>(result);
  if (creditId && Number(row!.spent) !== 1)
    throw new AppError('conflict', 'Your travel credit was just used by another booking; try again');
  return { booking: rowOf(bookings, row!.booking), jobs: row!.jobs.map((j) => ({ id: Number(j.id), kind: j.kind })) };
}

/** `settleDeposit`'s statement; `receipt` writes the receipt's CTEs (`ReceiptIssuer.ctes`). */
const depositSettle = prepared(
  (_shape: '', receipt: (ids: SQL) => SQL) => sql`
    WITH lk AS MATERIALIZED (
      SELECT id FROM bookings WHERE id = ${$('booking')} AND status = ${$('from')} FOR UPDATE
    ),
    p AS (
      UPDATE payments SET status = 'succeeded', failure_code = NULL, failure_message = NULL,
             provider_ref = coalesce(${$('ref')}, provider_ref), updated_at = ${$('updated')}::timestamptz
       WHERE id = ${$('payment')} AND booking_id = ${$('booking')} AND kind = 'deposit'
         AND status IN ('processing', 'pending', 'failed') AND EXISTS (SELECT 1 FROM lk)
      RETURNING *
    ),
    b AS (
      UPDATE bookings SET status = ${$('to')}, paid_at = ${$('paid')}::timestamptz,
             accepted_at = coalesce(${$('accepted')}::timestamptz, accepted_at), updated_at = ${$('updated')}::timestamptz
       WHERE id = ${$('booking')} AND status = ${$('from')} AND EXISTS (SELECT 1 FROM p)
      RETURNING *
    ),
    l AS (
      INSERT INTO ledger_entries (booking_id, account, user_id, kind, amount_cents, currency, payment_id)
      SELECT b.id, x.account, x.user_id, x.kind, x.amount_cents, coalesce(x.currency, b.currency), ${$('payment')}
        FROM b, jsonb_to_recordset(${$('postings')}::jsonb) AS x(account text, user_id int, kind text, amount_cents int, currency text)
      RETURNING id
    ),
    j AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT x.kind, x.payload, x.run_at, x.dedupe_key FROM b, jsonb_to_recordset(${$('jobs')}::jsonb) AS ${JOB_RECORD}
      ON CONFLICT DO NOTHING
      RETURNING id, kind
    ),
    ${receipt(sql`SELECT id FROM p`)}
    SELECT (SELECT row_to_json(p) FROM p) AS payment, (SELECT row_to_json(b) FROM b) AS booking,
           (SELECT coalesce(json_agg(json_build_object('id', j.id, 'kind', j.kind)), '[]'::json) FROM j) AS jobs,
           -- Never true under the lock; if it were, the division fails the statement and nothing is written.
           1 / (CASE WHEN (SELECT count(*) FROM p) = (SELECT count(*) FROM b)
                      AND (SELECT count(*) FROM l) = ${$('postingCount')} * (SELECT count(*) FROM b)
                      AND (SELECT count(*) FROM rc_ins) = (SELECT count(*) FROM b) THEN 1 ELSE 0 END) AS consistent`,
);

/**
 * A deposit's success as one statement (decision 090): under the booking's row lock, and only while
 * the booking is still `from`, the payment becomes `succeeded`, the booking `to` (with `set`), and the
 * ledger's postings, the payment's receipt (decision 125) and the jobs (the next expiry, the `booking.paid` event) are
 * written. All of it or none: when the booking is no longer `from` or the payment no longer open nothing is written and
 * the caller takes the general path (`BookingPayments.succeeded`, which refunds a lapsed booking).
 */
export async function settleDeposit(
  db: Database,
  a: {
    paymentId: number;
    bookingId: number;
    providerRef: string | null;
    from: BookingStatus;
    to: BookingStatus;
    paidAt: Date;
    acceptedAt: Date | null;
    postings: Posting[];
    parties: { travelerId: number; guideUserId: number };
    jobs: NewJob[];
    /**
     * The receipt's CTEs (`rc_…`, ending in `rc_ins`), given the settled payment's ids as `SELECT id FROM p`,
     * the same text on every call, and the values of their placeholders.
     */
    receipt: { ctes: (ids: SQL) => SQL; values: Record<string, unknown> };
  },
): Promise<{ payment: PaymentRow; booking: BookingRow; jobs: WrittenJob[] } | undefined> {
  const updatedAt = new Date().toISOString();
  const postings = JSON.stringify(
    a.postings.map((p) => ({
      account: p.account,
      user_id: p.account === 'traveler' ? a.parties.travelerId : p.account === 'guide' ? a.parties.guideUserId : null,
      kind: p.kind,
      amount_cents: p.amountCents,
      currency: p.currency ?? null,
    })),
  );
  const result = await depositSettle(
    db,
    '',
    {
      booking: a.bookingId,
      from: a.from,
      ref: a.providerRef,
      updated: updatedAt,
      payment: a.paymentId,
      to: a.to,
      paid: a.paidAt.toISOString(),
      accepted: a.acceptedAt?.toISOString() ?? null,
      postings,
      postingCount: a.postings.length,
      jobs: jobsJson(a.jobs),
      ...a.receipt.values,
    },
    a.receipt.ctes,
  );
  const [row] = rowsOf<{
    payment: Record<string, unknown> | null;
    booking: Record<string, unknown> | null;
    jobs: WrittenJob[];
  }>(result);
  if (!row?.payment || !row.booking) return undefined;
  return {
    payment: rowOf(payments, row.payment),
    booking: rowOf(bookings, row.booking),
    jobs: row.jobs.map((j) => ({ id: Number(j.id), kind: j.kind })),
  };
}
