import { groupWords } from '../../../shared/booking/group-words';
import { zonedClockTime } from '../../../shared/booking/schedule';
import { tourLengthText } from '../../../shared/booking/tour-length';
import { SERVICE_CITIES } from '../../../shared/cities';
import { localName, type Locale } from '../../../shared/locales';
import { meetingMapUrl, type MapPlace } from '../../../shared/map-links';
import { placeForReader } from '../../../shared/meeting-points';
import type { Booking } from '../../../shared/schemas/bookings';
import { paymentLines, rateLine, type FinalLine } from './payment-lines';
import { calendarDate, instant } from './pdf-dates';
import { openPdf, PDF_PALETTE } from './pdf-document';
import { PDF_STRINGS, type PdfStrings } from './strings';

/**
 * The booking confirmation as a one-page A4 PDF (decision 065), in its language's faces (Noto Sans JP
 * for Japanese, Noto Sans SC otherwise; decision 174), embedded as subsets with ToUnicode maps, so
 * the PDF is small and its text can be searched and copied in every script.
 */

const { INDIGO, VERMILION, INK, MUTED, FAINT, RULE, TINT } = PDF_PALETTE;
const INDIGO_TINT = '#eef3fa';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

function zoneLabel(timeZone: string, s: PdfStrings): string {
  return timeZone === 'Asia/Tokyo' ? s.japanTime : timeZone;
}

