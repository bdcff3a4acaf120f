import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import type { Posting } from '../../../shared/booking/ledger';
import type { Database } from '../../db/client';
import { rowOf, rowsOf } from '../../db/raw-row';
import { bookings, guides, guideServices, payments, serviceSubcategories, users } from '../../db/schema/index';
import type { NewJob } from '../../jobs/index';
import { AppError } from '../../lib/app-error';
import { bookableGuideColumns, viewQuery, type BookingRow, type NewBooking, type PaymentRow } from './bookings.repository';
import { OPEN_PAYMENT_STATUSES, PAID_PAYMENT_STATUSES } from './one-charge';

/**
 * The hot path of a checkout and its deposit (decision 090): create + pay by card in few
 * statements. Each function here is one statement; the rules stay in the service.
 */

type WrittenJob = { id: number; kind: string };

/**
 * Stands for the id of the booking a statement inserts, in the jobs written with it
 * (`insertBookingWithJobs` puts the id in its place, in payloads and dedupe keys).
 */
export const NEW_BOOKING_ID = '__new_booking_id__';

const guideUser = alias(users, 'guide_user');
const travelerUser = alias(users, 'traveler_user');

/**
 * A checkout's first statement in its transaction: the guide's and then the traveler's schedule locks
 * (always in that order, decision 040), with what booking the guide needs (rates, ranges, zone), the
 * names the reply shows and the chosen service's price. Undefined for a missing guide or a deleted
 * owner (then no lock was taken).
 */
export async function lockForCheckout(db: Database, guideId: number, travelerId: number, subcategoryId: number | undefined, now: Date) {
  const [row] = await db
    .select({
      guideLock: sql<string>`pg_advisory_xact_lock(7001, ${guides.id})`.mapWith(String),
      travelerLock: sql<string>`pg_advisory_xact_lock(7002, ${travelerId})`.mapWith(String),
      guide: bookableGuideColumns,
      view: {
        id: guides.id,
        userId: guides.userId,
        fullName: guideUser.fullName,
        profilePicture: guideUser.profilePicture,
        serviceCity: guides.serviceCity,
        timeZone: guides.timeZone,
      },
      traveler: { id: travelerUser.id, fullName: travelerUser.fullName, profilePicture: travelerUser.profilePicture, phone: travelerUser.phone },
      service: { subcategoryId: guideServices.subcategoryId, priceCents: guideServices.priceCents },
      subcategory: { id: serviceSubcategories.id, nameEn: serviceSubcategories.nameEn, nameCn: serviceSubcategories.nameCn, nameJa: serviceSubcategories.nameJa },
      // The traveler's credit to spend first (decision 139), the one expiring soonest. Spending it is
      // guarded in the insert's statement, so a concurrent checkout cannot spend it twice.
      credit: sql<{ id: number; amountCents: number } | null>`(select json_build_object('id', c.id, 'amountCents', c.amount_cents) from travel_credits c
        where c.traveler_id = ${travelerId} and c.spent_booking_id is null and c.expires_at > ${now.toISOString()}::timestamptz order by c.expires_at, c.id limit 1)`,
    })
    .from(guides)
    .innerJoin(guideUser, and(eq(guideUser.id, guides.userId), sql`${guideUser.deletedAt} is null`))
    .leftJoin(travelerUser, eq(travelerUser.id, travelerId))
    .leftJoin(guideServices, subcategoryId === undefined ? sql`false` : and(eq(guideServices.guideId, guides.id), eq(guideServices.subcategoryId, subcategoryId)))
    .leftJoin(serviceSubcategories, subcategoryId === undefined ? sql`false` : eq(serviceSubcategories.id, subcategoryId))
    .where(eq(guides.id, guideId));
  return row;
}

/** The jobs of a statement, as JSON for `jsonb_to_recordset`. */
const jobsJson = (jobs: NewJob[]) =>
  JSON.stringify(jobs.map((j) => ({ kind: j.kind, payload: j.payload ?? {}, run_at: j.runAt.toISOString(), dedupe_key: j.dedupeKey ?? null })));

const JOB_RECORD = sql.raw('x(kind text, payload jsonb, run_at timestamptz, dedupe_key text)');

/**
 * The booking and its jobs (the payment expiry, the `booking.created` event) in one statement, the
 * jobs' `NEW_BOOKING_ID` replaced by the new id. Returns the booking and the jobs added.
 */
