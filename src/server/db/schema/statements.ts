import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PrintedOperator } from '../../operator';
import { users } from './users';

/**
 * A guide's monthly qualified invoice for the commission, as first issued (decision 133): its number,
 * the recipient's name and the issuer's particulars are kept from that moment, so the invoice a guide
 * downloads again later names the same issuer and recipient even after the settings or the guide's
 * name change. The figures are not stored: a closed month's ledgers are append-only and give the same
 * sums every time (decision 127).
 */
export const issuedInvoices = pgTable(
  'issued_invoices',
  {
    guideUserId: integer('guide_user_id')
      .notNull()
      .references(() => users.id),
    /** The month in Japan time, yyyy-mm. */
    month: text('month').notNull(),
    number: text('number').notNull(),
    recipient: text('recipient').notNull(),
    operator: jsonb('operator').$type<PrintedOperator>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guideUserId, t.month] }),
    uniqueIndex('issued_invoices_number_key').on(t.number),
    check('issued_invoices_month', sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
