import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings, payments } from './bookings';
import { CURRENCIES } from '../../../shared/currency';
import type { PrintedOperator } from '../../operator';
import { users } from './users';

/**
 * One counter per numbering series (decision 125): `R` receipts, `C` credit notes. A number is taken
 * by incrementing the row in the transaction that settles or refunds the payment, so it is held under
 * the row's lock until that commits: never repeated, and a rollback gives it back (no gap).
 */
export const receiptSeries = pgTable(
  'receipt_series',
  {
    series: text('series').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  () => [check('receipt_series_positive', sql`last_number > 0`)],
);

/**
 * A receipt for a payment the platform received online (a deposit or an extension), or a credit note
 * for a refund of one (decision 125). Written in the transaction of the payment's change; what it says
 * is frozen then (amounts, method, the operator's particulars) but the payer's addressee (宛名).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    seq: integer('seq').notNull(),
    /** The printed number: series, dash, eight digits ("R-00000042"). */
    number: text('number').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id),
    /** A credit note's receipt. */
    receiptId: integer('receipt_id').references((): AnyPgColumn => receipts.id),
    paymentKind: text('payment_kind', { enum: ['deposit', 'extension', 'change'] }).notNull(),
    method: text('method', { enum: ['card', 'alipay', 'wechat', 'cash'] }).notNull(),
    cardLast4: text('card_last4'),
    /**
     * Received (a receipt) or refunded (a credit note), in the minor unit of `currency`: the payment's (decision 164).
     */
    amountCents: integer('amount_cents').notNull(),
    /**
     * What the payer owed the guide in person at issue (listed apart: the platform does not receive it),
     * in the booking's own currency, `in_person_currency` (yen for a guide who prices in yen).
     */
    inPersonCents: integer('in_person_cents').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    inPersonCurrency: text('in_person_currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /** When the money moved: the payment's success (a receipt) or the refund's record (a credit note). */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** 宛名: the payer's name by default; the payer may change it. */
    addressee: text('addressee').notNull(),
    operator: jsonb('operator').$type<PrintedOperator>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A deposit's receipt a trip change replaced: the number of the receipt issued then (decision 204). What it
     * says is kept as issued; the new one states the booking's money as the change left it.
     */
    supersededBy: text('superseded_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_series_seq').on(t.series, t.seq),
    uniqueIndex('receipts_number_key').on(t.number),
    uniqueIndex('receipts_one_per_payment')
      .on(t.paymentId)
      .where(sql`kind = 'receipt' and superseded_by is null`),
    index('receipts_booking_idx').on(t.bookingId, t.id),
    check('receipts_kind', sql`kind in ('receipt', 'credit_note')`),
    check('receipts_amounts', sql`amount_cents > 0 and in_person_cents >= 0`),
    check('receipts_credit_note_of_receipt', sql`(kind = 'credit_note') = (receipt_id is not null)`),
  ],
);
