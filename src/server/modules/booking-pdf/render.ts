import { zonedClockTime } from '../../../shared/booking/schedule';
import { SERVICE_CITIES } from '../../../shared/cities';
import { localName, type Locale } from '../../../shared/locales';
import { meetingMapUrl } from '../../../shared/map-links';
import type { Currency } from '../../../shared/currency';
import type { Booking, BookingPayment } from '../../../shared/schemas/bookings';
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

const LIVE: BookingPayment['status'][] = ['succeeded', 'partially_refunded', 'refunded'];

function zoneLabel(timeZone: string, s: PdfStrings): string {
  return timeZone === 'Asia/Tokyo' ? s.japanTime : timeZone;
}

/** The Intl tag each locale's dates are written with. */
const DATE_LOCALE: Record<Locale, string> = { en: 'en-US', 'zh-CN': 'zh-CN', ja: 'ja-JP' };

/** "Sun, Nov 22, 2026" / "2026年11月22日星期日" / "2026年11月22日(日)" for a yyyy-mm-dd calendar date. */
function calendarDate(date: string, locale: Locale): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const opts: Intl.DateTimeFormatOptions =
    locale === 'zh-CN'
      ? { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' }
      : { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], opts).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant as a date and 24-hour time in `timeZone`: "Nov 22, 2026 09:05" / "2026年11月22日 09:05". */
function instant(at: Date, locale: Locale, timeZone: string): string {
  const date = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    year: 'numeric',
    month: locale === 'zh-CN' ? 'long' : 'short',
    day: 'numeric',
    timeZone,
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return `${date} ${time}`;
}

