import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';
import { bookings, guides, payments, receipts, users } from '../../db/schema/index';
import type { PrintedOperator } from '../../operator';

/** What every issue is stamped with: the operator's particulars of the day and the issuing clock. */
export interface IssueStamp {
  operator: PrintedOperator;
  now: Date;
}

/**
 * The payments that are receipted: deposits, extensions and trip changes' differences the platform received online
 * (decisions 125, 177).
 */
const RECEIPTED = sql.raw(`p.kind IN ('deposit', 'extension', 'change') AND p.method <> 'cash'`);
/** A booking that is over without its tour: nothing is owed to the guide in person. */
const ENDED_UNTOURED = sql.raw(`bk.status = 'cancelled'`);

/**
 * Common table expressions (all named `rc_…`) that issue a receipt for each payment in `ids` (a SELECT
 * of one column) that is receipted and has none yet, numbered in payment order from the `R` series'
 * counter row. The counter is bumped by an upsert, which holds its row lock until the transaction
 * commits: a concurrent issue waits and then reads the bumped value, so no number is handed out twice,
 * and a rollback returns the numbers with it (decision 125). `paidAt`: the time of the payment's
 * success when the caller is settling it now; null takes it from the rows (payments settled earlier).
 * The caller holds the booking's row lock, so two issues for one payment cannot both find it missing.
 */
export function receiptCtes(ids: SQL, stamp: IssueStamp, paidAt: Date | null): SQL {
  return receiptCtesOf(ids, {
    paid: paidAt?.toISOString() ?? null,
    operator: JSON.stringify(stamp.operator),
    now: stamp.now.toISOString(),
  });
}

/** `receiptCtes`' values as a prepared statement's placeholders, filled by `receiptValues` (decision 189). */
export const RECEIPT_PLACEHOLDERS = {
  paid: sql.placeholder('rc_paid'),
  operator: sql.placeholder('rc_operator'),
  now: sql.placeholder('rc_now'),
};

export const receiptValues = (stamp: IssueStamp, paidAt: Date | null): Record<string, unknown> => ({
  rc_paid: paidAt?.toISOString() ?? null,
  rc_operator: JSON.stringify(stamp.operator),
  rc_now: stamp.now.toISOString(),
});

/** `receiptCtes` with each value given, as a value or a placeholder. */
export function receiptCtesOf(ids: SQL, v: { paid: unknown; operator: unknown; now: unknown }): SQL {
  return sql`
    rc_src AS (
      SELECT p.id, p.booking_id, p.payer_id, p.kind, p.method, p.card_last4, p.amount_cents, p.currency, u.full_name,
             coalesce(${v.paid}::timestamptz, CASE WHEN p.kind = 'deposit' THEN bk.paid_at END, p.updated_at) AS paid_at,
             CASE WHEN p.kind = 'deposit' AND NOT (${ENDED_UNTOURED}) THEN greatest(bk.total_price_cents - bk.deposit_cents, 0) ELSE 0 END AS in_person_cents,
             bk.currency AS in_person_currency,
             row_number() OVER (ORDER BY p.created_at, p.id) AS rn, count(*) OVER () AS n
        FROM payments p JOIN bookings bk ON bk.id = p.booking_id JOIN users u ON u.id = p.payer_id
       WHERE p.id IN (${ids}) AND ${RECEIPTED}
         AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.payment_id = p.id AND r.kind = 'receipt')
    ),
    rc_n AS (
      INSERT INTO receipt_series (series, last_number) SELECT 'R', count(*) FROM rc_src HAVING count(*) > 0
      ON CONFLICT (series) DO UPDATE SET last_number = receipt_series.last_number + excluded.last_number
      RETURNING last_number
    ),
    rc_ins AS (
      INSERT INTO receipts (kind, series, seq, number, booking_id, payment_id, payer_id, payment_kind, method, card_last4,
                            amount_cents, in_person_cents, currency, in_person_currency, paid_at, addressee, operator, issued_at, updated_at)
      SELECT 'receipt', 'R', s.seq, 'R-' || lpad(s.seq::text, 8, '0'), s.booking_id, s.id, s.payer_id, s.kind, s.method, s.card_last4,
             s.amount_cents, s.in_person_cents, s.currency, s.in_person_currency, s.paid_at, s.full_name, ${v.operator}::jsonb,
             ${v.now}::timestamptz, ${v.now}::timestamptz
        FROM (SELECT rc_src.*, (rc_n.last_number - rc_src.n + rc_src.rn)::int AS seq FROM rc_src, rc_n) s
      RETURNING id
    )`;
}

