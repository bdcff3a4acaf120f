import i18next from 'i18next';
import { serverContext } from './server-context';

/**
 * Intl formatters, made once per language and options: building one costs far more than using it,
 * and a calendar or a list of cards formats hundreds of dates in one render.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  locales: string | string[] | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = JSON.stringify([locales, options]);
  serverContext()?.dateFormats.set(key, [locales, options]);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * docs/rules/look-and-language.md: a missing date reads 'Date not available' and a bad one 'Invalid Date' (Intl would
 * throw a RangeError and take the card down with it). Null when the date can be formatted.
 */
export function unreadableDate(value: string | null | undefined, at: Date, locale: string): string | null {
  if (!value) return i18next.t('common:dates.missing', { lng: locale });
  return Number.isNaN(at.getTime()) ? i18next.t('common:dates.invalid', { lng: locale }) : null;
}
