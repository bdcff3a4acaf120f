import type { Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import { formatFen, formatMoney } from '../../../shared/money-format';
import { fenToYen } from '../../../shared/payout-yen';
import type { Statement } from '../../../shared/schemas/statements';
import { PDF_PALETTE } from '../booking-pdf/index';
import { AMOUNT_W, BOTTOM, CONTENT_WIDTH, lastDay, LEFT, PAGE, RIGHT, tokyoDay, type Sheet } from './sheet';
import type { StatementDocument, StatementPage } from './statement-page';
import { INVOICE_JA, STATEMENT_STRINGS } from './strings';

const { INDIGO, INK, MUTED, RULE, TINT } = PDF_PALETTE;

/**
 * An amount as the invoice's Japanese writes it: yuan as 人民元 (元 alone could be read as another
 * yuan), yen as Japan writes yen (decision 167).
 */
const inJapanese = (minor: number, currency: Currency) =>
  currency === 'JPY' ? formatMoney(minor, 'JPY', 'ja') : INVOICE_JA.money(formatFen(minor));

/** A Japanese reader needs no reading of the invoice's Japanese. */
const withReadings = (c: StatementPage) => c.locale !== 'ja';

/**
 * The qualified invoice (適格請求書) for the month's commission (decision 127), on a page of its own:
 * the statement is the guide's record, the invoice a tax document. Its legally required items stand
 * under their Japanese names with the reader's reading beside them. A month in yen is invoiced in yen,
 * its tax computed in yen and stated without a rate; a month in yuan states its tax in yen as well, at
 * the payouts' rate (decisions 142, 167).
 */
export function renderInvoice(c: StatementPage): void {
  particulars(c);
  items(c);
  totalsAndTax(c);
}

/** A new page, the title, and the invoice's particulars: number, day of issue, recipient, issuer, period. */
function particulars(c: StatementPage): void {
  const { p, doc, d, s, year, month } = c;
  const ja = INVOICE_JA;
  const readings = withReadings(c);
  p.footer();
  doc.addPage();
  p.y = PAGE.margin;
  doc.roundedRect(LEFT, p.y, CONTENT_WIDTH, 4, 2).fill(INDIGO);
  p.y += 14;
  doc.font('bold').fontSize(18).fillColor(INK).text(ja.title, LEFT, p.y, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(s.invoice.title, LEFT + 100, p.y + 6, { width: CONTENT_WIDTH - 100, align: 'right', lineBreak: false });
  p.y += 32;
  const LABEL_W = 222;
  const item = (jaLabel: string, reading: string, value: string, opts: { strong?: boolean } = {}) => {
    doc.font('bold').fontSize(10.5);
    const h = doc.heightOfString(value, { width: CONTENT_WIDTH - LABEL_W, lineGap: 2 });
    p.room(Math.max(h, 26) + 8);
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(INK)
      .text(jaLabel, LEFT, p.y, { width: LABEL_W - 10, lineGap: 1 });
    if (readings)
      doc
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(reading, LEFT, doc.y + 1, { width: LABEL_W - 10 });
    const labelBottom = doc.y;
    doc
      .font(opts.strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, LEFT + LABEL_W, p.y, { width: CONTENT_WIDTH - LABEL_W, lineGap: 2 });
    p.y = Math.max(labelBottom, doc.y) + 8;
  };
  item(ja.number, s.invoice.number, d.invoiceNumber);
  item(ja.issued, s.invoice.issued, ja.date_(d.issuedOn.year, d.issuedOn.month, d.issuedOn.day));
  item(ja.recipient, s.invoice.recipient, `${d.guideName} ${ja.honorific}`, { strong: true });
  item(
    ja.issuer,
    `${s.invoice.issuer} · ${s.invoice.registration}`,
    `${d.operator.name}\n${ja.registration} ${d.operator.invoiceNumber}\n${d.operator.address}`,
    { strong: true },
  );
  item(ja.period, s.invoice.period, ja.range(year, month, lastDay(year, month)));
  p.y += 4;
}

/**
 * The items: one line per booking whose commission the platform kept this month, in its currency; the head again on
 * each new page.
 */
function items(c: StatementPage): void {
  const { p, doc, d, s } = c;
  const ja = INVOICE_JA;
  const readings = withReadings(c);
  const DATE_W = 110;
  const header = () => {
    p.room(40);
    doc.rect(LEFT, p.y - 4, CONTENT_WIDTH, 30).fill(TINT);
    doc.font('bold').fontSize(8.5).fillColor(INK);
    doc.text(ja.date, LEFT + 6, p.y, { width: DATE_W - 6, lineBreak: false });
    doc.text(ja.item, LEFT + DATE_W, p.y, { width: CONTENT_WIDTH - DATE_W - AMOUNT_W, lineBreak: false });
    doc.text(ja.amount, RIGHT - AMOUNT_W - 6, p.y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    if (readings) {
      doc.font('regular').fontSize(7).fillColor(MUTED);
      doc.text(s.invoice.date, LEFT + 6, p.y + 12, { width: DATE_W - 6, lineBreak: false });
      doc.text(s.invoice.item, LEFT + DATE_W, p.y + 12, { width: CONTENT_WIDTH - DATE_W - AMOUNT_W, lineBreak: false });
      doc.text(s.invoice.amount, RIGHT - AMOUNT_W - 6, p.y + 12, { width: AMOUNT_W, align: 'right', lineBreak: false });
    }
    p.y += 32;
  };
  header();
  if (d.commissions.length === 0) {
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(s.invoice.noItems, LEFT + 6, p.y, { lineBreak: false });
    p.y += 20;
  }
  for (const line of d.commissions) {
    if (p.y + 18 > BOTTOM) {
      p.room(BOTTOM);
      header();
    }
    const day = tokyoDay(line.at);
    doc.font('regular').fontSize(9.5).fillColor(INK);
    doc.text(ja.date_(day.year, day.month, day.day), LEFT + 6, p.y, { width: DATE_W - 6, lineBreak: false });
    doc.text(ja.itemText(line.bookingNumber), LEFT + DATE_W, p.y, {
      width: CONTENT_WIDTH - DATE_W - AMOUNT_W,
      lineBreak: false,
    });
    doc.text(inJapanese(line.amountCents, line.currency), RIGHT - AMOUNT_W - 6, p.y, {
      width: AMOUNT_W,
      align: 'right',
      lineBreak: false,
    });
    p.y += 16;
    doc
      .moveTo(LEFT, p.y - 3)
      .lineTo(RIGHT, p.y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }
  p.y += 6;
}

/**
 * One total and one tax per rate (there is one rate: the standard 10 %) and per currency: yen and
 * yuan are never added together, so a month in both (a guide who changed currency) has two. Then
 * what each currency's amounts are.
 */
function totalsAndTax(c: StatementPage): void {
  const { p, doc, d, s, locale } = c;
  const ja = INVOICE_JA;
  const readings = withReadings(c);
  const several = d.statements.length > 1;
  for (const st of d.statements) {
    if (several) {
      p.room(110);
      p.y += 8;
      doc.font('bold').fontSize(9.5).fillColor(INDIGO).text(ja.part[st.currency], LEFT, p.y, { lineBreak: false });
      if (readings)
        doc
          .font('regular')
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(s.invoice.part[st.currency], LEFT + 160, p.y + 2, { width: CONTENT_WIDTH - 160, lineBreak: false });
      p.y += 18;
    }
    totals(p, st, locale, readings);
    if (st.currency === 'CNY') inYen(p, st, d.yenRate, locale);
    p.y += 6;
  }
  p.room(50);
  doc.font('regular').fontSize(8).fillColor(MUTED);
  for (const st of d.statements) {
    doc.text(ja.currencyNote[st.currency], LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
    if (readings) doc.text(s.invoice.currencyNote[st.currency], LEFT, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });
    p.y = doc.y + 6;
  }
}

/** The framed total and tax of one currency, each in it. */
function totals(p: Sheet, st: Statement, locale: Locale, readings: boolean): void {
  const { doc } = p;
  const s = STATEMENT_STRINGS[locale];
  const rate = st.commission.taxRatePercent;
  const line = (jaLabel: string, reading: string, minor: number) => {
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(jaLabel, LEFT + 6, p.y, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    doc.fontSize(11).text(inJapanese(minor, st.currency), RIGHT - AMOUNT_W - 6, p.y - 1, {
      width: AMOUNT_W,
      align: 'right',
      lineBreak: false,
    });
    if (readings)
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(reading, LEFT + 6, p.y + 13, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    p.y += 30;
  };
  p.room(70);
  doc
    .rect(LEFT, p.y - 6, CONTENT_WIDTH, 64)
    .lineWidth(0.8)
    .strokeColor(INDIGO)
    .stroke();
  line(INVOICE_JA.total(rate), s.invoice.total(rate), st.commission.totalCents);
  line(INVOICE_JA.tax(rate), s.invoice.tax(rate), st.commission.taxCents);
  p.y += 8;
}

/**
 * A yuan tax in yen as well (decision 142): Japan's invoice rule asks, for a consideration in a
 * foreign currency, for the tax in yen and the rate it was converted at. Without a rate, it says so.
 */
function inYen(p: Sheet, st: Statement, rated: StatementDocument['yenRate'], locale: Locale): void {
  const { doc } = p;
  const s = STATEMENT_STRINGS[locale];
  const ja = INVOICE_JA;
  const rate = st.commission.taxRatePercent;
  p.room(70);
  if (rated) {
    const [ry, rm, rd] = rated.transferDate.split('-').map(Number) as [number, number, number];
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(ja.taxYen(rate), LEFT + 6, p.y, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    doc
      .fontSize(11)
      .text(
        formatMoney(fenToYen(st.commission.taxCents, rated.jpyPerCny), 'JPY', 'ja'),
        RIGHT - AMOUNT_W - 6,
        p.y - 1,
        { width: AMOUNT_W, align: 'right', lineBreak: false },
      );
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(s.invoice.taxYen, LEFT + 6, p.y + 13, { width: CONTENT_WIDTH - AMOUNT_W - 12, lineBreak: false });
    p.y += 30;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(INK)
      .text(ja.rate(rated.jpyPerCny, ry, rm, rd), LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
    doc
      .fillColor(MUTED)
      .text(s.invoice.rate(rated.jpyPerCny, s.day(ry, rm, rd)), LEFT, doc.y + 2, { width: CONTENT_WIDTH, lineGap: 1 });
  } else {
    doc.font('regular').fontSize(8).fillColor(INK).text(ja.noRate, LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
    doc.fillColor(MUTED).text(s.invoice.noRate, LEFT, doc.y + 2, { width: CONTENT_WIDTH, lineGap: 1 });
  }
  p.y = doc.y + 10;
}