/** Issues the receipts due for the booking's payments (one statement; the caller holds the booking's lock). */
export async function issueReceipts(
  db: Database,
  bookingId: number,
  stamp: IssueStamp,
  paidAt: Date | null = null,
): Promise<number> {
  const result = await db.execute(sql`
    WITH ${receiptCtes(sql`SELECT id FROM payments WHERE booking_id = ${bookingId} AND status IN ('succeeded', 'partially_refunded', 'refunded')`, stamp, paidAt)}
    SELECT count(*)::int AS issued FROM rc_ins`);
  return rowsOf<{ issued: number }>(result)[0]?.issued ?? 0;
}

/**
 * Issues a credit note for what each receipted payment of the booking has had refunded beyond its
 * earlier credit notes (one statement, the `C` series, as `receiptCtes`). A refund recorded in several
 * steps gets a note for each step; a payment without a receipt gets none (its receipt comes first).
 */
export async function issueCreditNotes(db: Database, bookingId: number, stamp: IssueStamp): Promise<number> {
  const now = stamp.now.toISOString();
  const result = await db.execute(sql`
    WITH cn_src AS (
      SELECT r.id AS receipt_id, r.booking_id, r.payment_id, r.payer_id, r.payment_kind, r.method, r.card_last4, r.currency, r.addressee,
             bk.currency AS in_person_currency,
             p.refunded_cents - coalesce((SELECT sum(c.amount_cents) FROM receipts c WHERE c.receipt_id = r.id), 0) AS amount_cents,
             row_number() OVER (ORDER BY r.id) AS rn, count(*) OVER () AS n
        FROM receipts r JOIN payments p ON p.id = r.payment_id JOIN bookings bk ON bk.id = r.booking_id
       WHERE r.booking_id = ${bookingId} AND r.kind = 'receipt'
         AND p.refunded_cents > coalesce((SELECT sum(c.amount_cents) FROM receipts c WHERE c.receipt_id = r.id), 0)
    ),
    cn_n AS (
      INSERT INTO receipt_series (series, last_number) SELECT 'C', count(*) FROM cn_src HAVING count(*) > 0
      ON CONFLICT (series) DO UPDATE SET last_number = receipt_series.last_number + excluded.last_number
      RETURNING last_number
    ),
    cn_ins AS (
      INSERT INTO receipts (kind, series, seq, number, booking_id, payment_id, payer_id, receipt_id, payment_kind, method, card_last4,
                            amount_cents, currency, in_person_currency, paid_at, addressee, operator, issued_at, updated_at)
      SELECT 'credit_note', 'C', s.seq, 'C-' || lpad(s.seq::text, 8, '0'), s.booking_id, s.payment_id, s.payer_id, s.receipt_id, s.payment_kind,
             s.method, s.card_last4, s.amount_cents, s.currency, s.in_person_currency, ${now}::timestamptz, s.addressee, ${JSON.stringify(stamp.operator)}::jsonb,
             ${now}::timestamptz, ${now}::timestamptz
        FROM (SELECT cn_src.*, (cn_n.last_number - cn_src.n + cn_src.rn)::int AS seq FROM cn_src, cn_n) s
      RETURNING id
    )
    SELECT count(*)::int AS issued FROM cn_ins`);
  return rowsOf<{ issued: number }>(result)[0]?.issued ?? 0;
}

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * What a receipt reads of its booking as it stands (decision 179): the tour its payment is for (the
 * guide, the days and each day's hours, the group) and the figures the in-person part is read against.
 * Not what the receipt certifies, which is frozen on its row.
 */
const TOUR = {
  guideName: users.fullName,
  date: bookings.date,
  days: bookings.days,
  durationMinutes: bookings.durationMinutes,
  travelers: bookings.travelers,
  children: bookings.children,
  infants: bookings.infants,
  currency: bookings.currency,
  chargeCurrency: bookings.chargeCurrency,
  totalPriceCents: bookings.totalPriceCents,
  depositCents: bookings.depositCents,
  chargeDepositCents: bookings.chargeDepositCents,
  status: bookings.status,
};

/**
 * The booking's traveler, its rate (fixed when it was made and never moved, decision 164: the rate its
 * documents were issued at), and whether any receipted payment or refund still lacks its document (one statement).
 */
export async function bookingReceiptState(db: Database, bookingId: number) {
  const [row] = await db
    .select({
      travelerId: bookings.travelerId,
      bookingNumber: bookings.bookingNumber,
      jpyPerCny: bookings.jpyPerCny,
      fxAsOf: bookings.fxAsOf,
      tour: TOUR,
      due: sql<boolean>`exists (
        select 1 from payments p
         where p.booking_id = ${bookingId} and ${RECEIPTED} and p.status in ('succeeded', 'partially_refunded', 'refunded')
           and (not exists (select 1 from receipts r where r.payment_id = p.id and r.kind = 'receipt')
                or p.refunded_cents > coalesce((select sum(c.amount_cents) from receipts c where c.payment_id = p.id and c.kind = 'credit_note'), 0)))`,
    })
    .from(bookings)
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Locks the booking's row for an issue (the same lock a payment's settling takes). */
export async function lockBookingRow(db: Database, bookingId: number): Promise<boolean> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return rows.length > 0;
}

