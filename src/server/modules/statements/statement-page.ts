import type { Locale } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money-format';
import type { Statement } from '../../../shared/schemas/statements';
import type { PayoutRate } from '../../../shared/schemas/wallet';
import type { PrintedOperator } from '../../operator';
import { PDF_PALETTE } from '../booking-pdf/index';
import { AMOUNT_W, CONTENT_WIDTH, LEFT, RIGHT, type Sheet } from './sheet';
import type { CommissionLine, PayoutLine } from './statements.repository';
import { STATEMENT_STRINGS, type StatementStrings } from './strings';

/**
 * What the statement's sections (render-statement.ts) and the invoice's (render-invoice.ts) draw from:
 * the document's content, and the page with the reader's strings, and the section title and amount
 * row the statement's sections write with.
 */

export interface StatementDocument {
  /** The month's statements, one per currency its ledgers moved in (almost always one). */
  statements: Statement[];
  guideName: string;
  commissions: CommissionLine[];
  payouts: PayoutLine[];
  operator: PrintedOperator;
  /** The invoice's number and day of issue (the first day after the month, Japan time). */
  invoiceNumber: string;
  issuedOn: { year: number; month: number; day: number };
  /**
   * The yen rate the invoice converts a yuan tax at, with its transfer day; null when there was none yet, or nothing is
   * in yuan.
   */
  yenRate: PayoutRate | null;
}

/** The page being written, the document and its reader's language, and the month it covers. */
export interface StatementPage {
  p: Sheet;
  doc: PDFKit.PDFDocument;
  d: StatementDocument;
  locale: Locale;
  s: StatementStrings;
  year: number;
  month: number;
}

export function statementPage(p: Sheet, d: StatementDocument, locale: Locale): StatementPage {
  const [year, month] = d.statements[0]!.month.split('-').map(Number) as [number, number];
  return { p, doc: p.doc, d, locale, s: STATEMENT_STRINGS[locale], year, month };
}

/** An amount in its own currency (decision 167), as the reader's language writes it. */
export const money = (c: StatementPage, minor: number, currency: Statement['currency']) =>
  formatMoney(minor, currency, c.locale);

const { INDIGO, INK, MUTED, RULE, TINT } = PDF_PALETTE;

/** A section's title and rule, kept on a page with what follows. */
export function section({ p, doc }: StatementPage, title: string): void {
  p.room(60);
  doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, LEFT, p.y, { lineBreak: false });
  p.y += 20;
  doc.moveTo(LEFT, p.y).lineTo(RIGHT, p.y).lineWidth(0.6).strokeColor(RULE).stroke();
  p.y += 8;
}

/** A label with its amount on the right, a note under it when given, on a tint when asked. */
export function row(
  { p, doc }: StatementPage,
  label: string,
  amount: string,
  opts: { strong?: boolean; note?: string; tint?: boolean } = {},
): void {
  doc.font('regular').fontSize(8);
  const noteHeight = opts.note ? doc.heightOfString(opts.note, { width: CONTENT_WIDTH - AMOUNT_W - 16 }) + 1 : 0;
  p.room(22 + noteHeight);
  if (opts.tint) doc.roundedRect(LEFT, p.y - 5, CONTENT_WIDTH, 26 + noteHeight, 6).fill(TINT);
  const font = opts.strong ? 'bold' : 'regular';
  doc
    .font(font)
    .fontSize(10.5)
    .fillColor(INK)
    .text(label, LEFT + 8, p.y, { width: CONTENT_WIDTH - AMOUNT_W - 16, lineBreak: false });
  doc.text(amount, RIGHT - AMOUNT_W - 8, p.y, { width: AMOUNT_W, align: 'right', lineBreak: false });
  p.y += 16;
  if (opts.note) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(opts.note, LEFT + 8, p.y - 1, { width: CONTENT_WIDTH - AMOUNT_W - 16 });
    p.y += noteHeight;
  }
  p.y += 7;
}
