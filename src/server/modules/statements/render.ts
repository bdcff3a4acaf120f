import type { Locale } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money-format';
import type { Statement } from '../../../shared/schemas/statements';
import type { PayoutRate } from '../../../shared/schemas/wallet';
import type { PrintedOperator } from '../../operator';
import { openPdf, PDF_PALETTE } from '../booking-pdf/index';
import { renderInvoice } from './render-invoice';
import { AMOUNT_W, CONTENT_WIDTH, lastDay, LEFT, PAGE, RIGHT, sheet, tokyoDay } from './sheet';
import type { CommissionLine, PayoutLine } from './statements.repository';
import { INVOICE_JA, STATEMENT_STRINGS } from './strings';

/**
 * A guide's monthly statement as an A4 PDF, followed by the qualified invoice (適格請求書) for the
 * month's commission (decision 127). Set in the booking PDF's faces for its language (decision 174;
 * Noto Sans SC also carries the kana and kanji of the invoice's Japanese in a Chinese or English
 * statement), so the text can be searched and copied. Every amount is written in its own currency
 * (decision 167): a yen guide's in yen.
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
  /** The yen rate the invoice converts a yuan tax at, with its transfer day; null when there was none yet, or nothing is in yuan. */
  yenRate: PayoutRate | null;
}

const { INDIGO, VERMILION, INK, MUTED, RULE, TINT } = PDF_PALETTE;

