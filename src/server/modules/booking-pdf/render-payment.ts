import { CONTENT_WIDTH, LEFT, RIGHT, room, section, type BookingPage } from './booking-page';
import { paymentLines, rateLine, type FinalLine } from './payment-lines';
import { PDF_PALETTE } from './pdf-document';

const { VERMILION, INK, MUTED, TINT } = PDF_PALETTE;
const AMOUNT_W = 150;

/**
 * The closing box of the payment section: what is left to hand the guide, named, with the amount in the
 * guide's currency and the traveler's beside (decision 179), then when — the day, or each day's share.
 * Its height; drawn at `p.y` only with `draw`.
 */
function finalBox({ doc, y }: BookingPage, f: FinalLine, draw: boolean): number {
  const PAD = 12;
  const inner = CONTENT_WIDTH - 2 * PAD;
  doc.font('bold').fontSize(11);
  const labelW = doc.widthOfString(f.label);
  doc.font('bold').fontSize(13);
  const amountW = doc.widthOfString(f.amount);
  // The amount beside the label when both fit on a line, else on the next line, to the right.
  const oneLine = labelW + amountW + 16 <= inner;
  let h = PAD + (oneLine ? 16 : 34);
  const whenTop = h + 2;
  h += f.when.length * 14 + (f.when.length ? 4 : 0) + PAD - 4;
  if (!draw) return h;
  doc.roundedRect(LEFT, y, CONTENT_WIDTH, h, 8).fill(f.owed ? '#fdf0ec' : TINT);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(f.label, LEFT + PAD, y + PAD + 1, { width: oneLine ? inner - amountW - 16 : inner, lineBreak: false });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(f.owed ? VERMILION : INK)
    .text(f.amount, LEFT + PAD, y + PAD + (oneLine ? 0 : 18), { width: inner, align: 'right', lineBreak: false });
  f.when.forEach((w, i) => {
    const at = y + whenTop + i * 14;
    doc
      .font('regular')
      .fontSize(9.5)
      .fillColor(INK)
      .text(w.label, LEFT + PAD, at, { width: inner - (w.amount ? 190 : 0), lineBreak: false });
    if (w.amount) doc.text(w.amount, LEFT + PAD, at, { width: inner, align: 'right', lineBreak: false });
  });
  return h;
}

/** The price's lines, what is left to pay in person in its box, the booking's rate and the in-person note. */
export function payment(p: BookingPage): void {
  const { doc, s, b, locale } = p;
  // The price and its lines kept together.
  section(p, s.sectionPayment, 21 + 14 * b.lines.length);
  const { lines, final, converted } = paymentLines(b, s, locale, p.reader);
  lines.forEach((line, i) => {
    const amount = `${line.negative ? '−' : ''}${s.money(line.cents, line.currency)}`;
    const indent = line.part ? 12 : 0;
    room(p, line.part ? 14 : 21 + 14 * (line.detail?.length ?? 0));
    doc
      .font('regular')
      .fontSize(line.part ? 9.5 : 10.5)
      .fillColor(line.part ? MUTED : INK);
    doc.text(line.label, LEFT + indent, p.y, { width: CONTENT_WIDTH - AMOUNT_W - indent, lineBreak: false });
    doc.text(amount, RIGHT - AMOUNT_W, p.y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    p.y += line.part ? 14 : 17;
    for (const detail of line.detail ?? []) {
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(detail, LEFT, p.y - 1, { width: CONTENT_WIDTH - AMOUNT_W, lineBreak: false });
      p.y += 14;
    }
    if (!line.part || !lines[i + 1]?.part) p.y += 4;
  });
  p.y += 4;
  room(p, finalBox(p, final, false));
  p.y += finalBox(p, final, true) + 8;
  const rate = rateLine(b, s, locale, lines, converted || (b.dueInPersonChargeCents != null && final.owed));
  // The rate and the note stay together, under the box when they fit.
  room(p, (rate ? 24 : 0) + (final.owed ? 28 : 0));
  if (rate) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(rate, LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
    p.y = doc.y + 4;
  }
  if (final.owed) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(s.inPersonNote, LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
    p.y = doc.y + 6;
  }
  p.y += 8;
}

/** The cancellation policy: its introduction, the six tiers in two columns of three rows, and when a tier applies. */
export function policy(p: BookingPage): void {
  const { doc, s } = p;
  section(p, s.sectionPolicy, 94);
  doc.font('regular').fontSize(9.5).fillColor(INK).text(s.policyIntro, LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
  p.y = doc.y + 6;
  const half = Math.ceil(s.policyTiers.length / 2);
  const TIER_W = (CONTENT_WIDTH - 12) / 2;
  for (let row = 0; row < half; row++) {
    if (row % 2 === 0) doc.rect(LEFT, p.y - 3, CONTENT_WIDTH, 18).fill(TINT);
    for (const col of [0, 1]) {
      const tier = s.policyTiers[col * half + row];
      if (!tier) continue;
      const x = LEFT + col * (TIER_W + 12);
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(INK)
        .text(tier[0], x + 8, p.y, { width: TIER_W - 16, lineBreak: false });
      doc.font('bold').text(tier[1], x + 8, p.y, { width: TIER_W - 16, align: 'right', lineBreak: false });
    }
    p.y += 18;
  }
  p.y += 6;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(s.policyTiming, LEFT, p.y, { width: CONTENT_WIDTH, lineGap: 1 });
}