export async function insertBookingWithJobs(db: Database, values: NewBooking, jobs: NewJob[], creditId?: number): Promise<{ booking: BookingRow; jobs: WrittenJob[] }> {
  const insert = db.insert(bookings).values(values).returning();
  // A credit spent on the booking (decision 139) is marked in the same statement; none spent, no booking.
  const spend = creditId
    ? sql`c AS (UPDATE travel_credits SET spent_booking_id = b.id, spent_at = b.created_at FROM b WHERE travel_credits.id = ${creditId} AND travel_credits.spent_booking_id IS NULL RETURNING travel_credits.id),`
    : sql``;
  const result = await db.execute(sql`
    WITH b AS (${insert.getSQL()}),
    ${spend}
    j AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT x.kind, x.payload, x.run_at, x.dedupe_key
        FROM b, jsonb_to_recordset(replace(replace(${jobsJson(jobs)}::text, ${`"${NEW_BOOKING_ID}"`}, b.id::text), ${NEW_BOOKING_ID}, b.id::text)::jsonb) AS ${JOB_RECORD}
      ON CONFLICT DO NOTHING
      RETURNING id, kind
    )
    SELECT row_to_json(b) AS booking, (SELECT coalesce(json_agg(json_build_object('id', j.id, 'kind', j.kind)), '[]'::json) FROM j) AS jobs,
      ${creditId ? sql`(SELECT count(*) FROM c)::int` : sql`0`} AS spent FROM b`);
  const [row] = rowsOf<{ booking: Record<string, unknown>; jobs: WrittenJob[]; spent: number }>(result);
  if (creditId && Number(row!.spent) !== 1) throw new AppError('conflict', 'Your travel credit was just used by another booking; try again');
  return { booking: rowOf(bookings, row!.booking), jobs: row!.jobs.map((j) => ({ id: Number(j.id), kind: j.kind })) };
}

/** The booking locked for a payment's claim, with the parties and service its reply shows (one statement). */
export async function lockBookingView(db: Database, id: number) {
  const [row] = await viewQuery(db).where(eq(bookings.id, id)).for('update', { of: bookings });
  return row;
}

/**
 * A deposit's claim after the booking's lock, in one statement (decision 083's rules, decision 090):
 * the caller's payment with this key (any booking) and the booking's deposits are read, and the new
 * attempt is inserted `processing` only when none of them is this key's, already paid or refunded, or
 * an open attempt (`processing` or `pending`: decision 100, which the unique index
 * `payments_one_open_per_charge` also holds, then nothing is inserted). Returns what was read and the
 * new row if there is one.
 */
export async function claimDeposit(
  db: Database,
  v: Pick<typeof payments.$inferInsert, 'bookingId' | 'payerId' | 'method' | 'provider' | 'idempotencyKey' | 'requestHash' | 'amountCents' | 'currency' | 'cardLast4'>,
): Promise<{ read: PaymentRow[]; inserted: PaymentRow | undefined }> {
  const result = await db.execute(sql`
    WITH r AS (
      SELECT * FROM payments
       WHERE (payer_id = ${v.payerId} AND idempotency_key = ${v.idempotencyKey}) OR (booking_id = ${v.bookingId} AND kind = 'deposit')
    ),
    ins AS (
      INSERT INTO payments (booking_id, payer_id, kind, method, provider, idempotency_key, request_hash, amount_cents, currency, card_last4)
      SELECT ${v.bookingId}, ${v.payerId}, 'deposit', ${v.method}, ${v.provider}, ${v.idempotencyKey}, ${v.requestHash}, ${v.amountCents}, ${v.currency ?? 'CNY'}, ${v.cardLast4 ?? null}
       WHERE NOT EXISTS (
         SELECT 1 FROM r
          WHERE (payer_id = ${v.payerId} AND idempotency_key = ${v.idempotencyKey})
             OR (booking_id = ${v.bookingId} AND kind = 'deposit' AND ${blocksNewAttemptSql(sql`status`)}))
      ON CONFLICT DO NOTHING
      RETURNING *
    )
    SELECT row_to_json(r) AS p, false AS fresh FROM r
    UNION ALL
    SELECT row_to_json(ins), true FROM ins`);
  const rows = rowsOf<{ p: Record<string, unknown>; fresh: boolean }>(result);
  const read = rows.filter((r) => !r.fresh).map((r) => rowOf(payments, r.p)).sort((a, b) => a.id - b.id);
  const fresh = rows.find((r) => r.fresh);
  return { read, inserted: fresh ? rowOf(payments, fresh.p) : undefined };
}

