import { convertMinor, type Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import { formatWithAbout } from '../../../shared/money-format';
import { onlineMoney } from '../../../shared/booking/statement';
import type { Booking, BookingPayment } from '../../../shared/schemas/bookings';
import { dayDate, instant, plainDate } from './pdf-dates';
import type { PdfStrings } from './strings';

function methodText(p: BookingPayment, s: PdfStrings): string {
  if (p.method === 'card' && p.last4) return s.cardEnding(p.last4);
  return s.methods[p.method];
}

export interface PaymentLine {
  label: string;
  /** Lines of smaller text under it. */
  detail?: string[];
  cents: number;
  currency: Currency;
  negative?: boolean;
  /** A part of the line above it (a price line): set smaller, indented. */
  part?: boolean;
}

/** The closing box: what is left to hand the guide (or that it was handed over, or nothing), and when. */
export interface FinalLine {
  label: string;
  /** The amount as it reads: in the booking's currency, the traveler's beside when they saw another. */
  amount: string;
  /** Money still owed in person: the box is set in the accent colour. */
  owed: boolean;
  /** When: one line for a tour of one day; for several, a line a day with its share. */
  when: { label: string; amount?: string }[];
}

/**
 * Payments summed per currency, in the order the currencies first appear: amounts in two currencies are never added.
 */
function byCurrency(
  ps: BookingPayment[],
  f: (p: BookingPayment) => number,
): { currency: Currency; cents: number; first: BookingPayment }[] {
  const out: { currency: Currency; cents: number; first: BookingPayment }[] = [];
  for (const p of ps) {
    const line = out.find((l) => l.currency === p.currency);
    if (line) line.cents += f(p);
    else out.push({ currency: p.currency, cents: f(p), first: p });
  }
  return out;
}

/**
 * What the tour costs, what was paid online, what was refunded and what remains to pay in person, each
 * in its own currency (decision 164): the price, its lines as charged ("3 days × 8 hours", decision 179)
 * and a travel credit in the booking's (the guide's); what was paid or refunded online in the payment's;
 * the deposit still due in the one the traveler saw; and what is left to hand the guide — the server's
 * `dueInPersonCents`, with the traveler's currency beside and a share each day of several. The guide's copy
 * (`reader`) gives every line in the booking's currency, at its rate (decision 195).
 */
export function paymentLines(
  b: Booking,
  s: PdfStrings,
  locale: Locale,
  reader: 'guide' | 'traveler' = 'traveler',
): { lines: PaymentLine[]; final: FinalLine; converted: boolean } {
  // The statement's online part (decision 193): every payment received online, a change's as much as the
  // deposit's, and every refund of them, as the trip card reads them.
  const online = onlineMoney(b.payments);
  const paid = (kind: BookingPayment['kind']) => online.paid.filter((p) => p.kind === kind);
  const deposits = paid('deposit');
  const zone = b.timeZone;

  const lines: PaymentLine[] = [{ label: s.tourPrice, cents: b.totalPriceCents, currency: b.currency }];
  // An offer's booking is one fee (decision 078): its one line says no more than the price.
  if (b.offerId === null || b.lines.length > 1)
    for (const l of b.lines) lines.push({ label: l.label, cents: l.amountCents, currency: b.currency, part: true });
  const credit = b.creditCents ?? 0;
  if (credit > 0) lines.push({ label: s.credit, cents: credit, currency: b.currency, negative: true, part: true });
  for (const d of byCurrency(deposits, (p) => p.amountCents)) {
    const when = b.depositPaidAt ? new Date(b.depositPaidAt) : new Date(d.first.createdAt);
    lines.push({
      label: s.depositPaid,
      detail: [`${methodText(d.first, s)} · ${instant(when, locale, zone)}`],
      cents: d.cents,
      currency: d.currency,
    });
  }
  if (deposits.length === 0 && b.status === 'pending')
    lines.push({ label: s.depositDue, cents: b.chargeDepositCents, currency: b.chargeCurrency });
  const others = [
    { kind: 'change', label: s.changePaid },
    { kind: 'extension', label: s.extensionPaid },
  ] as const;
  for (const { kind, label } of others) {
    const ps = paid(kind);
    for (const e of byCurrency(ps, (p) => p.amountCents)) {
      const same = ps.filter((p) => p.currency === e.currency);
      lines.push({
        label: label(same.length),
        detail: [[...new Set(same.map((p) => methodText(p, s)))].join(', ')],
        cents: e.cents,
        currency: e.currency,
      });
    }
  }
  for (const r of online.refundedSums) lines.push({ label: s.refunded, ...r, negative: true });
  if (reader === 'traveler' || !b.rate) return { lines, final: finalLine(b, s, locale), converted: false };
  // The guide's copy (decision 195): what the traveler paid in yuan reads in her yen at the booking's rate,
  // and what she is handed in person in hers alone; the rate is printed under them.
  const rate = b.rate.jpyPerCny;
  const own = lines.map((l) => ({
    ...l,
    cents: convertMinor(l.cents, l.currency, b.currency, rate),
    currency: b.currency,
  }));
  const converted = lines.some((l) => l.currency !== b.currency);
  return {
    lines: own,
    final: finalLine(
      { ...b, dueInPersonChargeCents: null, dueInPersonOn: b.dueInPersonOn?.map((d) => ({ ...d, chargeCents: null })) },
      s,
      locale,
    ),
    converted,
  };
}

function finalLine(b: Booking, s: PdfStrings, locale: Locale): FinalLine {
  const inPerson = b.payments.filter((p) => p.kind === 'final_payment' && p.status !== 'failed');
  const paid = byCurrency(inPerson, (p) => p.amountCents)[0];
  if (paid) return { label: s.inPersonPaid, amount: s.money(paid.cents, paid.currency), owed: false, when: [] };
  const due = b.dueInPersonCents ?? 0;
  const days = b.dueInPersonOn ?? [];
  if (due <= 0 || days.length === 0 || b.status === 'cancelled')
    return { label: s.inPersonNone, amount: s.money(0, b.currency), owed: false, when: [] };
  const about = (cents: number, charge: number | null) =>
    formatWithAbout(
      { minor: cents, currency: b.currency },
      charge === null ? null : { minor: charge, currency: b.chargeCurrency },
      locale,
    );
  const when =
    days.length === 1
      ? [{ label: s.inPersonOnDay(plainDate(days[0]!.date, locale)) }]
      : [
          { label: s.inPersonEachDay },
          ...days.map((d) => ({
            label: s.dayShare(d.day, dayDate(d.date, locale)),
            amount: about(d.cents, d.chargeCents),
          })),
        ];
  return {
    label: s.inPerson(b.guide.fullName),
    amount: about(due, b.dueInPersonChargeCents ?? null),
    owed: true,
    when,
  };
}

/**
 * The booking's rate with its day, when an amount of the payment section is in another currency than the booking's
 * (decision 164).
 */
export function rateLine(
  b: Booking,
  s: PdfStrings,
  locale: Locale,
  amounts: { currency: Currency }[],
  converted: boolean,
): string | null {
  if (!b.rate || (!converted && amounts.every((l) => l.currency === b.currency))) return null;
  return s.rate(b.rate.jpyPerCny, plainDate(b.rate.asOf, locale));
}
