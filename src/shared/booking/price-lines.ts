import type { Locale } from '../locales';
import { durationText } from './duration';
import type { PriceLine, TourLength } from './money-rules';
import { tourLengthText } from './tour-length';
import type { TripLength } from './trip-price';

/**
 * A price line in the reader's language (decision 151): the quote answers with these labels, so a
 * client shows the lines as the server priced them. Chinese numbers are spaced as locales/VOICE.md says.
 * The base line names the length: hours, or days with each day's hours as `tourLengthText` writes them
 * ("3 天 × 8 小时", decision 179) — given the trip as asked (`TripLength`), never the hours of every day
 * added up that a span priced by the hour is computed with. Days without their hours read as days.
 */
export function priceLineLabel(line: PriceLine, length: TripLength | TourLength, locale: Locale): string {
  const n = line.people;
  if (line.kind === 'base') {
    const span = !('days' in length)
      ? durationText(length.hours, locale)
      : 'dayHours' in length
        ? tourLengthText(length.days, length.dayHours, locale)
        : daysText(length.days, locale);
    if (locale === 'zh-CN') return n > 1 ? `地陪费（${n} 人以内）· ${span}` : `地陪费 · ${span}`;
    if (locale === 'ja') return n > 1 ? `ガイド料（${n}名まで）・${span}` : `ガイド料・${span}`;
    return n > 1 ? `Guide for up to ${n} people · ${span}` : `Guide · ${span}`;
  }
  if (line.kind === 'extra_adults') {
    if (locale === 'zh-CN') return `另加成人 ${n} 位`;
    if (locale === 'ja') return `追加の大人 ${n}名`;
    return `${n} more ${n === 1 ? 'adult' : 'adults'}`;
  }
  if (line.kind === 'children') {
    if (locale === 'zh-CN') return `儿童（3–11 岁）${n} 位`;
    if (locale === 'ja') return `お子さま（3〜11歳）${n}名`;
    return `${n} ${n === 1 ? 'child' : 'children'} (3–11)`;
  }
  if (locale === 'zh-CN') return `婴儿（3 岁以下）${n} 位`;
  if (locale === 'ja') return `乳幼児（3歳未満）${n}名`;
  return `${n} ${n === 1 ? 'infant' : 'infants'} (under 3)`;
}

function daysText(days: number, locale: Locale): string {
  if (locale === 'zh-CN') return `${days} 天`;
  if (locale === 'ja') return `${days}日間`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