export async function renderStatementPdf(d: StatementDocument, locale: Locale): Promise<Buffer> {
  const s = STATEMENT_STRINGS[locale];
  const ja = INVOICE_JA;
  // Chinese and Japanese take full-width punctuation.
  const cjk = locale !== 'en';
  const month0 = d.statements[0]!.month;
  const [year, month] = month0.split('-').map(Number) as [number, number];
  const monthName = s.monthName(year, month);
  const issued = new Date(Date.UTC(d.issuedOn.year, d.issuedOn.month - 1, d.issuedOn.day));
  const { doc, done } = await openPdf({ margin: PAGE.margin, lang: locale, info: { Title: `${s.title} ${monthName} · ${ja.title} ${d.invoiceNumber}`, Author: s.brand, Subject: s.title, Creator: s.brand, Producer: s.brand, CreationDate: issued } });
  const p = sheet(doc, { left: s.footer, right: `${month0} · ${d.invoiceNumber}` });
  const left = LEFT;
  const right = RIGHT;
  const money = (minor: number, currency: Statement['currency']) => formatMoney(minor, currency, locale);

  const section = (title: string) => {
    p.room(60);
    doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, left, p.y, { lineBreak: false });
    p.y += 20;
    doc.moveTo(left, p.y).lineTo(right, p.y).lineWidth(0.6).strokeColor(RULE).stroke();
    p.y += 8;
  };
  const row = (label: string, amount: string, opts: { strong?: boolean; note?: string; tint?: boolean } = {}) => {
    doc.font('regular').fontSize(8);
    const noteHeight = opts.note ? doc.heightOfString(opts.note, { width: CONTENT_WIDTH - AMOUNT_W - 16 }) + 1 : 0;
    p.room(22 + noteHeight);
    if (opts.tint) doc.roundedRect(left, p.y - 5, CONTENT_WIDTH, 26 + noteHeight, 6).fill(TINT);
    const font = opts.strong ? 'bold' : 'regular';
    doc.font(font).fontSize(10.5).fillColor(INK).text(label, left + 8, p.y, { width: CONTENT_WIDTH - AMOUNT_W - 16, lineBreak: false });
    doc.text(amount, right - AMOUNT_W - 8, p.y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    p.y += 16;
    if (opts.note) {
      doc.font('regular').fontSize(8).fillColor(MUTED).text(opts.note, left + 8, p.y - 1, { width: CONTENT_WIDTH - AMOUNT_W - 16 });
      p.y += noteHeight;
    }
    p.y += 7;
  };

  // ---------------------------------------------------------------- header
  doc.save().fillColor(VERMILION).rect(left, 52, 6, 26).fill().restore();
  doc.font('bold').fontSize(19).fillColor(INDIGO).text(s.brand, left + 14, 45, { lineBreak: false });
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.tagline, left + 14, 70, { lineBreak: false });
  doc.font('bold').fontSize(15).fillColor(INK).text(s.title, left, 46, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('regular').fontSize(10).fillColor(MUTED).text(cjk ? `${monthName}（${s.japanTime}）` : `${monthName} (${s.japanTime})`, left, 69, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveTo(left, 96).lineTo(right, 96).lineWidth(1.2).strokeColor(INDIGO).stroke();
  p.y = 110;
  const sep = cjk ? '：' : ': ';
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${s.guide}${sep}`, left, p.y, { continued: true }).font('bold').fillColor(INK).text(d.guideName);
  p.y += 16;
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${s.period}${sep}`, left, p.y, { continued: true }).fillColor(INK).text(s.range(year, month, lastDay(year, month)));
  p.y += 28;

  // ---------------------------------------------------------------- summary
  // One summary per currency, each adding up on its own; a month in one currency (the usual case)
  // names none, its unit being on every amount.
  section(s.sectionSummary);
  const several = d.statements.length > 1;
  for (const st of d.statements) {
    if (several) {
      p.room(40);
      doc.font('bold').fontSize(9.5).fillColor(MUTED).text(s.inCurrency[st.currency], left + 8, p.y, { lineBreak: false });
      p.y += 18;
    }
    const m = (minor: number) => money(minor, st.currency);
    row(s.opening, m(st.openingBalanceCents));
    row(s.earnings, m(st.earningsCents), { note: s.earningsNote });
    row(s.payouts, st.payoutsCents ? `−${m(st.payoutsCents)}` : m(0));
    row(s.closing, m(st.closingBalanceCents), { strong: true, tint: true });
    p.y += 6;
    row(s.commission, m(st.commission.totalCents), { note: s.commissionNote(st.commission.bookings) });
    row(s.commissionTax(st.commission.taxRatePercent), m(st.commission.taxCents));
    p.y += 8;
  }

  // ---------------------------------------------------------------- bookings
  // Each booking the commission was kept on, with its price, so the guide can check the sum against
  // their own bookings; the invoice's items below are the same bookings.
  section(s.sectionBookings);
  const COL_W = 100;
  const cols = (date: string, booking: string, price: string, commission: string, font: 'regular' | 'bold', size: number, colour: string) => {
    doc.font(font).fontSize(size).fillColor(colour);
    doc.text(date, left + 8, p.y, { width: 96, lineBreak: false });
    doc.text(booking, left + 108, p.y, { width: CONTENT_WIDTH - 108 - 2 * COL_W - 8, lineBreak: false });
    doc.text(price, right - 2 * COL_W - 8, p.y, { width: COL_W, align: 'right', lineBreak: false });
    doc.text(commission, right - COL_W - 8, p.y, { width: COL_W, align: 'right', lineBreak: false });
  };
  if (d.commissions.length === 0) {
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(s.noBookings, left + 8, p.y, { lineBreak: false });
    p.y += 22;
  } else {
    const h = s.bookingsHead;
    cols(h.date, h.booking, h.price, h.commission, 'bold', 8.5, MUTED);
    p.y += 16;
  }
  for (const line of d.commissions) {
    p.room(18);
    const day = tokyoDay(line.at);
    cols(s.day(day.year, day.month, day.day), line.bookingNumber, money(line.priceCents, line.currency), money(line.amountCents, line.currency), 'regular', 9.5, INK);
    p.y += 16;
    doc.moveTo(left, p.y - 3).lineTo(right, p.y - 3).lineWidth(0.4).strokeColor(RULE).stroke();
  }
  p.y += 10;

  // ---------------------------------------------------------------- payouts
  section(s.sectionPayouts);
  if (d.payouts.length === 0) {
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(s.noPayouts, left + 8, p.y, { lineBreak: false });
    p.y += 22;
  }
  for (const payout of d.payouts) {
    const day = tokyoDay(payout.at);
    row(`${s.day(day.year, day.month, day.day)} · ${s.methods[payout.method]}`, money(payout.amountCents, payout.currency));
  }

  // ---------------------------------------------------------------- the qualified invoice
  renderInvoice(p, d, locale, { year, month });

  p.footer();
  doc.end();
  return done;
}
