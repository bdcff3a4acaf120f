import { PDF_PALETTE } from '../booking-pdf/index';
import { CONTENT_WIDTH, lastDay, LEFT, RIGHT, tokyoDay } from './sheet';
import { money, row, section, type StatementPage } from './statement-page';

/** The statement's own sections, before the invoice's page: the header, the summary, the bookings, the payouts. */

const { INDIGO, VERMILION, INK, MUTED, RULE } = PDF_PALETTE;

/** The brand, the title and the month (Japan time), an indigo rule, then the guide and the period. */
export function header(c: StatementPage): void {
  const { p, doc, d, s, locale, year, month } = c;
  // Chinese and Japanese take full-width punctuation.
  const cjk = locale !== 'en';
  const monthName = s.monthName(year, month);
  doc.save().fillColor(VERMILION).rect(LEFT, 52, 6, 26).fill().restore();
  doc
    .font('bold')
    .fontSize(19)
    .fillColor(INDIGO)
    .text(s.brand, LEFT + 14, 45, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(s.tagline, LEFT + 14, 70, { lineBreak: false });
  doc.font('bold').fontSize(15).fillColor(INK).text(s.title, LEFT, 46, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(cjk ? `${monthName}（${s.japanTime}）` : `${monthName} (${s.japanTime})`, LEFT, 69, {
      width: CONTENT_WIDTH,
      align: 'right',
    });
  doc.moveTo(LEFT, 96).lineTo(RIGHT, 96).lineWidth(1.2).strokeColor(INDIGO).stroke();
  p.y = 110;
  const sep = cjk ? '：' : ': ';
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${s.guide}${sep}`, LEFT, p.y, { continued: true })
    .font('bold')
    .fillColor(INK)
    .text(d.guideName);
  p.y += 16;
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${s.period}${sep}`, LEFT, p.y, { continued: true })
    .fillColor(INK)
    .text(s.range(year, month, lastDay(year, month)));
  p.y += 28;
}

/**
 * One summary per currency, each adding up on its own; a month in one currency (the usual case)
 * names none, its unit being on every amount.
 */
export function summary(c: StatementPage): void {
  const { p, doc, d, s } = c;
  section(c, s.sectionSummary);
  const several = d.statements.length > 1;
  for (const st of d.statements) {
    if (several) {
      p.room(40);
      doc
        .font('bold')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(s.inCurrency[st.currency], LEFT + 8, p.y, { lineBreak: false });
      p.y += 18;
    }
    const m = (minor: number) => money(c, minor, st.currency);
    row(c, s.opening, m(st.openingBalanceCents));
    row(c, s.earnings, m(st.earningsCents), { note: s.earningsNote });
    row(c, s.payouts, st.payoutsCents ? `−${m(st.payoutsCents)}` : m(0));
    row(c, s.closing, m(st.closingBalanceCents), { strong: true, tint: true });
    p.y += 6;
    row(c, s.commission, m(st.commission.totalCents), { note: s.commissionNote(st.commission.bookings) });
    row(c, s.commissionTax(st.commission.taxRatePercent), m(st.commission.taxCents));
    p.y += 8;
  }
}

/** The bookings table's columns: the day, the booking, then five amounts right-aligned. */
const DAY_W = 78;
const NUMBER_W = 72;
const AMOUNT_COL = (CONTENT_WIDTH - 8 - DAY_W - NUMBER_W) / 5;

/** One row of the bookings table; the header's words may take two lines in a narrow column. */
function bookingRow(c: StatementPage, cells: string[], style: { bold: boolean; size: number; colour: string }): number {
  const { p, doc } = c;
  doc
    .font(style.bold ? 'bold' : 'regular')
    .fontSize(style.size)
    .fillColor(style.colour);
  const wrap = (text: string, x: number, width: number, align: 'left' | 'right') => {
    doc.text(text, x, p.y, { width, align });
    return doc.heightOfString(text, { width });
  };
  const heights = [
    wrap(cells[0]!, LEFT + 4, DAY_W - 4, 'left'),
    wrap(cells[1]!, LEFT + DAY_W, NUMBER_W, 'left'),
    ...cells.slice(2).map((text, i) => wrap(text, LEFT + DAY_W + NUMBER_W + i * AMOUNT_COL, AMOUNT_COL - 4, 'right')),
  ];
  return Math.max(...heights);
}

/**
 * Each booking of the month, whole (decision 196): her price, the commission, what was paid to her
 * wallet online, what she collected in person and what she earned in all, with the month's total; the
 * commissions are the invoice's items, and the online parts add up to the earnings credited.
 */
export function bookings(c: StatementPage): void {
  const { p, doc, d, s } = c;
  section(c, s.sectionBookings);
  const lines = d.statements.flatMap((st) => st.bookings.map((line) => ({ ...line, currency: st.currency })));
  if (lines.length === 0) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(s.noBookings, LEFT + 8, p.y, { lineBreak: false });
    p.y += 22;
    return;
  }
  const h = s.bookingsHead;
  p.y += bookingRow(c, [h.date, h.booking, h.price, h.commission, h.online, h.inPerson, h.earned], {
    bold: true,
    size: 7.5,
    colour: MUTED,
  });
  p.y += 4;
  const rule = () =>
    doc
      .moveTo(LEFT, p.y - 3)
      .lineTo(RIGHT, p.y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  for (const line of lines) {
    p.room(20);
    const day = tokyoDay(new Date(line.at));
    const m = (minor: number) => money(c, minor, line.currency);
    const cells = [line.priceCents, line.commissionCents, line.onlineCents, line.inPersonCents, line.earnedCents];
    p.y += bookingRow(c, [s.day(day.year, day.month, day.day), line.bookingNumber, ...cells.map(m)], {
      bold: false,
      size: 8,
      colour: INK,
    });
    p.y += 5;
    rule();
  }
  for (const st of d.statements) {
    if (st.bookings.length === 0) continue;
    p.room(20);
    const m = (minor: number) => money(c, minor, st.currency);
    const sum = (pick: (l: (typeof st.bookings)[number]) => number) => st.bookings.reduce((n, l) => n + pick(l), 0);
    p.y += bookingRow(
      c,
      [
        d.statements.length > 1 ? s.inCurrency[st.currency] : s.bookingsTotal,
        '',
        m(sum((l) => l.priceCents)),
        m(sum((l) => l.commissionCents)),
        m(sum((l) => l.onlineCents)),
        m(st.inPersonCents),
        m(st.earnedCents),
      ],
      { bold: true, size: 8, colour: INK },
    );
    p.y += 5;
  }
  p.room(30);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(s.inPersonNote, LEFT + 4, p.y, { width: CONTENT_WIDTH - 8 });
  p.y = doc.y + 12;
}

/** The payouts paid in the month, each with its day and method. */
export function payouts(c: StatementPage): void {
  const { p, doc, d, s } = c;
  section(c, s.sectionPayouts);
  if (d.payouts.length === 0) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(s.noPayouts, LEFT + 8, p.y, { lineBreak: false });
    p.y += 22;
  }
  for (const payout of d.payouts) {
    const day = tokyoDay(payout.at);
    row(
      c,
      `${s.day(day.year, day.month, day.day)} · ${s.methods[payout.method]}`,
      money(c, payout.amountCents, payout.currency),
    );
  }
}
