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

/**
 * Each booking the commission was kept on, with its price, so the guide can check the sum against
 * their own bookings; the invoice's items are the same bookings.
 */
export function bookings(c: StatementPage): void {
  const { p, doc, d, s } = c;
  section(c, s.sectionBookings);
  const COL_W = 100;
  const cols = (
    date: string,
    booking: string,
    price: string,
    commission: string,
    font: 'regular' | 'bold',
    size: number,
    colour: string,
  ) => {
    doc.font(font).fontSize(size).fillColor(colour);
    doc.text(date, LEFT + 8, p.y, { width: 96, lineBreak: false });
    doc.text(booking, LEFT + 108, p.y, { width: CONTENT_WIDTH - 108 - 2 * COL_W - 8, lineBreak: false });
    doc.text(price, RIGHT - 2 * COL_W - 8, p.y, { width: COL_W, align: 'right', lineBreak: false });
    doc.text(commission, RIGHT - COL_W - 8, p.y, { width: COL_W, align: 'right', lineBreak: false });
  };
  if (d.commissions.length === 0) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(s.noBookings, LEFT + 8, p.y, { lineBreak: false });
    p.y += 22;
  } else {
    const h = s.bookingsHead;
    cols(h.date, h.booking, h.price, h.commission, 'bold', 8.5, MUTED);
    p.y += 16;
  }
  for (const line of d.commissions) {
    p.room(18);
    const day = tokyoDay(line.at);
    cols(
      s.day(day.year, day.month, day.day),
      line.bookingNumber,
      money(c, line.priceCents, line.currency),
      money(c, line.amountCents, line.currency),
      'regular',
      9.5,
      INK,
    );
    p.y += 16;
    doc
      .moveTo(LEFT, p.y - 3)
      .lineTo(RIGHT, p.y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }
  p.y += 10;
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
