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
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;

const dateOf = (iso: string, s: ReceiptStrings) =>
  new Intl.DateTimeFormat(s.intl, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' }).format(
    new Date(iso),
  );
/** A calendar day (YYYY-MM-DD), the same everywhere: read in UTC so it never shifts. */
const dayOf = (day: string, s: ReceiptStrings) =>
  new Intl.DateTimeFormat(s.intl, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** What the money was for, in the receipt's language. */
export function purposeOf(r: Receipt, s: ReceiptStrings): string {
  if (r.kind === 'credit_note') return s.refundOf(r.receiptNumber ?? '');
  return s[r.paymentKind](r.bookingNumber);
}

export const methodOf = (r: Receipt, s: ReceiptStrings): string =>
  r.method === 'card' && r.cardLast4 ? s.cardEnding(r.cardLast4) : s.methods[r.method];

/** What every section draws with: the document, the receipt and its reader's language, and where the next line goes. */
interface ReceiptPage {
  doc: PDFKit.PDFDocument;
  r: Receipt;
  lang: ReceiptLanguage;
  s: ReceiptStrings;
  credit: boolean;
  /** The amount in the payment's currency; a credit note's with its minus. */
  amount: string;
  y: number;
}

export async function renderReceiptPdf(r: Receipt, lang: ReceiptLanguage, now: Date = new Date()): Promise<Buffer> {
  const s = RECEIPT_STRINGS[lang];
  const credit = r.kind === 'credit_note';
  const title = credit ? s.creditNote : s.receipt;
  const { doc, done } = await openPdf({
    margin: PAGE.margin,
    lang,
    info: {
      Title: `${title} ${r.number}`,
      Author: r.operator.name,
      Subject: title,
      Creator: s.brand,
      Producer: s.brand,
      CreationDate: now,
    },
  });
  const c: ReceiptPage = {
    doc,
    r,
    lang,
    s,
    credit,
    amount: `${credit ? '−' : ''}${s.money(r.amountCents, r.currency)}`,
    y: PAGE.margin,
  };
  heading(c, title);
  if (r.supersededBy) superseded(c, r.supersededBy);
  addressee(c);
  amountBox(c);
  details(c);
  if (!credit && r.inPersonCents > 0) inPerson(c);
  paidWith(c);
  issuer(c);
  footer(c);
  doc.end();
  return done;
}

/** A section's title and its rule. */
function sectionTitle(c: ReceiptPage, title: string): void {
  const { doc } = c;
  doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, LEFT, c.y);
  c.y = doc.y + 4;
  doc.moveTo(LEFT, c.y).lineTo(RIGHT, c.y).lineWidth(0.6).strokeColor(RULE).stroke();
  c.y += 8;
}

/** A label (which may wrap) and its value on the right. */
function row(c: ReceiptPage, label: string, value: string, opts: { bold?: boolean; muted?: boolean } = {}): void {
  const { doc } = c;
  doc
    .font(opts.bold ? 'bold' : 'regular')
    .fontSize(10.5)
    .fillColor(opts.muted ? MUTED : INK);
  const h = doc.heightOfString(label, { width: WIDTH - 150 });
  doc.text(label, LEFT, c.y, { width: WIDTH - 150 });
  doc.text(value, RIGHT - 140, c.y, { width: 140, align: 'right', lineBreak: false });
  c.y += Math.max(h, 14) + 8;
}

/**
 * The title (with the Japanese one under it: the document is a Japanese business's), the number and the day of issue.
 */
