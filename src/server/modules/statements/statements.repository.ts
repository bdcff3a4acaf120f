import { and, asc, eq, gte, inArray, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/booking/money-rules';
import type { Currency } from '../../../shared/currency';
import type { Database } from '../../db/client';
import {
  bookings,
  guides,
  issuedInvoices,
  ledgerEntries,
  payoutLedgerEntries,
  users,
  withdrawals,
} from '../../db/schema/index';
import type { PrintedOperator } from '../../operator';

/**
 * The statements' reads (decision 127): only the two ledgers the wallet reads (decision 067), so a
 * statement and the wallet are sums over the same rows, each taken in one currency (decision 167).
 */

/** The month of an instant in Japan time, as `yyyy-mm`. */
const tokyoMonth = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM')`;

export interface MonthSums {
  month: string;
  /** The currency of every sum: the entries' own. */
  currency: Currency;
  earnings: number;
  commission: number;
  commissionBookings: number;
  payouts: number;
}

/** A commission posting: the platform's `commission` entry on a booking of the guide. */
const commissionOf = (guideUserId: number) =>
  and(eq(ledgerEntries.account, 'platform'), eq(ledgerEntries.kind, 'commission'), eq(guides.userId, guideUserId));

/**
 * A payout is paid when its `payout_paid` pair is written; the external account's side is the money
 * that left the platform for the guide.
 */
const paidPayoutOf = (guideUserId: number) =>
  and(
    eq(payoutLedgerEntries.kind, 'payout_paid'),
    eq(payoutLedgerEntries.account, 'payout_external'),
    eq(withdrawals.userId, guideUserId),
  );

/** Every month (Japan time) and currency in which the guide's ledgers moved, with its sums; in no order. */
export async function monthSums(db: Database, guideUserId: number): Promise<MonthSums[]> {
  const month = tokyoMonth(ledgerEntries.createdAt);
  const payoutMonth = tokyoMonth(payoutLedgerEntries.createdAt);
  const [earnings, commission, payouts] = await Promise.all([
    db
      .select({ month, currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.userId, guideUserId)))
      .groupBy(month, ledgerEntries.currency),
    db
      .select({
        month,
        currency: ledgerEntries.currency,
        sum: sql<string>`sum(${ledgerEntries.amountCents})`,
        bookings: sql<string>`count(distinct ${ledgerEntries.bookingId})`,
      })
      .from(ledgerEntries)
      .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
      .innerJoin(guides, eq(guides.id, bookings.guideId))
      .where(commissionOf(guideUserId))
      .groupBy(month, ledgerEntries.currency),
    db
      .select({
        month: payoutMonth,
        currency: payoutLedgerEntries.currency,
        sum: sql<string>`sum(${payoutLedgerEntries.amountCents})`,
      })
      .from(payoutLedgerEntries)
      .innerJoin(withdrawals, eq(withdrawals.id, payoutLedgerEntries.withdrawalId))
      .where(paidPayoutOf(guideUserId))
      .groupBy(payoutMonth, payoutLedgerEntries.currency),
  ]);
  const months = new Map<string, MonthSums>();
  const at = (m: string, currency: Currency) => {
    let row = months.get(`${m} ${currency}`);
    if (!row)
      months.set(
        `${m} ${currency}`,
        (row = { month: m, currency, earnings: 0, commission: 0, commissionBookings: 0, payouts: 0 }),
      );
    return row;
  };
  for (const r of earnings) at(r.month, r.currency).earnings += Number(r.sum);
  for (const r of commission) {
    at(r.month, r.currency).commission += Number(r.sum);
    at(r.month, r.currency).commissionBookings += Number(r.bookings);
  }
  for (const r of payouts) at(r.month, r.currency).payouts += Number(r.sum);
  return [...months.values()];
}

export interface EarningLineRow {
  month: string;
  currency: Currency;
  bookingId: number;
  bookingNumber: string;
  /** The latest of the booking's entries the line sums, in the month. */
  at: Date;
  priceCents: number;
  commissionCents: number;
  onlineCents: number;
  inPersonCents: number;
}

/**
 * The entries a booking's completion writes (`completionPostings`): the latest of them on a completed
 * booking is its completion, the month its in-person part is counted in.
 */
const COMPLETION_KINDS = ['deposit_release', 'guide_earnings'] as const;

/**
 * Every booking's line in each month and currency in which the guide's ledgers moved for it (decision
 * 196): its price, the commission kept in the month, what was posted to her wallet in the month (the
 * same rows as `monthSums`' earnings and commission, so the lines add up to them), and, in the month of
 * a completed tour's completion, the in-person part she collected (total less deposit, as the tour
 * card's net reads it, decision 175). Lines that moved nothing of hers are left out; in no order.
 */
