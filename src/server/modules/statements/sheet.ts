import { PDF_PALETTE } from '../booking-pdf/index';

/**
 * The statement PDF's page frame, shared by the statement's pages (render-statement.ts) and the invoice's
 * (render-invoice.ts): A4 with the booking PDF's margins, a running position `y`, a footer on every
 * page and a new page when what comes next would run into it.
 */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - 30;
/** The width of the right-aligned amount column of the summary rows and the invoice. */
export const AMOUNT_W = 150;

export interface Sheet {
  doc: PDFKit.PDFDocument;
  y: number;
  /** A new page when `height` more would run into the footer. */
  room(height: number): void;
  /** The footer of the page being written. */
  footer(): void;
}

export function sheet(doc: PDFKit.PDFDocument, footerText: { left: string; right: string }): Sheet {
  const { RULE, FAINT } = PDF_PALETTE;
  const s: Sheet = {
    doc,
    y: PAGE.margin,
    footer() {
      const footerY = PAGE.height - PAGE.margin - 14;
      doc
        .moveTo(LEFT, footerY - 8)
        .lineTo(RIGHT, footerY - 8)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(FAINT)
        .text(footerText.left, LEFT, footerY, { width: CONTENT_WIDTH - 150, lineBreak: false });
      doc.text(footerText.right, RIGHT - 150, footerY, { width: 150, align: 'right', lineBreak: false });
    },
    room(height) {
      if (s.y + height <= BOTTOM) return;
      s.footer();
      doc.addPage();
      s.y = PAGE.margin;
    },
  };
  return s;
}

/** A day in Japan time. */
export function tokyoDay(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + 9 * 3_600_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