/**
 * A deposit's success as one statement (decision 090): under the booking's row lock, and only while
 * the booking is still `from`, the payment becomes `succeeded`, the booking `to` (with `set`), and the
 * ledger's postings, the payment's receipt (decision 125) and the jobs (the next expiry, the `booking.paid` event) are written. All of it or
 * none: when the booking is no longer `from` or the payment no longer open nothing is written and
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
    /** The receipt's CTEs (`rc_…`, ending in `rc_ins`), given the settled payment's ids as `SELECT id FROM p`. */
    receipt: (ids: SQL) => SQL;
  },
): Promise<{ payment: PaymentRow; booking: BookingRow; jobs: WrittenJob[] } | undefined> {
  const updatedAt = new Date().toISOString();
  const postings = JSON.stringify(
    a.postings.map((p) => ({
      account: p.account,
      user_id: p.account === 'traveler' ? a.parties.travelerId : p.account === 'guide' ? a.parties.guideUserId : null,
      kind: p.kind,
      amount_cents: p.amountCents,
    })),
  );
  const result = await db.execute(sql`
    WITH lk AS MATERIALIZED (
      SELECT id FROM bookings WHERE id = ${a.bookingId} AND status = ${a.from} FOR UPDATE
    ),
    p AS (
      UPDATE payments SET status = 'succeeded', failure_code = NULL, failure_message = NULL,
             provider_ref = coalesce(${a.providerRef}, provider_ref), updated_at = ${updatedAt}::timestamptz
       WHERE id = ${a.paymentId} AND booking_id = ${a.bookingId} AND kind = 'deposit'
         AND status IN ('processing', 'pending', 'failed') AND EXISTS (SELECT 1 FROM lk)
      RETURNING *
    ),
    b AS (
      UPDATE bookings SET status = ${a.to}, paid_at = ${a.paidAt.toISOString()}::timestamptz,
             accepted_at = coalesce(${a.acceptedAt?.toISOString() ?? null}::timestamptz, accepted_at), updated_at = ${updatedAt}::timestamptz
       WHERE id = ${a.bookingId} AND status = ${a.from} AND EXISTS (SELECT 1 FROM p)
      RETURNING *
    ),
    l AS (
      INSERT INTO ledger_entries (booking_id, account, user_id, kind, amount_cents, payment_id)
      SELECT b.id, x.account, x.user_id, x.kind, x.amount_cents, ${a.paymentId}
        FROM b, jsonb_to_recordset(${postings}::jsonb) AS x(account text, user_id int, kind text, amount_cents int)
      RETURNING id
    ),
    j AS (
      INSERT INTO jobs (kind, payload, run_at, dedupe_key)
      SELECT x.kind, x.payload, x.run_at, x.dedupe_key FROM b, jsonb_to_recordset(${jobsJson(a.jobs)}::jsonb) AS ${JOB_RECORD}
      ON CONFLICT DO NOTHING
      RETURNING id, kind
    ),
    ${a.receipt(sql`SELECT id FROM p`)}
    SELECT (SELECT row_to_json(p) FROM p) AS payment, (SELECT row_to_json(b) FROM b) AS booking,
           (SELECT coalesce(json_agg(json_build_object('id', j.id, 'kind', j.kind)), '[]'::json) FROM j) AS jobs,
           -- Never true under the lock; if it were, the division fails the statement and nothing is written.
           1 / (CASE WHEN (SELECT count(*) FROM p) = (SELECT count(*) FROM b)
                      AND (SELECT count(*) FROM l) = ${a.postings.length} * (SELECT count(*) FROM b)
                      AND (SELECT count(*) FROM rc_ins) = (SELECT count(*) FROM b) THEN 1 ELSE 0 END) AS consistent`);
  const [row] = rowsOf<{ payment: Record<string, unknown> | null; booking: Record<string, unknown> | null; jobs: WrittenJob[] }>(result);
  if (!row?.payment || !row.booking) return undefined;
  return { payment: rowOf(payments, row.payment), booking: rowOf(bookings, row.booking), jobs: row.jobs.map((j) => ({ id: Number(j.id), kind: j.kind })) };
}

/**
 * The deposit claim's condition (`claimDeposit`, one statement: decision 090) for an existing attempt
 * of the charge that leaves no room for a new one: paid, or open. Literals, not parameters, so the
 * statement's text and plan stay as they were. `one-charge.test.ts` checks it against the lists.
 */
export function blocksNewAttemptSql(status: SQL): SQL {
  const list = [...PAID_PAYMENT_STATUSES, ...OPEN_PAYMENT_STATUSES].map((s) => `'${s}'`).join(', ');
  return sql`${status} IN (${sql.raw(list)})`;
}