export async function earningLines(db: Database, guideUserId: number): Promise<EarningLineRow[]> {
  const month = tokyoMonth(ledgerEntries.createdAt);
  const mine = eq(guides.userId, guideUserId);
  const completedIn = sql<boolean>`(${bookings.status} = 'completed' and ${guides.userId} = ${guideUserId}
    and ${ledgerEntries.currency} = ${bookings.currency}
    and to_char((select max(c.created_at) from ledger_entries c where c.booking_id = ${bookings.id}
      and c.kind in ('deposit_release', 'guide_earnings')) at time zone 'Asia/Tokyo', 'YYYY-MM') = ${month})`;
  const rows = await db
    .select({
      month,
      currency: ledgerEntries.currency,
      bookingId: bookings.id,
      number: bookings.bookingNumber,
      price: bookings.totalPriceCents,
      inPerson: sql<number>`case when ${completedIn} then ${bookings.totalPriceCents} - ${bookings.depositCents} else 0 end`,
      at: sql<string>`max(${ledgerEntries.createdAt})`,
      online: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'guide'), 0)`,
      commission: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'commission'), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(
      or(
        and(eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.userId, guideUserId)),
        and(
          mine,
          eq(ledgerEntries.account, 'platform'),
          inArray(ledgerEntries.kind, ['commission', ...COMPLETION_KINDS]),
        ),
      ),
    )
    .groupBy(month, ledgerEntries.currency, bookings.id, guides.userId);
  return rows
    .map((r) => ({
      month: r.month,
      currency: r.currency,
      bookingId: r.bookingId,
      bookingNumber: bookingNumber(r.bookingId, r.number),
      at: new Date(r.at),
      priceCents: r.price,
      commissionCents: Number(r.commission),
      onlineCents: Number(r.online),
      inPersonCents: Number(r.inPerson),
    }))
    .filter((l) => l.commissionCents !== 0 || l.onlineCents !== 0 || l.inPersonCents !== 0);
}

export interface CommissionLine {
  bookingNumber: string;
  /** When the platform kept it (completion, a cancellation, a dispute's resolution). */
  at: Date;
  /** The booking's price (its total, as booked): what the commission was a share of. */
  priceCents: number;
  amountCents: number;
  /** Of the price and the commission: the booking's own (decision 167). */
  currency: Currency;
}

/** The month's commission postings per booking, oldest first: the invoice's items. */
export async function commissionLines(
  db: Database,
  guideUserId: number,
  from: Date,
  to: Date,
): Promise<CommissionLine[]> {
  const rows = await db
    .select({
      id: bookings.id,
      number: bookings.bookingNumber,
      price: bookings.totalPriceCents,
      currency: ledgerEntries.currency,
      at: sql<string>`max(${ledgerEntries.createdAt})`,
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .innerJoin(guides, eq(guides.id, bookings.guideId))
    .where(and(commissionOf(guideUserId), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .groupBy(bookings.id, bookings.bookingNumber, bookings.totalPriceCents, ledgerEntries.currency)
    .orderBy(asc(sql`max(${ledgerEntries.createdAt})`), asc(bookings.id));
  return rows.map((r) => ({
    bookingNumber: bookingNumber(r.id, r.number),
    at: new Date(r.at),
    priceCents: r.price,
    amountCents: Number(r.sum),
    currency: r.currency,
  }));
}

export interface PayoutLine {
  at: Date;
  amountCents: number;
  currency: Currency;
  method: (typeof withdrawals.$inferSelect)['method'];
}

/** The payouts paid in the month, oldest first. */
export async function payoutLines(db: Database, guideUserId: number, from: Date, to: Date): Promise<PayoutLine[]> {
  const rows = await db
    .select({
      at: payoutLedgerEntries.createdAt,
      amountCents: payoutLedgerEntries.amountCents,
      currency: payoutLedgerEntries.currency,
      method: withdrawals.method,
    })
    .from(payoutLedgerEntries)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutLedgerEntries.withdrawalId))
    .where(
      and(paidPayoutOf(guideUserId), gte(payoutLedgerEntries.createdAt, from), lt(payoutLedgerEntries.createdAt, to)),
    )
    .orderBy(asc(payoutLedgerEntries.createdAt), asc(payoutLedgerEntries.id));
  return rows;
}

export interface IssuedInvoice {
  number: string;
  recipient: string;
  operator: PrintedOperator;
  issuedAt: Date;
}

/**
 * The month's invoice as first issued: the first call writes it with what is given, every later call
 * (or a concurrent one that lost the race) reads that row back unchanged (decision 133).
 */
export async function issueInvoice(
  db: Database,
  guideUserId: number,
  month: string,
  first: Omit<IssuedInvoice, 'issuedAt' | 'recipient'> & { now: Date },
): Promise<IssuedInvoice> {
  await db
    .insert(issuedInvoices)
    // The recipient is the guide's name at the first issue, read in the same statement.
    .values({
      guideUserId,
      month,
      number: first.number,
      recipient: sql`(select ${users.fullName} from ${users} where ${users.id} = ${guideUserId})`,
      operator: first.operator,
      issuedAt: first.now,
    })
    .onConflictDoNothing({ target: [issuedInvoices.guideUserId, issuedInvoices.month] });
  const [row] = await db
    .select({
      number: issuedInvoices.number,
      recipient: issuedInvoices.recipient,
      operator: issuedInvoices.operator,
      issuedAt: issuedInvoices.issuedAt,
    })
    .from(issuedInvoices)
    .where(and(eq(issuedInvoices.guideUserId, guideUserId), eq(issuedInvoices.month, month)));
  return row!;
}