function heading(c: ReceiptPage, title: string): void {
  const { doc, s, r, lang, credit } = c;
  const jaTitle = lang === 'ja' ? '' : credit ? RECEIPT_STRINGS.ja.creditNote : RECEIPT_STRINGS.ja.receipt;
  doc
    .font('bold')
    .fontSize(24)
    .fillColor(credit ? VERMILION : INDIGO)
    .text(title, LEFT, 56, { width: WIDTH, align: 'center' });
  if (jaTitle)
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(MUTED)
      .text(jaTitle, LEFT, doc.y + 2, { width: WIDTH, align: 'center' });
  c.y = 124;
  doc.font('regular').fontSize(10).fillColor(INK);
  doc.text(`${s.number}${s.colon}${r.number}`, LEFT, c.y, { width: WIDTH, align: 'right' });
  doc.text(`${s.issued}${s.colon}${dateOf(r.issuedAt, s)}`, LEFT, c.y + 15, { width: WIDTH, align: 'right' });
}

/** A receipt a trip change replaced says so, and by which (decision 204), above everything it certifies. */
function superseded(c: ReceiptPage, by: string): void {
  const { doc, s } = c;
  c.y += 36;
  doc.font('bold').fontSize(10.5).fillColor(VERMILION).text(s.supersededBy(by), LEFT, c.y, { width: WIDTH });
  c.y = doc.y - 20;
}

/** Who the receipt is made out to (宛名), underlined. */
function addressee(c: ReceiptPage): void {
  const { doc, s, r } = c;
  c.y += 44;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(s.addressee(r.addressee), LEFT, c.y, { width: WIDTH * 0.7 });
  c.y = doc.y + 4;
  doc
    .moveTo(LEFT, c.y)
    .lineTo(LEFT + WIDTH * 0.7, c.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
}

/** The amount received or refunded in its box, and what it was for. */
function amountBox(c: ReceiptPage): void {
  const { doc, s, r, credit, amount } = c;
  c.y += 24;
  doc.rect(LEFT, c.y, WIDTH, 56).fill(TINT);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(credit ? s.amountRefunded : s.amountReceived, LEFT + 16, c.y + 21, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(amount, LEFT, c.y + 14, { width: WIDTH - 16, align: 'right', lineBreak: false });
  c.y += 68;
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(INK)
    .text(`${s.forLabel}${s.colon}${purposeOf(r, s)}`, LEFT, c.y, { width: WIDTH });
  c.y = doc.y + 18;
}

/** The details: the payment's line, the total, and the tour it is for. */
function details(c: ReceiptPage): void {
  const { doc, s, r, lang, amount } = c;
  sectionTitle(c, s.lines);
  row(c, purposeOf(r, s), amount);
  doc
    .moveTo(LEFT, c.y - 3)
    .lineTo(RIGHT, c.y - 3)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  c.y += 4;
  row(c, s.total, amount, { bold: true });
  if (r.tour) {
    // The tour the payment is for, as the booking PDF writes it (decision 179): "3 天 × 8 小时" and the group on its own.
    const t = r.tour;
    c.y += 4;
    const note = (label: string, value: string) => {
      doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, LEFT, c.y, { width: 80, lineBreak: false });
      doc.fillColor(INK).text(value, LEFT + 80, c.y, { width: WIDTH - 80 });
      c.y = doc.y + 4;
    };
    note(
      s.tour,
      `${tourLengthText(t.days, t.hoursEachDay, lang)} · ${dateRangeText(t.date, addDays(t.date, t.days - 1), lang)}`,
    );
    note(s.group, groupWords(t, lang));
  }
}

/** What is owed to the guide in person: listed apart and outside the total, since the platform does not receive it. */
function inPerson(c: ReceiptPage): void {
  const { doc, s, r, lang } = c;
  c.y += 6;
  // In the booking's (the guide's) currency, which the guide is paid in, the payment's beside (decision 179).
  const about = (cents: number, other: number | null) =>
    formatWithAbout(
      { minor: cents, currency: r.inPersonCurrency },
      other === null ? null : { minor: other, currency: r.currency },
      lang,
      s.money,
    );
  // The amount beside the label when both fit on the line, else under it to the right.
  const label = s.inPerson(r.tour?.guideName ?? '');
  const owed = about(r.inPersonCents, r.inPersonAboutCents ?? null);
  doc.font('regular').fontSize(10.5).fillColor(MUTED);
  const beside = doc.widthOfString(label) + doc.widthOfString(owed) + 16 <= WIDTH;
  doc.text(label, LEFT, c.y, { width: WIDTH, lineBreak: false });
  if (!beside) c.y += 15;
  doc.text(owed, LEFT, c.y, { width: WIDTH, align: 'right', lineBreak: false });
  c.y += 19;
  const days = r.inPersonOn ?? [];
  doc.font('regular').fontSize(9.5).fillColor(INK);
  if (days.length === 1) {
    doc.text(s.inPersonOnDay(dayOf(days[0]!.date, s)), LEFT, c.y, { width: WIDTH });
    c.y = doc.y + 4;
  } else if (days.length > 1) {
    doc.text(s.inPersonEachDay, LEFT, c.y, { width: WIDTH });
    c.y = doc.y + 2;
    // Days in a row with the same share on one line: a week still takes two lines.
    for (const run of sameShareRuns(days, (p, q) => p.cents === q.cents && p.aboutCents === q.aboutCents)) {
      const [a, b] = [run[0]!, run[run.length - 1]!];
      const dayLabel =
        run.length === 1
          ? s.dayShare(a.day, dayOf(a.date, s))
          : s.dayShares(a.day, b.day, dateRangeText(a.date, b.date, lang));
      doc.text(dayLabel, LEFT + 12, c.y, { width: WIDTH - 12, lineBreak: false });
      doc.text(about(a.cents, a.aboutCents), LEFT, c.y, { width: WIDTH, align: 'right', lineBreak: false });
      c.y += 13;
    }
    c.y += 2;
  }
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.inPersonNote, LEFT, c.y, { width: WIDTH });
  c.y = doc.y + 6;
}