/** An instant's 24-hour time in `timeZone`: "17:00". */
function endTime(startTime: string, hours: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const minutes = (h * 60 + m + Math.round(hours * 60)) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const hoursText = (hours: number) => (Number.isInteger(hours) ? String(hours) : String(Math.round(hours * 100) / 100));

function cityName(slug: string, locale: Locale): string {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? localName(city, locale) : slug;
}

function methodText(p: BookingPayment, s: PdfStrings): string {
  if (p.method === 'card' && p.last4) return s.cardEnding(p.last4);
  return s.methods[p.method];
}

interface PaymentLine {
  label: string;
  detail?: string;
  cents: number;
  currency: Currency;
  negative?: boolean;
}

/** Payments summed per currency, in the order the currencies first appear: amounts in two currencies are never added. */
function byCurrency(ps: BookingPayment[], f: (p: BookingPayment) => number): { currency: Currency; cents: number; first: BookingPayment }[] {
  const out: { currency: Currency; cents: number; first: BookingPayment }[] = [];
  for (const p of ps) {
    const line = out.find((l) => l.currency === p.currency);
    if (line) line.cents += f(p);
    else out.push({ currency: p.currency, cents: f(p), first: p });
  }
  return out;
}

/**
 * What was paid online, what was refunded and what remains to pay in person, each in its own currency
 * (decision 164): the price and what is paid in person in the booking's (the guide's), what was paid
 * or refunded online in the payment's, the deposit still due in the one the traveler saw.
 */
export function paymentLines(b: Booking, s: PdfStrings, locale: Locale): { lines: PaymentLine[]; final: PaymentLine } {
  const live = (kind: BookingPayment['kind']) => b.payments.filter((p) => p.kind === kind && LIVE.includes(p.status));
  const deposits = live('deposit');
  const extensions = live('extension');
  const inPerson = live('final_payment');
  const zone = b.timeZone;

  const lines: PaymentLine[] = [
    {
      label: s.tourPrice,
      detail: b.extensionCount === 0 ? s.tourPriceDetail(hoursText(b.duration * (b.days ?? 1)), b.travelers) : s.travelerCount(b.travelers),
      cents: b.totalPriceCents,
      currency: b.currency,
    },
  ];
  for (const d of byCurrency(deposits, (p) => p.amountCents)) {
    lines.push({ label: s.depositPaid, detail: `${methodText(d.first, s)} · ${instant(new Date(d.first.createdAt), locale, zone)}`, cents: d.cents, currency: d.currency });
  }
  if (deposits.length === 0 && b.status === 'pending') lines.push({ label: s.depositDue, cents: b.chargeDepositCents, currency: b.chargeCurrency });
  for (const e of byCurrency(extensions, (p) => p.amountCents)) {
    const paid = extensions.filter((p) => p.currency === e.currency);
    lines.push({ label: s.extensionPaid(paid.length), detail: [...new Set(paid.map((p) => methodText(p, s)))].join(', '), cents: e.cents, currency: e.currency });
  }
  for (const r of byCurrency([...deposits, ...extensions], (p) => p.refundedCents)) {
    if (r.cents > 0) lines.push({ label: s.refunded, cents: r.cents, currency: r.currency, negative: true });
  }

  let final: PaymentLine;
  const paidInPerson = byCurrency(inPerson, (p) => p.amountCents)[0];
  if (paidInPerson) final = { label: s.inPersonPaid, cents: paidInPerson.cents, currency: paidInPerson.currency };
  else if (b.status === 'cancelled') final = { label: s.inPersonNone, cents: 0, currency: b.currency };
  else final = { label: s.inPerson, cents: b.balanceCents, currency: b.currency };
  return { lines, final };
}

/** A calendar day (YYYY-MM-DD) without its weekday: "Nov 27, 2026" / "2026年11月27日". */
function plainDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[locale], { year: 'numeric', month: locale === 'en' ? 'short' : 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The booking's rate with its day, when an amount of the payment section is in another currency than the booking's (decision 164). */
function rateLine(b: Booking, s: PdfStrings, locale: Locale, amounts: PaymentLine[]): string | null {
  if (!b.rate || amounts.every((l) => l.currency === b.currency)) return null;
  return s.rate(b.rate.jpyPerCny, plainDate(b.rate.asOf, locale));
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

  // ---------------------------------------------------------------- helpers
  const section = (title: string) => {
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
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, left, y + 1, { width: LABEL_W - 10, lineBreak: false });
    doc
      .font(opts.strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(opts.link ? INDIGO : INK)
      .text(value, left + LABEL_W, y, { width: valueWidth, lineGap: gap, ...(opts.link && { link: opts.link, underline: true }) });
    y += h + 7;
  };

  // ---------------------------------------------------------------- the tour
  // Two columns of label and value: guide | traveler, date | time, city | service, duration | travelers.
  section(s.sectionTour);
  const zone = zoneLabel(b.timeZone, s);
  const service = b.subcategory ? localName(b.subcategory, locale) : null;
  const COL_W = CONTENT_WIDTH / 2;
  const GRID_LABEL_W = LABEL_W;
  const pair = (cells: ([string, string, boolean?] | null)[]) => {
    let h = 14;
    cells.forEach((cell, i) => {
      if (!cell) return;
      const [label, value, strong] = cell;
      const x = left + i * COL_W;
      const valueWidth = COL_W - GRID_LABEL_W - 12;
      doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, y + 1.5, { width: GRID_LABEL_W - 6, lineBreak: false });
      doc
        .font(strong ? 'bold' : 'regular')
        .fontSize(10.5)
        .fillColor(INK);
      h = Math.max(h, doc.heightOfString(value, { width: valueWidth, lineGap: gap }));
      doc.text(value, x + GRID_LABEL_W, y, { width: valueWidth, lineGap: gap });
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
  pair([
    [s.duration, (b.days ?? 1) > 1 ? s.daysOfHours(b.days!, hoursText(b.duration)) : s.hours(hoursText(b.duration))],
    [s.travelers, s.travelerCount(b.travelers)],
  ]);
  y += 8;

  // ---------------------------------------------------------------- meeting point
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
  if (b.notes) field(s.notes, b.notes.length > 400 ? `${b.notes.slice(0, 400)}…` : b.notes);
  y += 8;

  // ---------------------------------------------------------------- payment
  section(s.sectionPayment);
  const { lines, final } = paymentLines(b, s, locale);
  const AMOUNT_W = 130;
  for (const line of lines) {
    const amount = `${line.negative ? '−' : ''}${s.money(line.cents, line.currency)}`;
    doc.font('regular').fontSize(10.5).fillColor(INK).text(line.label, left, y, { width: CONTENT_WIDTH - AMOUNT_W, lineBreak: false });
    doc.text(amount, right - AMOUNT_W, y, { width: AMOUNT_W, align: 'right', lineBreak: false });
    y += 17;
    if (line.detail) {
      doc.font('regular').fontSize(8.5).fillColor(MUTED).text(line.detail, left, y - 1, { width: CONTENT_WIDTH - AMOUNT_W, lineBreak: false });
      y += 14;
    }
    y += 4;
  }
  y += 2;
  doc.roundedRect(left, y, CONTENT_WIDTH, 34, 8).fill(final.cents > 0 && final.label === s.inPerson ? '#fdf0ec' : TINT);
  doc.font('bold').fontSize(11).fillColor(INK).text(final.label, left + 12, y + 10, { width: CONTENT_WIDTH - AMOUNT_W - 24, lineBreak: false });
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(final.label === s.inPerson ? VERMILION : INK)
    .text(s.money(final.cents, final.currency), right - AMOUNT_W - 12, y + 7.5, { width: AMOUNT_W, align: 'right', lineBreak: false });
  y += 42;
  const rate = rateLine(b, s, locale, [...lines, final]);
  if (rate) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(rate, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
    y = doc.y + 4;
  }
  if (final.label === s.inPerson) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(s.inPersonNote, left, y, { width: CONTENT_WIDTH, lineGap: 1 });
    y = doc.y + 6;
  }
  y += 12;

  // ---------------------------------------------------------------- cancellation policy
  section(s.sectionPolicy);
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

  // ---------------------------------------------------------------- footer
  const footerY = PAGE.height - PAGE.margin - 14;
  doc.moveTo(left, footerY - 8).lineTo(right, footerY - 8).lineWidth(0.6).strokeColor(RULE).stroke();
  doc.font('regular').fontSize(7.5).fillColor(FAINT).text(s.footer, left, footerY, { width: CONTENT_WIDTH - 90, lineBreak: false });
  doc.text(b.bookingNumber, right - 90, footerY, { width: 90, align: 'right', lineBreak: false });

  doc.end();
  return done;
}
