import type { SQL } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/booking/money-rules';
import { bookingStatement, figureIn } from '../../../shared/booking/statement';
import { trimRate } from '../../../shared/currency';
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
    const statement = await this.statement(bookingId, state);
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    return rows
      .filter((r) => r.payerId === userId)
      .map((r) => toReceipt(r, state, statement, numbers.get(r.receiptId ?? 0) ?? null));
  }

  /** The booking's statement as it stands (decision 193), the one the trip card and the booking PDF read. */
  private async statement(bookingId: number, b: OfBooking): Promise<Statement> {
    const t = b.tour;
    return bookingStatement({
      currency: t.currency,
      jpyPerCny: b.jpyPerCny,
      totalCents: t.totalPriceCents,
      depositCents: t.depositCents,
      date: t.date,
      days: t.days,
      cancelled: t.status === 'cancelled',
      payments: await repo.statementPayments(this.db, bookingId),
    });
  }

  /** One of the caller's receipts; anyone else's is a 404. */
  async get(userId: number, id: number): Promise<Receipt> {
    const found = await repo.payersReceipt(this.db, id, userId);
    if (!found) throw notFound('Receipt');
    const statement = await this.statement(found.receipt.bookingId, found);
    return toReceipt(found.receipt, found, statement, found.receiptNumber);
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

type Statement = ReturnType<typeof bookingStatement>;

/**
 * What a receipt says is left to hand the guide: the booking's statement as it stands, never the figure
 * frozen when it was issued (decision 193: after a trip change that figure is no longer owed), on the
 * deposit's receipt only, in the booking's currency with the payment's beside when the two differ.
 */
export function inPersonOf(r: Pick<ReceiptRow, 'kind' | 'paymentKind' | 'currency'>, s: Statement) {
  if (r.kind !== 'receipt' || r.paymentKind !== 'deposit' || s.inPerson.cents <= 0)
    return { cents: 0, about: null, on: [] };
  const other = r.currency !== s.currency && r.currency === s.other;
  return {
    cents: s.inPerson.cents,
    about: other ? figureIn(s, s.inPerson, r.currency) : null,
    on: s.inPersonOn.map((d) => ({
      day: d.day,
      date: d.date,
      cents: d.cents,
      aboutCents: other ? d.chargeCents : null,
    })),
  };
}

function toReceipt(r: ReceiptRow, b: OfBooking, statement: Statement, receiptNumber: string | null): Receipt {
  // Paid in another currency than the booking's: the rate that converted the one into the other.
  const converted = r.currency !== r.inPersonCurrency && b.jpyPerCny !== null && b.fxAsOf !== null;
  const t = b.tour;
  const inPerson = inPersonOf(r, statement);
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
    inPersonCents: inPerson.cents,
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
    // A share each tour day, as the trip card and the PDF say it (decisions 179, 193); a credit note owes nothing.
    inPersonOn: inPerson.on,
    inPersonAboutCents: inPerson.about,
    paidAt: r.paidAt.toISOString(),
    issuedAt: r.issuedAt.toISOString(),
    addressee: r.addressee,
    operator: r.operator,
  };
}