export async function receiptsOfBooking(db: Database, bookingId: number): Promise<ReceiptRow[]> {
  return db.select().from(receipts).where(eq(receipts.bookingId, bookingId)).orderBy(asc(receipts.id));
}

const original = alias(receipts, 'original');

/**
 * A receipt of the payer's with its booking's stored number and rate and, for a credit note, its receipt's number;
 * undefined for anyone else's (their 404).
 */
export async function payersReceipt(db: Database, id: number, payerId: number) {
  const [row] = await db
    .select({
      receipt: receipts,
      bookingNumber: bookings.bookingNumber,
      jpyPerCny: bookings.jpyPerCny,
      fxAsOf: bookings.fxAsOf,
      tour: TOUR,
      receiptNumber: original.number,
    })
    .from(receipts)
    .innerJoin(bookings, eq(bookings.id, receipts.bookingId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .innerJoin(users, eq(users.id, guides.userId))
    .leftJoin(original, eq(original.id, receipts.receiptId))
    .where(and(eq(receipts.id, id), eq(receipts.payerId, payerId)));
  return row;
}

/** The addressee of a receipt (and of its credit notes, which name the same person). */
export async function setAddressee(
  db: Database,
  id: number,
  payerId: number,
  addressee: string,
  now: Date,
): Promise<ReceiptRow | undefined> {
  const rows = await db
    .update(receipts)
    .set({ addressee, updatedAt: now })
    .where(and(eq(receipts.payerId, payerId), sql`(${receipts.id} = ${id} or ${receipts.receiptId} = ${id})`))
    .returning();
  return rows.find((r) => r.id === id);
}

/** The booking's payments as its statement reads them (decision 193); the receipts' in-person part comes from it. */
export async function statementPayments(db: Database, bookingId: number) {
  return db
    .select({
      kind: payments.kind,
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      ownAmountCents: payments.ownAmountCents,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