/** An instant's 24-hour time in `timeZone`: "17:00". */
function endTime(startTime: string, hours: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const minutes = (h * 60 + m + Math.round(hours * 60)) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A place as its reader reads it (decision 175): a listed point's name in `locale` and its Japanese address, a typed one as written; with its 〒. */
function placeText(p: MapPlace, locale: Locale): string {
  const shown = placeForReader(p, locale);
  const postal = p.meetingPostalCode ? `〒${p.meetingPostalCode} ` : '';
  return postal + (shown.kind === 'listed' ? `${shown.name} · ${shown.addressJa}` : shown.text);
}

function cityName(slug: string, locale: Locale): string {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? localName(city, locale) : slug;
}

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

/**
 * The closing box of the payment section: what is left to hand the guide, named, with the amount in the
 * guide's currency and the traveler's beside (decision 179), then when — the day, or each day's share.
 * Its height; drawn only with `draw`.
 */
function finalBox(doc: PDFKit.PDFDocument, f: FinalLine, left: number, y: number, draw: boolean): number {
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
  doc.roundedRect(left, y, CONTENT_WIDTH, h, 8).fill(f.owed ? '#fdf0ec' : TINT);
  doc.font('bold').fontSize(11).fillColor(INK).text(f.label, left + PAD, y + PAD + 1, { width: oneLine ? inner - amountW - 16 : inner, lineBreak: false });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(f.owed ? VERMILION : INK)
    .text(f.amount, left + PAD, y + PAD + (oneLine ? 0 : 18), { width: inner, align: 'right', lineBreak: false });
  f.when.forEach((w, i) => {
    const at = y + whenTop + i * 14;
    doc.font('regular').fontSize(9.5).fillColor(INK).text(w.label, left + PAD, at, { width: inner - (w.amount ? 190 : 0), lineBreak: false });
    if (w.amount) doc.text(w.amount, left + PAD, at, { width: inner, align: 'right', lineBreak: false });
  });
  return h;
}

export async function renderBookingPdf(b: Booking, locale: Locale, now: Date = new Date()): Promise<Buffer> {
  const s = PDF_STRINGS[locale];
  const zh = locale === 'zh-CN';
  // Chinese and Japanese lines get the same extra leading and full-width punctuation.
  const cjk = locale !== 'en';
  const { doc, done } = await openPdf({
    margin: PAGE.margin,
    lang: locale,
    info: { Title: `${s.title} ${b.bookingNumber}`, Author: s.brand, Subject: s.title, Creator: s.brand, Producer: s.brand, CreationDate: now },
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const gap = cjk ? 3 : 2;

  // ---------------------------------------------------------------- header
  drawMark(doc, left, 46, 30);
  doc.font('bold').fontSize(19).fillColor(INDIGO).text(s.brand, left + 40, 45, { lineBreak: false });
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.tagline, left + 40, 70, { lineBreak: false });
  doc.font('bold').fontSize(15).fillColor(INK).text(s.title, left, 46, { width: CONTENT_WIDTH, align: 'right' });
  const numberWidth = doc.font('bold').fontSize(11).widthOfString(b.bookingNumber);
  doc.font('regular').fontSize(9);
  const labelWidth = doc.widthOfString(`${s.bookingNumber}  `);
  doc.fillColor(MUTED).text(`${s.bookingNumber}  `, right - numberWidth - labelWidth, 69, { lineBreak: false });
  doc.font('bold').fontSize(11).fillColor(INDIGO).text(b.bookingNumber, right - numberWidth, 67.5, { lineBreak: false });
  doc.moveTo(left, 96).lineTo(right, 96).lineWidth(1.2).strokeColor(INDIGO).stroke();

  // Status pill and issue time.
  let y = 110;
  const statusText = s.statuses[b.status];
  doc.font('bold').fontSize(9.5);
  const pillWidth = doc.widthOfString(statusText) + 20;
  const cancelled = b.status === 'cancelled';
  doc.roundedRect(left, y, pillWidth, 20, 10).fill(cancelled ? '#fdecea' : INDIGO_TINT);
  doc.fillColor(cancelled ? VERMILION : INDIGO).text(statusText, left + 10, y + 4, { lineBreak: false });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(cjk ? `${s.issued}：${instant(now, locale, b.timeZone)}（${zoneLabel(b.timeZone, s)}）` : `${s.issued}: ${instant(now, locale, b.timeZone)} (${zoneLabel(b.timeZone, s)})`, left, y + 5.5, { width: CONTENT_WIDTH, align: 'right' });
  y += 36;

  // ---------------------------------------------------------------- pages
  // One page for most bookings; a family's several days with their lines go on to a second (decision 179).
  const FOOTER_Y = PAGE.height - PAGE.margin - 14;
  const footer = () => {
    doc.moveTo(left, FOOTER_Y - 8).lineTo(right, FOOTER_Y - 8).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.font('regular').fontSize(7.5).fillColor(FAINT).text(s.footer, left, FOOTER_Y, { width: CONTENT_WIDTH - 90, lineBreak: false });
    doc.text(b.bookingNumber, right - 90, FOOTER_Y, { width: 90, align: 'right', lineBreak: false });
  };
  /** Room for `h` more points above the footer, else the footer and a new page. */
  const room = (h: number) => {
    if (y + h <= FOOTER_Y - 12) return;
    footer();
    doc.addPage();
    y = PAGE.margin;
  };

  // ---------------------------------------------------------------- helpers
  const section = (title: string, first = 40) => {
    room(28 + first);
    doc.font('bold').fontSize(11.5).fillColor(INDIGO).text(title, left, y, { lineBreak: false });
    y += 20;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.6).strokeColor(RULE).stroke();
    y += 8;
  };
  // Chinese labels are two characters; Japanese ones (郵便番号, 所要時間) need the English width.
  const LABEL_W = zh ? 44 : 62;
  const field = (label: string, value: string, opts: { strong?: boolean; link?: string } = {}) => {
    const valueWidth = CONTENT_WIDTH - LABEL_W;
    doc.font(opts.strong ? 'bold' : 'regular').fontSize(10.5);
    const h = Math.max(doc.heightOfString(value, { width: valueWidth, lineGap: gap }), 14);
    room(h);
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, left, y + 1, { width: LABEL_W - 10, lineBreak: false });
    doc
      .font(opts.strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(opts.link ? INDIGO : INK)
      .text(value, left + LABEL_W, y, { width: valueWidth, lineGap: gap, ...(opts.link && { link: opts.link, underline: true }) });
    y += h + 7;
  };

  // ---------------------------------------------------------------- the tour
  // Two columns of label and value: guide | traveler, date | time, city | service, length | group.
  section(s.sectionTour);
  const zone = zoneLabel(b.timeZone, s);
  const service = b.subcategory ? localName(b.subcategory, locale) : null;
  const COL_W = CONTENT_WIDTH / 2;
  const GRID_LABEL_W = LABEL_W;
  const pair = (cells: ([string, string, boolean?] | null)[]) => {
    const valueWidth = () => (cells.length === 1 ? CONTENT_WIDTH : COL_W) - GRID_LABEL_W - 12;
    let h = 14;
    cells.forEach((cell) => {
      if (!cell) return;
      doc.font(cell[2] ? 'bold' : 'regular').fontSize(10.5);
      h = Math.max(h, doc.heightOfString(cell[1], { width: valueWidth(), lineGap: gap }));
    });
    room(h);
    cells.forEach((cell, i) => {
      if (!cell) return;
      const [label, value, strong] = cell;
      const x = left + i * COL_W;
      doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, y + 1.5, { width: GRID_LABEL_W - 6, lineBreak: false });
      doc
        .font(strong ? 'bold' : 'regular')
        .fontSize(10.5)
        .fillColor(INK)
        .text(value, x + GRID_LABEL_W, y, { width: valueWidth(), lineGap: gap });
    });
    y += h + 6;
  };
  pair([
    [s.guide, b.guide.fullName, true],
    [s.traveler, b.traveler.fullName],
  ]);
  pair([
    [s.date, calendarDate(b.date, locale), true],
    [s.time, s.timeRange(b.scheduledStartTime, endTime(b.scheduledStartTime, b.duration), zone), true],
  ]);
  // Several days (decision 154): every day on its own line, each at the day's start and hours (the last with any extension;
  // day 1 later than the others after a same-day replacement, decision 140 amended).
  const days = b.schedule ?? [];
  if (days.length > 1) {
    days.forEach((d, i) => {
      const [start, end] = [d.startsAt, d.endsAt].map((at) => zonedClockTime(new Date(at), b.timeZone)) as [string, string];
      pair([[s.dayN(i + 1), `${calendarDate(d.date, locale)}  ${s.timeRange(start, end, zone)}`]]);
    });
  }
  pair([[s.city, cityName(b.guide.serviceCity, locale)], service ? [s.service, service] : null]);
  // The length as "3 days × 8 hours" and the group on its own (decision 179), never multiplied into each other.
  pair([
    [s.duration, tourLengthText(b.days, b.duration, locale)],
    [s.travelers, groupWords(b, locale)],
  ]);
  y += 8;

  // ---------------------------------------------------------------- meeting point, or each day's plan
  const plans = days.length > 1 ? (b.dayPlans ?? []) : [];
  if (plans.some((p) => p.meetingAddress || p.startTime || p.plan)) {
    // Several days with plans (decisions 178, 179): a block a day — its time to meet, its place in the
    // reader's language (a day without its own is met where the booking says) with its map, its plan.
    section(s.sectionDays, 60);
    for (const p of plans) {
      const at = p.meetingAddress ? p : b;
      const place = at.meetingAddress ? placeText(at, locale) : s.meetingUnset;
      const date = days[p.day - 1]?.date ?? p.date;
      field(s.dayN(p.day), [calendarDate(date, locale), p.startTime && s.meetAt(p.startTime, zone)].filter(Boolean).join('  '), { strong: true });
      field('', place);
      const map = at.meetingAddress ? meetingMapUrl(at, locale) : null;
      if (map) field('', s.mapOpen, { link: map });
      if (p.plan) field('', p.plan);
    }
  } else {
    section(s.sectionMeeting);
    if (b.meetingAddress) {
      field(s.address, b.meetingAddress, { strong: true });
      if (b.meetingPostalCode) field(s.postalCode, b.meetingPostalCode);
      // The place on a map, by its coordinates when chosen from the list, else by its address.
      const map = meetingMapUrl(b, locale);
      if (map) field(s.map, s.mapOpen, { link: map });
    } else {
      field(s.address, s.meetingUnset);
    }
  }
  if (b.notes) field(s.notes, b.notes.length > 400 ? `${b.notes.slice(0, 400)}…` : b.notes);
  y += 8;

  // ---------------------------------------------------------------- payment
  // The price and its lines kept together.
  section(s.sectionPayment, 21 + 14 * b.lines.length);
  const { lines, final } = paymentLines(b, s, locale);
  const AMOUNT_W = 150;
  lines.forEach((line, i) => {
    const amount = `${line.negative ? '−' : ''}${s.money(line.cents, line.currency)}`;
    const indent = line.part ? 12 : 0;
    room(line.part ? 14 : 21 + 14 * (line.detail?.length ?? 0));
    doc
      .font('regular')
      .fontSize(line.part ? 9.5 : 10.5)
      .fillColor(line.part ? MUTED : INK);
    doc.text(line.label, left + indent, y, { width: CONTENT_WIDTH - AMOUNT_W - indent, lineBreak: false });
    doc.text(amount, right - AMOUNT_W, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += line.part ? 14 : 17;
    for (const detail of line.detail ?? []) {
      doc.font('regular').fontSize(8.5).fillColor(MUTED).text(detail, left, y - 1, { width: CONTENT_WIDTH - AMOUNT_W, lineBreak: false });
      y += 14;
    }
    if (!line.part || !lines[i + 1]?.part) y += 4;
  });
  y += 4;
  room(finalBox(doc, final, left, y, false));
  y += finalBox(doc, final, left, y, true) + 8;
  const rate = rateLine(b, s, locale, lines, b.dueInPersonChargeCents != null && final.owed);
  // The rate and the note stay together, under the box when they fit.
  room((rate ? 24 : 0) + (final.owed ? 28 : 0));
  if (rate) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(rate, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
    y = doc.y + 4;
  }
  if (final.owed) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.inPersonNote, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
    y = doc.y + 6;
  }
  y += 8;

  // ---------------------------------------------------------------- cancellation policy
  section(s.sectionPolicy, 94);
  doc.font('regular').fontSize(9.5).fillColor(INK).text(s.policyIntro, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
  y = doc.y + 6;
  // Six tiers in two columns of three rows.
  const half = Math.ceil(s.policyTiers.length / 2);
  const TIER_W = (CONTENT_WIDTH - 12) / 2;
  for (let row = 0; row < half; row++) {
    if (row % 2 === 0) doc.rect(left, y - 3, CONTENT_WIDTH, 18).fill(TINT);
    for (const col of [0, 1]) {
      const tier = s.policyTiers[col * half + row];
      if (!tier) continue;
      const x = left + col * (TIER_W + 12);
      doc.font('regular').fontSize(9).fillColor(INK).text(tier[0], x + 8, y, { width: TIER_W - 16, lineBreak: false });
      doc.font('bold').text(tier[1], x + 8, y, { width: TIER_W - 16, align: 'right', lineBreak: false });
    }
    y += 18;
  }
  y += 6;
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.policyTiming, left, y, { width: CONTENT_WIDTH, lineGap: 1 });

  footer();
  doc.end();
  return done;
}
