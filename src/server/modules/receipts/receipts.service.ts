import type { SQL } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { inPersonCharge, inPersonDays } from '../../../shared/booking/in-person';
import { convertMinor, trimRate } from '../../../shared/currency';
import type { Receipt, ReceiptLanguage } from '../../../shared/schemas/receipts';
import { inTransaction, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { printedParticulars, type Operator } from '../../operator';
import * as repo from './receipts.repository';
import type { ReceiptRow } from './receipts.repository';
import { renderReceiptPdf } from './render';

/**
 * Issues receipts and credit notes inside the caller's transaction (decision 125): the bookings and
 * disputes modules call it where a payment succeeds or a refund is recorded, under the booking's lock.
 */
export interface ReceiptIssuer {
  /**
   * The settle statement's own CTEs (`rc_…`): receipts for the payment ids `ids` selects. Its values
   * are placeholders (the same text for every call, so the statement is prepared once: decision 189),
   * filled by `cteValues`.
   */
  ctes(ids: SQL): SQL;
  /** The values of `ctes`' placeholders: issued `now`, paid at `paidAt`. */
  cteValues(now: Date, paidAt: Date): Record<string, unknown>;
  /** The receipts due for the booking's payments (one statement). */
  receipts(db: Database, bookingId: number, now: Date): Promise<number>;
  /** The credit notes due for the booking's refunds (one statement). */
  creditNotes(db: Database, bookingId: number, now: Date): Promise<number>;
}

export class ReceiptsService {
  readonly issuer: ReceiptIssuer;

  constructor(
    private readonly db: Database,
    operator: Operator,
    private readonly now: () => Date,
  ) {
    const stamped = printedParticulars(operator);
    this.issuer = {
      ctes: (ids) => repo.receiptCtesOf(ids, repo.RECEIPT_PLACEHOLDERS),
      cteValues: (now, paidAt) => repo.receiptValues({ operator: stamped, now }, paidAt),
      receipts: (db, bookingId, now) => repo.issueReceipts(db, bookingId, { operator: stamped, now }),
      creditNotes: (db, bookingId, now) => repo.issueCreditNotes(db, bookingId, { operator: stamped, now }),
    };
  }

  /**
   * The booking's receipts and credit notes, for its traveler (anyone else: 404). Payments settled
   * before receipts existed, or by a path that did not issue one, get theirs here, under the
   * booking's lock like every issue (decision 125).
   */
  async list(userId: number, bookingId: number): Promise<Receipt[]> {
    const state = await repo.bookingReceiptState(this.db, bookingId);
    if (!state || state.travelerId !== userId) throw notFound('Booking');
    if (state.due) {
      const now = this.now();
      await inTransaction(this.db, async (tx) => {
        if (!(await repo.lockBookingRow(tx, bookingId))) return;
        await this.issuer.receipts(tx, bookingId, now);
        await this.issuer.creditNotes(tx, bookingId, now);
      });
    }
    const rows = await repo.receiptsOfBooking(this.db, bookingId);
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    return rows
      .filter((r) => r.payerId === userId)
      .map((r) => toReceipt(r, state, numbers.get(r.receiptId ?? 0) ?? null));
  }

  /** One of the caller's receipts; anyone else's is a 404. */
  async get(userId: number, id: number): Promise<Receipt> {
    const found = await repo.payersReceipt(this.db, id, userId);
    if (!found) throw notFound('Receipt');
    return toReceipt(found.receipt, found, found.receiptNumber);
  }

  async pdf(userId: number, id: number, lang: ReceiptLanguage): Promise<{ body: Buffer; fileName: string }> {
    const receipt = await this.get(userId, id);
    return { body: await renderReceiptPdf(receipt, lang, this.now()), fileName: `Tabi-Guides-${receipt.number}.pdf` };
  }

  /** The payer changes who the receipt is made out to (its credit notes follow). */
  async setAddressee(userId: number, id: number, addressee: string): Promise<Receipt> {
    const row = await repo.setAddressee(this.db, id, userId, addressee, this.now());
    if (!row) throw notFound('Receipt');
    return this.get(userId, id);
  }
}

type Tour = NonNullable<Awaited<ReturnType<typeof repo.bookingReceiptState>>>['tour'];

/**
 * What a receipt reads of its booking: the stored number, the rate it was fixed at (decision 164), the tour as it
 * stands (decision 179).
 */
interface OfBooking {
  bookingNumber: string | null;
  jpyPerCny: string | null;
  fxAsOf: string | null;
  tour: Tour;
}

/**
 * What was owed in person when the receipt was issued, in the payment's currency at the booking's rate:
 * the figure the trip card shows when it is still the booking's in-person part and the payment is in the
 * currency the traveler saw (decision 179), else that amount converted once.
 */
function inPersonAbout(r: ReceiptRow, b: OfBooking): number | null {
  if (r.currency === r.inPersonCurrency || b.jpyPerCny === null || r.inPersonCents <= 0) return null;
  const t = b.tour;
  if (r.currency === t.chargeCurrency && r.inPersonCents === t.totalPriceCents - t.depositCents) {
    return inPersonCharge({
      currency: t.currency,
      chargeCurrency: t.chargeCurrency,
      depositCents: t.depositCents,
      chargeDepositCents: t.chargeDepositCents,
      jpyPerCny: b.jpyPerCny,
      totalCents: t.totalPriceCents,
    });
  }
  return convertMinor(r.inPersonCents, r.inPersonCurrency, r.currency, b.jpyPerCny);
}

function toReceipt(r: ReceiptRow, b: OfBooking, receiptNumber: string | null): Receipt {
  // Paid in another currency than the booking's: the rate that converted the one into the other.
  const converted = r.currency !== r.inPersonCurrency && b.jpyPerCny !== null && b.fxAsOf !== null;
  const t = b.tour;
  const about = r.kind === 'receipt' ? inPersonAbout(r, b) : null;
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    receiptNumber: r.kind === 'credit_note' ? receiptNumber : null,
    bookingId: r.bookingId,
    bookingNumber: bookingNumber(r.bookingId, b.bookingNumber),
    paymentKind: r.paymentKind,
    method: r.method,
    cardLast4: r.cardLast4,
    amountCents: r.amountCents,
    inPersonCents: r.inPersonCents,
    currency: r.currency,
    inPersonCurrency: r.inPersonCurrency,
    rate: converted ? { jpyPerCny: trimRate(b.jpyPerCny!), asOf: b.fxAsOf! } : null,
    tour: {
      guideName: t.guideName,
      date: t.date,
      days: t.days,
      hoursEachDay: t.durationMinutes / 60,
      travelers: t.travelers,
      children: t.children,
      infants: t.infants,
    },
    // A share each tour day, as the trip card and the PDF say it (decision 179); a credit note owes nothing.
    inPersonOn:
      r.kind === 'receipt'
        ? inPersonDays(t, r.inPersonCents, about).map((d) => ({
            day: d.day,
            date: d.date,
            cents: d.cents,
            aboutCents: d.chargeCents,
          }))
        : [],
    inPersonAboutCents: about,
    paidAt: r.paidAt.toISOString(),
    issuedAt: r.issuedAt.toISOString(),
    addressee: r.addressee,
    operator: r.operator,
  };
}
