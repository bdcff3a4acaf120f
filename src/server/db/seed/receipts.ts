import { sql } from 'drizzle-orm';
import { issueCreditNotes, issueReceipts } from '../../modules/receipts/index';
import { DEVELOPMENT_OPERATOR } from '../../operator';
import type { Database } from '../client';
import { rowsOf } from '../raw-row';

/**
 * The demo bookings' receipts and credit notes (decision 125), so the demo traveler opens a receipt at
 * once. Demo data is fictitious: it is issued by the development stand-in operator, whose receipts say
 * so on their face (decision 120), whatever operator the instance runs with.
 */
export async function seedDemoReceipts(db: Database, now: Date): Promise<void> {
  const { name, address, phone, email, invoiceNumber, fake } = DEVELOPMENT_OPERATOR;
  const stamp = { operator: { name, address, phone, email, invoiceNumber, fake }, now };
  const paid = rowsOf<{ booking_id: number }>(
    await db.execute(sql`
      SELECT DISTINCT booking_id FROM payments
       WHERE kind IN ('deposit', 'extension') AND method <> 'cash' AND status IN ('succeeded', 'partially_refunded', 'refunded')
       ORDER BY booking_id`),
  );
  for (const { booking_id: bookingId } of paid) {
    await issueReceipts(db, Number(bookingId), stamp);
    await issueCreditNotes(db, Number(bookingId), stamp);
  }
}
