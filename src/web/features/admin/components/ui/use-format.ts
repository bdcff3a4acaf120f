import { useTranslation } from 'react-i18next';
import { matchLocale } from '../../../../../shared/locales';
import type { Currency } from '../../../../../shared/currency';
import { formatMoney, formatRmb } from '../../../../../shared/money-format';
import { bracketed, colon, formatInstant } from '../../../../lib/format';

/**
 * Money and instants in the reader's language (docs/rules/look-and-language.md: `1,200 RMB` / `1,200 元`;
 * `Nov 22, 2026 14:05`).
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = matchLocale(i18n.resolvedLanguage) ?? 'en';
  return {
    locale,
    rmb: (cents: number) => formatRmb(cents, locale),
    /** An amount in its own currency (decision 167): yuan as `rmb`, yen as yen. */
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, locale),
    /** A note after a phrase, in the reader's brackets: " (x)" / "（x）" (locales/VOICE.md). */
    note: (text: string | number) => bracketed(String(text), locale),
    /** "Li Wei (@traveler)" / "Li Wei（@traveler）". */
    person: (p: { fullName: string; username: string }) => `${p.fullName}${bracketed(`@${p.username}`, locale)}`,
    colon: colon(locale),
    /** In the viewer's own zone, or in `timeZone` (a tour's local time). */
    when: (iso: string | null | undefined, timeZone?: string) => {
      if (!iso) return '—';
      const { date, time } = formatInstant(iso, locale, timeZone);
      return `${date} ${time}`;
    },
  };
}
