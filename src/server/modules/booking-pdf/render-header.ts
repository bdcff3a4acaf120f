import { CONTENT_WIDTH, LEFT, RIGHT, zoneLabel, type BookingPage } from './booking-page';
import { instant } from './pdf-dates';
import { PDF_PALETTE } from './pdf-document';

const { INDIGO, VERMILION, INK, MUTED } = PDF_PALETTE;
const INDIGO_TINT = '#eef3fa';

/** The torii mark: a curved top beam, a tie beam and two pillars, in vermilion. */
function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  const u = size / 24;
  doc.save().fillColor(VERMILION);
  doc
    .moveTo(x + 1 * u, y + 3 * u)
    .quadraticCurveTo(x + 12 * u, y + 5.2 * u, x + 23 * u, y + 3 * u)
    .lineTo(x + 22.4 * u, y + 6.2 * u)
    .quadraticCurveTo(x + 12 * u, y + 7.8 * u, x + 1.6 * u, y + 6.2 * u)
    .closePath()
    .fill();
  doc.rect(x + 3.5 * u, y + 9.5 * u, 17 * u, 2.2 * u).fill();
  doc.rect(x + 5.5 * u, y + 6 * u, 2.4 * u, 17 * u).fill();
  doc.rect(x + 16.1 * u, y + 6 * u, 2.4 * u, 17 * u).fill();
  doc.restore();
}

/** The mark and the brand on the left, the title and the booking number on the right, an indigo rule under them. */
export function header({ doc, s, b }: BookingPage): void {
  drawMark(doc, LEFT, 46, 30);
  doc
    .font('bold')
    .fontSize(19)
    .fillColor(INDIGO)
    .text(s.brand, LEFT + 40, 45, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(s.tagline, LEFT + 40, 70, { lineBreak: false });
  doc.font('bold').fontSize(15).fillColor(INK).text(s.title, LEFT, 46, { width: CONTENT_WIDTH, align: 'right' });
  const numberWidth = doc.font('bold').fontSize(11).widthOfString(b.bookingNumber);
  doc.font('regular').fontSize(9);
  const labelWidth = doc.widthOfString(`${s.bookingNumber}  `);
  doc.fillColor(MUTED).text(`${s.bookingNumber}  `, RIGHT - numberWidth - labelWidth, 69, { lineBreak: false });
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INDIGO)
    .text(b.bookingNumber, RIGHT - numberWidth, 67.5, { lineBreak: false });
  doc.moveTo(LEFT, 96).lineTo(RIGHT, 96).lineWidth(1.2).strokeColor(INDIGO).stroke();
}

/** The status pill, and when the document was issued in the booking's time zone. */
export function status(p: BookingPage, now: Date): void {
  const { doc, s, b, locale, cjk } = p;
  p.y = 110;
  const statusText = s.statuses[b.status];
  doc.font('bold').fontSize(9.5);
  const pillWidth = doc.widthOfString(statusText) + 20;
  const cancelled = b.status === 'cancelled';
  doc.roundedRect(LEFT, p.y, pillWidth, 20, 10).fill(cancelled ? '#fdecea' : INDIGO_TINT);
  doc.fillColor(cancelled ? VERMILION : INDIGO).text(statusText, LEFT + 10, p.y + 4, { lineBreak: false });
  const zone = zoneLabel(b.timeZone, s);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      cjk
        ? `${s.issued}：${instant(now, locale, b.timeZone)}（${zone}）`
        : `${s.issued}: ${instant(now, locale, b.timeZone)} (${zone})`,
      LEFT,
      p.y + 5.5,
      { width: CONTENT_WIDTH, align: 'right' },
    );
  p.y += 36;
}
