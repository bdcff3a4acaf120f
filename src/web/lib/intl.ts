import { serverContext } from './server-context';

/**
 * Intl formatters, made once per language and options: building one costs far more than using it,
 * and a calendar or a list of cards formats hundreds of dates in one render.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locales: string | string[] | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = JSON.stringify([locales, options]);
  serverContext()?.dateFormats.set(key, [locales, options]);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales, options);
    dateFormats.set(key, format);
  }
  return format;
}
