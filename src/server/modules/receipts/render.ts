import { addDays } from '../../../shared/availability';
import { groupWords } from '../../../shared/booking/group-words';
import { sameShareRuns } from '../../../shared/booking/in-person';
import { dateRangeText } from '../../../shared/booking/span-text';
import { tourLengthText } from '../../../shared/booking/tour-length';
import { formatWithAbout } from '../../../shared/money-format';
import type { Receipt, ReceiptLanguage } from '../../../shared/schemas/receipts';
import { openPdf, PDF_PALETTE } from '../booking-pdf/index';
import { RECEIPT_STRINGS, type ReceiptStrings } from './strings';

/**
 * A receipt or credit note as a one-page A4 PDF (decision 125), set like the booking PDF in its
 * language's faces (decision 174), embedded as subsets with ToUnicode maps, so its text can be
 * searched and copied. Dates are Japan's: the issuer is a Japanese business.
 */

const { INDIGO, VERMILION, INK, MUTED, RULE, TINT } = PDF_PALETTE;

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const WIDTH = PAGE.width - 2 * PAGE.margin;

const dateOf = (iso: string, s: ReceiptStrings) =>
  new Intl.DateTimeFormat(s.intl, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
/** A calendar day (YYYY-MM-DD), the same everywhere: read in UTC so it never shifts. */
const dayOf = (day: string, s: ReceiptStrings) => new Intl.DateTimeFormat(s.intl, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** What the money was for, in the receipt's language. */
export function purposeOf(r: Receipt, s: ReceiptStrings): string {
  if (r.kind === 'credit_note') return s.refundOf(r.receiptNumber ?? '');
  return s[r.paymentKind](r.bookingNumber);
}

export const methodOf = (r: Receipt, s: ReceiptStrings): string => (r.method === 'card' && r.cardLast4 ? s.cardEnding(r.cardLast4) : s.methods[r.method]);

export async function renderReceiptPdf(r: Receipt, lang: ReceiptLanguage, now: Date = new Date()): Promise<Buffer> {
  const s = RECEIPT_STRINGS[lang];
  const credit = r.kind === 'credit_note';
  const title = credit ? s.creditNote : s.receipt;
  // The Japanese title beside the reader's: the document is a Japanese business's.
  const jaTitle = lang === 'ja' ? '' : credit ? RECEIPT_STRINGS.ja.creditNote : RECEIPT_STRINGS.ja.receipt;
  // The amount in the payment's currency; a credit note's with its minus.
  const amount = `${credit ? '−' : ''}${s.money(r.amountCents, r.currency)}`;
  const { doc, done } = await openPdf({ margin: PAGE.margin, lang, info: { Title: `${title} ${r.number}`, Author: r.operator.name, Subject: title, Creator: s.brand, Producer: s.brand, CreationDate: now } });
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  // ------------------------------------------------------------ title, number, date
  doc.font('bold').fontSize(24).fillColor(credit ? VERMILION : INDIGO).text(title, left, 56, { width: WIDTH, align: 'center' });
  if (jaTitle) doc.font('regular').fontSize(11).fillColor(MUTED).text(jaTitle, left, doc.y + 2, { width: WIDTH, align: 'center' });
  let y = 124;
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(`${s.number}${s.colon}${r.number}`, left, y, { width: WIDTH, align: 'right' });
  doc.text(`${s.issued}${s.colon}${dateOf(r.issuedAt, s)}`, left, y + 15, { width: WIDTH, align: 'right' });

  // ------------------------------------------------------------ addressee
  y += 44;
  doc.font('bold').fontSize(16).fillColor(INK).text(s.addressee(r.addressee), left, y, { width: WIDTH * 0.7 });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(left + WIDTH * 0.7, y).lineWidth(1).strokeColor(INK).stroke();

  // ------------------------------------------------------------ the amount
  y += 24;
  doc.rect(left, y, WIDTH, 56).fill(TINT);
  doc.font('regular').fontSize(11).fillColor(MUTED).text(credit ? s.amountRefunded : s.amountReceived, left + 16, y + 21, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(amount, left, y + 14, { width: WIDTH - 16, align: 'right', lineBreak: false });
  y += 68;
  doc.font('regular').fontSize(10.5).fillColor(INK).text(`${s.forLabel}${s.colon}${purposeOf(r, s)}`, left, y, { width: WIDTH });
  y = doc.y + 18;

  // ------------------------------------------------------------ details
  doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(s.lines, left, y);
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(RULE).stroke();
  y += 8;
  const row = (label: string, value: string, opts: { bold?: boolean; muted?: boolean } = {}) => {
    doc.font(opts.bold ? 'bold' : 'regular').fontSize(10.5).fillColor(opts.muted ? MUTED : INK);
    const h = doc.heightOfString(label, { width: WIDTH - 150 });
    doc.text(label, left, y, { width: WIDTH - 150 });
    doc.text(value, right - 140, y, { width: 140, align: 'right', lineBreak: false });
    y += Math.max(h, 14) + 8;
  };
  row(purposeOf(r, s), amount);
  doc.moveTo(left, y - 3).lineTo(right, y - 3).lineWidth(0.6).strokeColor(RULE).stroke();
  y += 4;
  row(s.total, amount, { bold: true });
  if (r.tour) {
    // The tour the payment is for, as the booking PDF writes it (decision 179): "3 天 × 8 小时" and the group on its own.
    const t = r.tour;
    y += 4;
    const note = (label: string, value: string) => {
      doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, left, y, { width: 80, lineBreak: false });
      doc.fillColor(INK).text(value, left + 80, y, { width: WIDTH - 80 });
      y = doc.y + 4;
    };
    note(s.tour, `${tourLengthText(t.days, t.hoursEachDay, lang)} · ${dateRangeText(t.date, addDays(t.date, t.days - 1), lang)}`);
    note(s.group, groupWords(t, lang));
  }
  if (!credit && r.inPersonCents > 0) {
    // Listed apart and outside the total: the platform does not receive it.
    y += 6;
    // In the booking's (the guide's) currency, which the guide is paid in, the payment's beside (decision 179).
    const about = (cents: number, other: number | null) => formatWithAbout({ minor: cents, currency: r.inPersonCurrency }, other === null ? null : { minor: other, currency: r.currency }, lang, s.money);
    // The amount beside the label when both fit on the line, else under it to the right.
    const label = s.inPerson(r.tour?.guideName ?? '');
    const owed = about(r.inPersonCents, r.inPersonAboutCents ?? null);
    doc.font('regular').fontSize(10.5).fillColor(MUTED);
    const beside = doc.widthOfString(label) + doc.widthOfString(owed) + 16 <= WIDTH;
    doc.text(label, left, y, { width: WIDTH, lineBreak: false });
    if (!beside) y += 15;
    doc.text(owed, left, y, { width: WIDTH, align: 'right', lineBreak: false });
    y += 19;
    const days = r.inPersonOn ?? [];
    doc.font('regular').fontSize(9.5).fillColor(INK);
    if (days.length === 1) {
      doc.text(s.inPersonOnDay(dayOf(days[0]!.date, s)), left, y, { width: WIDTH });
      y = doc.y + 4;
    } else if (days.length > 1) {
      doc.text(s.inPersonEachDay, left, y, { width: WIDTH });
      y = doc.y + 2;
      // Days in a row with the same share on one line: a week still takes two lines.
      for (const run of sameShareRuns(days, (p, q) => p.cents === q.cents && p.aboutCents === q.aboutCents)) {
        const [a, b] = [run[0]!, run[run.length - 1]!];
        const label = run.length === 1 ? s.dayShare(a.day, dayOf(a.date, s)) : s.dayShares(a.day, b.day, dateRangeText(a.date, b.date, lang));
        doc.text(label, left + 12, y, { width: WIDTH - 12, lineBreak: false });
        doc.text(about(a.cents, a.aboutCents), left, y, { width: WIDTH, align: 'right', lineBreak: false });
        y += 13;
      }
      y += 2;
    }
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.inPersonNote, left, y, { width: WIDTH });
    y = doc.y + 6;
  }
  if (r.rate) {
    // Paid in another currency than the booking's (decision 164): the rate the booking was fixed at.
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.rate(r.rate.jpyPerCny, dayOf(r.rate.asOf, s)), left, y, { width: WIDTH });
    y = doc.y + 8;
  }
  y += 8;
  row(s.method, methodOf(r, s));
  row(credit ? s.refundedOn : s.paidOn, dateOf(r.paidAt, s));

  // ------------------------------------------------------------ issuer
  y += 8;
  doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(s.issuer, left, y);
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(RULE).stroke();
  y += 8;
  doc.font('bold').fontSize(11).fillColor(INK).text(r.operator.name, left, y, { width: WIDTH });
  doc.font('regular').fontSize(9.5).fillColor(INK);
  doc.text(r.operator.address, { width: WIDTH });
  doc.text(`${r.operator.phone} · ${r.operator.email}`, { width: WIDTH });
  doc.text(`${s.registration}${s.colon}${r.operator.invoiceNumber}`, { width: WIDTH });
  y = doc.y + 8;
  if (r.operator.fake) {
    doc.font('bold').fontSize(10).fillColor(VERMILION).text(s.fake, left, y, { width: WIDTH });
    y = doc.y + 10;
  }

  // ------------------------------------------------------------ footer
  const footerY = PAGE.height - PAGE.margin - 24;
  doc.moveTo(left, footerY - 8).lineTo(right, footerY - 8).lineWidth(0.6).strokeColor(RULE).stroke();
  doc.font('regular').fontSize(8).fillColor(MUTED).text(s.notFapiao, left, footerY, { width: WIDTH - 100 });
  doc.text(r.number, right - 90, footerY, { width: 90, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
