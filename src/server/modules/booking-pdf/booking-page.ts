import type { Locale } from '../../../shared/locales';
import type { Booking } from '../../../shared/schemas/bookings';
import { PDF_PALETTE } from './pdf-document';
import { PDF_STRINGS, type PdfStrings } from './strings';

/**
 * The booking PDF's page (render.ts draws it section by section, each in its own function): A4, a
 * running position `y`, the footer on every page and a new page when what comes next would run into
 * it, and the section title, label-and-value field and two-column row every section writes with.
 */

const { INDIGO, INK, MUTED, FAINT, RULE } = PDF_PALETTE;

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
const FOOTER_Y = PAGE.height - PAGE.margin - 14;

/** What every section draws with: the document, the booking and its reader's language, and where the next line goes. */
export interface BookingPage {
  doc: PDFKit.PDFDocument;
  b: Booking;
  locale: Locale;
  s: PdfStrings;
  /** Chinese and Japanese lines get the same extra leading and full-width punctuation. */
  cjk: boolean;
  /** The leading of a value's lines. */
  gap: number;
  /** The label column: Chinese labels are two characters; Japanese ones (郵便番号, 所要時間) need the English width. */
  labelW: number;
  y: number;
  /** Whose copy: the guide's gives money in her currency (decision 195). */
  reader: 'guide' | 'traveler';
}

export function bookingPage(
  doc: PDFKit.PDFDocument,
  b: Booking,
  locale: Locale,
  reader: BookingPage['reader'] = 'traveler',
): BookingPage {
  const cjk = locale !== 'en';
  return {
    doc,
    b,
    locale,
    s: PDF_STRINGS[locale],
    cjk,
    gap: cjk ? 3 : 2,
    labelW: locale === 'zh-CN' ? 44 : 62,
    y: PAGE.margin,
    reader,
  };
}

export function zoneLabel(timeZone: string, s: PdfStrings): string {
  return timeZone === 'Asia/Tokyo' ? s.japanTime : timeZone;
}

/** The footer of the page being written. */
export function footer({ doc, s, b }: BookingPage): void {
  doc
    .moveTo(LEFT, FOOTER_Y - 8)
    .lineTo(RIGHT, FOOTER_Y - 8)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(FAINT)
    .text(s.footer, LEFT, FOOTER_Y, { width: CONTENT_WIDTH - 90, lineBreak: false });
  doc.text(b.bookingNumber, RIGHT - 90, FOOTER_Y, { width: 90, align: 'right', lineBreak: false });
}

/** Room for `h` more points above the footer, else the footer and a new page. */
export function room(p: BookingPage, h: number): void {
  if (p.y + h <= FOOTER_Y - 12) return;
  footer(p);
  p.doc.addPage();
  p.y = PAGE.margin;
}

/** A section's title and rule, kept on a page with the section's first `first` points. */
export function section(p: BookingPage, title: string, first = 40): void {
  const { doc } = p;
  room(p, 28 + first);
  doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, LEFT, p.y, { lineBreak: false });
  p.y += 20;
  doc.moveTo(LEFT, p.y).lineTo(RIGHT, p.y).lineWidth(0.6).strokeColor(RULE).stroke();
  p.y += 8;
}

/** A label and its value across the page; the value may wrap, or be a link. */
export function field(
  p: BookingPage,
  label: string,
  value: string,
  opts: { strong?: boolean; link?: string } = {},
): void {
  const { doc, labelW, gap } = p;
  const valueWidth = CONTENT_WIDTH - labelW;
  doc.font(opts.strong ? 'bold' : 'regular').fontSize(10.5);
  const h = Math.max(doc.heightOfString(value, { width: valueWidth, lineGap: gap }), 14);
  room(p, h);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(label, LEFT, p.y + 1, { width: labelW - 10, lineBreak: false });
  doc
    .font(opts.strong ? 'bold' : 'regular')
    .fontSize(10.5)
    .fillColor(opts.link ? INDIGO : INK)
    .text(value, LEFT + labelW, p.y, {
      width: valueWidth,
      lineGap: gap,
      ...(opts.link && { link: opts.link, underline: true }),
    });
  p.y += h + 7;
}

/** A row of one or two label-and-value cells (label, value, bold?); a missing cell leaves its column empty. */
export function pair(p: BookingPage, cells: ([string, string, boolean?] | null)[]): void {
  const { doc, labelW, gap } = p;
  const colW = CONTENT_WIDTH / 2;
  const valueWidth = () => (cells.length === 1 ? CONTENT_WIDTH : colW) - labelW - 12;
  let h = 14;
  cells.forEach((cell) => {
    if (!cell) return;
    doc.font(cell[2] ? 'bold' : 'regular').fontSize(10.5);
    h = Math.max(h, doc.heightOfString(cell[1], { width: valueWidth(), lineGap: gap }));
  });
  room(p, h);
  cells.forEach((cell, i) => {
    if (!cell) return;
    const [label, value, strong] = cell;
    const x = LEFT + i * colW;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, x, p.y + 1.5, { width: labelW - 6, lineBreak: false });
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, x + labelW, p.y, { width: valueWidth(), lineGap: gap });
  });
  p.y += h + 6;
}
