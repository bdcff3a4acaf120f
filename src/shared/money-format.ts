import type { Currency } from './currency';
import type { Locale } from './locales';
import { approxRmbFromYen, centsToAmount } from './money';

/**
 * How money reads on every screen, PDF and message (decision 117): one formatter per locale. RMB is
 * integer fen; never a bare ¥, which reads as yen in Japan. Yen (the extras a traveler pays the guide
 * on site, decision 105) keeps its own convention: ¥1,000 (JPY) in English, 1,000 日元 in Chinese, 1,000円 in
 * Japanese (locales/VOICE.md), grouped in all three (decision 193).
 */
export interface MoneyFormat {
  /** The number alone, for strings that carry their own unit: 2,430 · 486.50 (whole amounts without decimals). */
  amount(cents: number): string;
  /** With the unit: 2,430 RMB / 2,430 元. */
  rmb(cents: number): string;
  /** Yen: ¥18,000 (JPY) / 18,000 日元. */
  yen(yen: number): string;
  /** Yen with about how much in RMB beside it (decision 105): ¥2,000 (JPY, ≈ 100 RMB) / 2,000 日元（约 100 元）. */
  yenWithRmb(yen: number): string;
  /** An amount in its own currency (decision 164): yuan as `rmb`, yen as `yen`. */
  money(minor: number, currency: Currency): string;
}

// Made on first use: the first Intl object a page builds loads its locale data, a long task if it
// happens while the page's code is being evaluated (decision 075).
let wholeFormat: Intl.NumberFormat | undefined;
let fenFormat: Intl.NumberFormat | undefined;
let groupFormat: Intl.NumberFormat | undefined;

/** Fen as a number, the same in both locales: whole amounts without decimals, others two (2,430 · 486.50). */
export function formatFen(cents: number): string {
  const value = centsToAmount(cents);
  if (Number.isInteger(value))
    return (wholeFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(value);
  return (fenFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(
    value,
  );
}

const grouped = (n: number) => (groupFormat ??= new Intl.NumberFormat('en-US')).format(n);

const EN: MoneyFormat = {
  amount: formatFen,
  rmb: (cents) => `${formatFen(cents)} RMB`,
  // The sign before the symbol, as a negative RMB amount reads (-78 RMB): -¥1,600 (JPY), not ¥-1,600.
  yen: (yen) => `${yen < 0 ? '-' : ''}¥${grouped(Math.abs(yen))} (JPY)`,
  yenWithRmb: (yen) =>
    yen > 0 ? `¥${grouped(yen)} (JPY, ≈ ${grouped(approxRmbFromYen(yen))} RMB)` : `¥${grouped(yen)} (JPY)`,
  money: (minor, currency) => (currency === 'JPY' ? EN.yen(minor) : EN.rmb(minor)),
};

const ZH: MoneyFormat = {
  amount: formatFen,
  rmb: (cents) => `${formatFen(cents)} 元`,
  // Grouped as every locale groups yen (decision 193): 252,900 日元, never 252900 日元.
  yen: (yen) => `${grouped(yen)} 日元`,
  yenWithRmb: (yen) =>
    yen > 0 ? `${grouped(yen)} 日元（约 ${grouped(approxRmbFromYen(yen))} 元）` : `${grouped(yen)} 日元`,
  money: (minor, currency) => (currency === 'JPY' ? ZH.yen(minor) : ZH.rmb(minor)),
};

// Japanese readers know 元 as the renminbi; yen is written as Japan writes it, with grouping.
const JA: MoneyFormat = {
  amount: formatFen,
  rmb: (cents) => `${formatFen(cents)} 元`,
  yen: (yen) => `${grouped(yen)}円`,
  yenWithRmb: (yen) => (yen > 0 ? `${grouped(yen)}円（約 ${grouped(approxRmbFromYen(yen))} 元）` : `${grouped(yen)}円`),
  money: (minor, currency) => (currency === 'JPY' ? JA.yen(minor) : JA.rmb(minor)),
};

/** The money formatter of a locale; any other tag reads as English. */
export const moneyFormat = (locale: Locale | string): MoneyFormat =>
  locale === 'zh-CN' ? ZH : locale === 'ja' ? JA : EN;

/** `2,430 RMB` in English, `2,430 元` in Chinese and Japanese. */
export const formatRmb = (cents: number, locale: Locale | string): string => moneyFormat(locale).rmb(cents);

/**
 * An amount in its currency: `2,430 RMB` / `¥4,000 (JPY)` in English, `2,430 元` / `4,000 日元` in Chinese, `4,000円` in
 * Japanese.
 */
export const formatMoney = (minor: number, currency: Currency, locale: Locale | string): string =>
  moneyFormat(locale).money(minor, currency);

/**
 * What a traveler reads for a price in another currency than theirs (decision 164): about the amount in
 * theirs, then the guide's own: 约 195 元 · 4,000 日元 / ≈ 195 RMB · ¥4,000 (JPY) / 約 195 元・4,000円.
 * `shown` is already converted; the same currency reads as the amount alone. An amount charged exactly
 * (`exact`: a deposit paid) is never "about" (decision 193): 214.63 元 · 4,400 日元.
 */
export function formatBeside(
  shown: { minor: number; currency: Currency },
  own: { minor: number; currency: Currency },
  locale: Locale | string,
  exact = false,
): string {
  const f = moneyFormat(locale);
  if (shown.currency === own.currency) return f.money(own.minor, own.currency);
  const about = exact ? '' : locale === 'zh-CN' ? '约 ' : locale === 'ja' ? '約 ' : '≈ ';
  const dot = locale === 'ja' ? '・' : ' · ';
  return `${about}${f.money(shown.minor, shown.currency)}${dot}${f.money(own.minor, own.currency)}`;
}

/**
 * An amount paid in its own currency, with about as much in the reader's beside it (decision 179: what is
 * handed to the guide in person is counted in the guide's currency): 32,000 日元（约 1,559 元） /
 * ¥32,000 (JPY, ≈ 1,559 RMB) / 32,000円（約 1,559 元）. Without `about`, or in the same currency, the amount alone.
 */
export function formatWithAbout(
  own: { minor: number; currency: Currency },
  about: { minor: number; currency: Currency } | null,
  locale: Locale | string,
  /** How a document writes an amount, when not as the app does (a Japanese receipt's 人民元). */
  money: MoneyFormat['money'] = moneyFormat(locale).money,
): string {
  const amount = money(own.minor, own.currency);
  if (!about || about.currency === own.currency) return amount;
  const other = money(about.minor, about.currency);
  if (locale === 'zh-CN') return `${amount}（约 ${other}）`;
  if (locale === 'ja') return `${amount}（約 ${other}）`;
  // English yen carry "(JPY)": the yuan go inside those brackets, and yen inside others lose theirs.
  if (own.currency === 'JPY') return `${amount.slice(0, -1)}, ≈ ${other})`;
  return `${amount} (≈ ${other.replace(' (JPY)', ' JPY')})`;
}