/** The booking's rate when paid in another currency, then how and when it was paid or refunded. */
function paidWith(c: ReceiptPage): void {
  const { doc, s, r, credit } = c;
  if (r.rate) {
    // Paid in another currency than the booking's (decision 164): the rate the booking was fixed at.
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(s.rate(r.rate.jpyPerCny, dayOf(r.rate.asOf, s)), LEFT, c.y, { width: WIDTH });
    c.y = doc.y + 8;
  }
  c.y += 8;
  row(c, s.method, methodOf(r, s));
  row(c, credit ? s.refundedOn : s.paidOn, dateOf(r.paidAt, s));
}

/** The issuer: the operator's name, address, contact and registration number; a demo operator says so. */
function issuer(c: ReceiptPage): void {
  const { doc, s, r } = c;
  c.y += 8;
  sectionTitle(c, s.issuer);
  doc.font('bold').fontSize(11).fillColor(INK).text(r.operator.name, LEFT, c.y, { width: WIDTH });
  doc.font('regular').fontSize(9.5).fillColor(INK);
  doc.text(r.operator.address, { width: WIDTH });
  doc.text(`${r.operator.phone} · ${r.operator.email}`, { width: WIDTH });
  doc.text(`${s.registration}${s.colon}${r.operator.invoiceNumber}`, { width: WIDTH });
  c.y = doc.y + 8;
  if (r.operator.fake) {
    doc.font('bold').fontSize(10).fillColor(VERMILION).text(s.fake, LEFT, c.y, { width: WIDTH });
    c.y = doc.y + 10;
  }
}

/** Not a fapiao, and the document's number. */
function footer({ doc, s, r }: ReceiptPage): void {
  const footerY = PAGE.height - PAGE.margin - 24;
  doc
    .moveTo(LEFT, footerY - 8)
    .lineTo(RIGHT, footerY - 8)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(s.notFapiao, LEFT, footerY, { width: WIDTH - 100 });
  doc.text(r.number, RIGHT - 90, footerY, { width: 90, align: 'right', lineBreak: false });
}
