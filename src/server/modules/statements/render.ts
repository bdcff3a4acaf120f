import type { Locale } from '../../../shared/locales';
import { formatFen, moneyFormat } from '../../../shared/money-format';
import type { Statement } from '../../../shared/schemas/statements';
import type { PrintedOperator } from '../../operator';
import { openPdf, PDF_PALETTE } from '../booking-pdf/index';
import type { CommissionLine, PayoutLine } from './statements.repository';
import { INVOICE_JA, STATEMENT_STRINGS } from './strings';

/**
 * A guide's monthly statement as an A4 PDF, followed by the qualified invoice (適格請求書) for the
 * month's commission (decision 127). Set in the booking PDF's Noto Sans SC (decision 065), which also
 * carries the kana and kanji of the invoice's Japanese, so the text can be searched and copied.
 */

export interface StatementDocument {
  statement: Statement;
  guideName: string;
  commissions: CommissionLine[];
  payouts: PayoutLine[];
  operator: PrintedOperator;
  /** The invoice's number and day of issue (the first day after the month, Japan time). */
  invoiceNumber: string;
  issuedOn: { year: number; month: number; day: number };
}

const { INDIGO, VERMILION, INK, MUTED, FAINT, RULE, TINT } = PDF_PALETTE;

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 30;

/** A day in Japan time. */
function tokyoDay(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + 9 * 3_600_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export async function renderStatementPdf(d: StatementDocument, locale: Locale): Promise<Buffer> {
  const s = STATEMENT_STRINGS[locale];
  const ja = INVOICE_JA;
  // Chinese and Japanese take full-width punctuation; a Japanese reader needs no reading of the invoice's Japanese.
  const cjk = locale !== 'en';
  const readings = locale !== 'ja';
  const [year, month] = d.statement.month.split('-').map(Number) as [number, number];
  const monthName = s.monthName(year, month);
  const issued = new Date(Date.UTC(d.issuedOn.year, d.issuedOn.month - 1, d.issuedOn.day));
  const { doc, done } = await openPdf({ margin: PAGE.margin, lang: locale, info: { Title: `${s.title} ${monthName} · ${ja.title} ${d.invoiceNumber}`, Author: s.brand, Subject: s.title, Creator: s.brand, Producer: s.brand, CreationDate: issued } });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const money = moneyFormat(locale).rmb;
  const rmbJa = (cents: number) => ja.money(formatFen(cents));
  let y = PAGE.margin;

  const footer = () => {
    const footerY = PAGE.height - PAGE.margin - 14;
    doc.moveTo(left, footerY - 8).lineTo(right, footerY - 8).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.font('regular').fontSize(7.5).fillColor(FAINT).text(s.footer, left, footerY, { width: CONTENT_WIDTH - 150, lineBreak: false });
    doc.text(`${d.statement.month} · ${d.invoiceNumber}`, right - 150, footerY, { width: 150, align: 'right', lineBreak: false });
  };
  /** A new page when `height` more would run into the footer. */
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    footer();
    doc.addPage();
    y = PAGE.margin;
  };
  const section = (title: string) => {
    room(60);
    doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, left, y, { lineBreak: false });
    y += 20;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(RULE).stroke();
    y += 8;
  };
  const AMOUNT_W = 150;
  const row = (label: string, cents: string, opts: { strong?: boolean; note?: string; tint?: boolean } = {}) => {
    doc.font('regular').fontSize(8);
    const noteHeight = opts.note ? doc.heightOfString(opts.note, { width: CONTENT_WIDTH - AMOUNT_W - 16 }) + 1 : 0;
    room(22 + noteHeight);
    if (opts.tint) doc.roundedRect(left, y - 5, CONTENT_WIDTH, 26 + noteHeight, 6).fill(TINT);
    const font = opts.strong ? 'bold' : 'regular';
    doc.font(font).fontSize(10.5).fillColor(INK).text(label, left + 8, y, { width: CONTENT_WIDTH - AMOUNT_W - 16, lineBreak: false });
    doc.text(cents, right - AMOUNT_W - 8, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += 16;
    if (opts.note) {
      doc.font('regular').fontSize(8).fillColor(MUTED).text(opts.note, left + 8, y - 1, { width: CONTENT_WIDTH - AMOUNT_W - 16 });
      y += noteHeight;
    }
    y += 7;
  };

  // ---------------------------------------------------------------- header
  doc.save().fillColor(VERMILION).rect(left, 52, 6, 26).fill().restore();
  doc.font('bold').fontSize(19).fillColor(INDIGO).text(s.brand, left + 14, 45, { lineBreak: false });
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.tagline, left + 14, 70, { lineBreak: false });
  doc.font('bold').fontSize(15).fillColor(INK).text(s.title, left, 46, { width: CONTENT_WIDTH, align: 'right' });
  doc.font('regular').fontSize(10).fillColor(MUTED).text(cjk ? `${monthName}（${s.japanTime}）` : `${monthName} (${s.japanTime})`, left, 69, { width: CONTENT_WIDTH, align: 'right' });
  doc.moveTo(left, 96).lineTo(right, 96).lineWidth(1.2).strokeColor(INDIGO).stroke();
  y = 110;
  const sep = cjk ? '：' : ': ';
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${s.guide}${sep}`, left, y, { continued: true }).font('bold').fillColor(INK).text(d.guideName);
  y += 16;
  doc.font('regular').fontSize(10).fillColor(MUTED).text(`${s.period}${sep}`, left, y, { continued: true }).fillColor(INK).text(s.range(year, month, lastDay(year, month)));
  y += 28;

  // ---------------------------------------------------------------- summary
  const st = d.statement;
  section(s.sectionSummary);
  row(s.opening, money(st.openingBalanceCents));
  row(s.earnings, money(st.earningsCents), { note: s.earningsNote });
  row(s.payouts, st.payoutsCents ? `−${money(st.payoutsCents)}` : money(0));
  row(s.closing, money(st.closingBalanceCents), { strong: true, tint: true });
  y += 6;
  row(s.commission, money(st.commission.totalCents), { note: s.commissionNote(st.commission.bookings) });
  row(s.commissionTax(st.commission.taxRatePercent), money(st.commission.taxCents));
  y += 8;

  // ---------------------------------------------------------------- payouts
  section(s.sectionPayouts);
  if (d.payouts.length === 0) {
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(s.noPayouts, left + 8, y, { lineBreak: false });
    y += 22;
  }
  for (const p of d.payouts) {
    const day = tokyoDay(p.at);
    row(`${s.day(day.year, day.month, day.day)} · ${s.methods[p.method]}`, money(p.amountCents));
  }

  // ---------------------------------------------------------------- the qualified invoice
  // On a page of its own: the statement is the guide's record, the invoice a tax document. Its legally
  // required items stand under their Japanese names with the reader's reading beside them.
  footer();
  doc.addPage();
  y = PAGE.margin;
  doc.roundedRect(left, y, CONTENT_WIDTH, 4, 2).fill(INDIGO);
  y += 14;
  doc.font('bold').fontSize(18).fillColor(INK).text(ja.title, left, y, { lineBreak: false });
  doc.font('regular').fontSize(9).fillColor(MUTED).text(s.invoice.title, left + 100, y + 6, { width: CONTENT_WIDTH - 100, align: 'right', lineBreak: false });
  y += 32;
  const LABEL_W = 222;
  const item = (jaLabel: string, reading: string, value: string, opts: { strong?: boolean } = {}) => {
    doc.font('bold').fontSize(10.5);
    const h = doc.heightOfString(value, { width: CONTENT_WIDTH - LABEL_W, lineGap: 2 });
    room(Math.max(h, 26) + 8);
    doc.font('regular').fontSize(8.5).fillColor(INK).text(jaLabel, left, y, { width: LABEL_W - 10, lineGap: 1 });
    if (readings) doc.fontSize(7.5).fillColor(MUTED).text(reading, left, doc.y + 1, { width: LABEL_W - 10 });
    const labelBottom = doc.y;
    doc.font(opts.strong ? 'bold' : 'regular').fontSize(10.5).fillColor(INK).text(value, left + LABEL_W, y, { width: CONTENT_WIDTH - LABEL_W, lineGap: 2 });
    y = Math.max(labelBottom, doc.y) + 8;
  };
  item(ja.number, s.invoice.number, d.invoiceNumber);
  item(ja.issued, s.invoice.issued, ja.date_(d.issuedOn.year, d.issuedOn.month, d.issuedOn.day));
  item(ja.recipient, s.invoice.recipient, `${d.guideName} ${ja.honorific}`, { strong: true });
  item(ja.issuer, `${s.invoice.issuer} · ${s.invoice.registration}`, `${d.operator.name}\n${ja.registration} ${d.operator.invoiceNumber}\n${d.operator.address}`, { strong: true });
  item(ja.period, s.invoice.period, ja.range(year, month, lastDay(year, month)));
  y += 4;

  // The items: one line per booking whose commission the platform kept this month.
  const DATE_W = 110;
  const header = () => {
    room(40);
    doc.rect(left, y - 4, CONTENT_WIDTH, 30).fill(TINT);
    doc.font('bold').fontSize(8.5).fillColor(INK);
    doc.text(ja.date, left + 6, y, { width: DATE_W - 6, lineBreak: false });
    doc.text(ja.item, left + DATE_W, y, { width: CONTENT_WIDTH - DATE_W - AMOUNT_W, lineBreak: false });
    doc.text(ja.amount, right - AMOUNT_W - 6, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    if (readings) {
      doc.font('regular').fontSize(7).fillColor(MUTED);
      doc.text(s.invoice.date, left + 6, y + 12, { width: DATE_W - 6, lineBreak: false });
      doc.text(s.invoice.item, left + DATE_W, y + 12, { width: CONTENT_WIDTH - DATE_W - AMOUNT_W, lineBreak: false });
      doc.text(s.invoice.amount, right - AMOUNT_W - 6, y + 12, { width: AMOUNT_W, align: 'right', lineBreak: false });
    }
    y += 32;
  };
  header();
  if (d.commissions.length === 0) {
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(s.invoice.noItems, left + 6, y, { lineBreak: false });
    y += 20;
  }
  for (const line of d.commissions) {
    if (y + 18 > BOTTOM) {
      room(BOTTOM);
      header();
    }
    const day = tokyoDay(line.at);
    doc.font('regular').fontSize(9.5).fillColor(INK);
    doc.text(ja.date_(day.year, day.month, day.day), left + 6, y, { width: DATE_W - 6, lineBreak: false });
    doc.text(ja.itemText(line.bookingNumber), left + DATE_W, y, { width: CONTENT_WIDTH - DATE_W - AMOUNT_W, lineBreak: false });
    doc.text(rmbJa(line.amountCents), right - AMOUNT_W - 6, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += 16;
    doc.moveTo(left, y - 3).lineTo(right, y - 3).lineWidth(0.4).strokeColor(RULE).stroke();
  }
  y += 6;

  // One total and one tax per rate (there is one rate: the standard 10 %).
  const rate = st.commission.taxRatePercent;
  const total = (jaLabel: string, reading: string, cents: number) => {
    room(34);
    doc.font('bold').fontSize(9.5).fillColor(INK).text(jaLabel, left + 6, y, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    doc.fontSize(11).text(rmbJa(cents), right - AMOUNT_W - 6, y - 1, { width: AMOUNT_W, align: 'right', lineBreak: false });
    if (readings) doc.font('regular').fontSize(7.5).fillColor(MUTED).text(reading, left + 6, y + 13, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    y += 30;
  };
  room(70);
  doc.rect(left, y - 6, CONTENT_WIDTH, 64).lineWidth(0.8).strokeColor(INDIGO).stroke();
  total(ja.total(rate), s.invoice.total(rate), st.commission.totalCents);
  total(ja.tax(rate), s.invoice.tax(rate), st.commission.taxCents);
  y += 8;
  room(50);
  doc.font('regular').fontSize(8).fillColor(MUTED).text(ja.currencyNote, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
  if (readings) doc.text(s.invoice.currencyNote, left, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });

  footer();
  doc.end();
  return done;
}
