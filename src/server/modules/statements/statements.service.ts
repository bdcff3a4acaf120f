import type { Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import { taxIncludedIn, STANDARD_TAX_RATE_PERCENT } from '../../../shared/invoice-tax';
import type { EarningLine, Statement } from '../../../shared/schemas/statements';
import type { PayoutRate } from '../../../shared/schemas/wallet';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { printedParticulars, type Operator } from '../../operator';
import type { AuthUser } from '../auth/index';
import { renderStatementPdf } from './render';
import * as repo from './statements.repository';

/**
 * What the statements are built from (compose.ts): the app's clock, the operator who issues the
 * invoice, and the latest yen rate a bank payout used up to a day (the wallet's, decision 129).
 */
export interface StatementsNeeds {
  now: () => Date;
  operator: Operator;
  yenRate: (onOrBefore: string) => Promise<PayoutRate | null>;
}

const TOKYO_OFFSET_MS = 9 * 3_600_000; // Japan has kept UTC+9 all year since 1951: no daylight saving.

/** The month (`yyyy-mm`) of an instant in Japan time. */
export function tokyoMonthOf(at: Date): string {
  return new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instants a month (Japan time) starts and ends at, its last day (yyyy-mm-dd) and the day after it. */
function monthBounds(month: string): {
  from: Date;
  to: Date;
  lastDay: string;
  next: { year: number; month: number; day: number };
} {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1) - TOKYO_OFFSET_MS);
  const to = new Date(Date.UTC(y, m, 1) - TOKYO_OFFSET_MS);
  const lastDay = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from, to, lastDay, next: { year: m === 12 ? y + 1 : y, month: m === 12 ? 1 : m + 1, day: 1 } };
}

/** The lines of each month and currency (`month currency`), oldest first, with what each earned in all. */
function byMonthAndCurrency(rows: repo.EarningLineRow[]): Map<string, EarningLine[]> {
  const out = new Map<string, EarningLine[]>();
  const sorted = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime() || a.bookingId - b.bookingId);
  for (const { month, currency, at, ...l } of sorted) {
    const key = `${month} ${currency}`;
    const line = { ...l, at: at.toISOString(), earnedCents: l.onlineCents + l.inPersonCents };
    out.set(key, [...(out.get(key) ?? []), line]);
  }
  return out;
}

/**
 * A guide's monthly statements and the commission's qualified invoice (decision 127), from the same
 * ledgers as the wallet (decision 067): the closing balance of the month now running is the wallet's
 * asset balance, and each month's opening balance is the previous month's closing. Each currency the
 * guide's money moved in has statements of its own (decision 167): a yen guide's are in yen.
 */
export class StatementsService {
  constructor(
    private readonly db: Database,
    private readonly needs: StatementsNeeds,
  ) {}

  /**
   * Every month and currency with activity, newest month first (a month's yuan before its yen). Only
   * guides have statements (a traveler: 403, as the wallet's payouts).
   */
  async list(user: AuthUser): Promise<Statement[]> {
    if (!user.isGuide) throw new AppError('forbidden', 'Only guides have monthly statements');
    const [monthSums, lines] = await Promise.all([
      repo.monthSums(this.db, user.id),
      repo.earningLines(this.db, user.id),
    ]);
    const sums = monthSums.sort((a, b) => a.month.localeCompare(b.month));
    const linesOf = byMonthAndCurrency(lines);
    const current = tokyoMonthOf(this.needs.now());
    const balances: Partial<Record<Currency, number>> = {};
    const out: Statement[] = [];
    for (const s of sums) {
      const opening = balances[s.currency] ?? 0;
      const balance = opening + s.earnings - s.payouts;
      balances[s.currency] = balance;
      const bookings = linesOf.get(`${s.month} ${s.currency}`) ?? [];
      const inPerson = bookings.reduce((sum, l) => sum + l.inPersonCents, 0);
      out.push({
        month: s.month,
        closed: s.month < current,
        currency: s.currency,
        openingBalanceCents: opening,
        earningsCents: s.earnings,
        inPersonCents: inPerson,
        earnedCents: s.earnings + inPerson,
        bookings,
        payoutsCents: s.payouts,
        closingBalanceCents: balance,
        commission: {
          totalCents: s.commission,
          taxRatePercent: STANDARD_TAX_RATE_PERCENT,
          // Once per statement and rate, on the month's sum (decision 127), never per booking; in the
          // statement's own currency, so a yen guide's tax is yen cut off, never converted (decision 167).
          taxCents: taxIncludedIn(s.commission, STANDARD_TAX_RATE_PERCENT),
          bookings: s.commissionBookings,
        },
      });
    }
    return out.sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
  }

  /** One month's statements, one per currency; a month without activity is a 404. */
  async month(user: AuthUser, month: string): Promise<Statement[]> {
    const found = (await this.list(user)).filter((s) => s.month === month);
    if (found.length === 0) throw notFound('Statement');
    return found;
  }

  /**
   * The statement with its invoice as a PDF. Only a month that is over: an invoice states a month's
   * commission once, and the month still running can change (409 month_not_closed).
   */
  async pdf(user: AuthUser, month: string, lang: Locale): Promise<{ body: Buffer; fileName: string }> {
    const statements = await this.month(user, month);
    if (!statements[0]!.closed)
      throw new AppError(
        'month_not_closed',
        'The month is not over yet (Japan time): its statement and invoice are issued from the first of the next month',
      );
    const { from, to, next, lastDay } = monthBounds(month);
    const [commissions, payouts, invoice, rate] = await Promise.all([
      repo.commissionLines(this.db, user.id, from, to),
      repo.payoutLines(this.db, user.id, from, to),
      this.issued(user.id, month),
      // The tax in yen (decision 142): at the latest rate a bank payout used by the month's last day.
      // A rate is given only on the day before its transfer day, so once the month is over this
      // answer never changes and the invoice says the same on every download (decision 133). A month
      // only in yen converts nothing and states no rate (decision 167).
      statements.some((s) => s.currency === 'CNY') ? this.needs.yenRate(lastDay) : null,
    ]);
    const body = await renderStatementPdf(
      {
        statements,
        guideName: invoice.recipient,
        commissions,
        payouts,
        operator: invoice.operator,
        invoiceNumber: invoice.number,
        issuedOn: next,
        yenRate: rate,
      },
      lang,
    );
    return { body, fileName: `Tabi-Guides-statement-${month}.pdf` };
  }

  /** The month's invoice as first issued, written now if this is the first time (decision 133). */
  private async issued(guideUserId: number, month: string): Promise<repo.IssuedInvoice> {
    return repo.issueInvoice(this.db, guideUserId, month, {
      number: `TG-${month.replace('-', '')}-${String(guideUserId).padStart(6, '0')}`,
      operator: printedParticulars(this.needs.operator),
      now: this.needs.now(),
    });
  }
}
