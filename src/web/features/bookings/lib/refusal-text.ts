import type { TFunction } from 'i18next';
import { todayInZone } from '../../../../shared/availability';
import { tourDates } from '../../../../shared/booking/tour-days';
import type { Locale } from '../../../../shared/locales';
import { formatCalendarDate, formatInstant, zoneName } from '../../../lib/format';

/** A refusal as the server sends it (`{ code, fields }`, src/shared/errors.ts). */
export interface Refusal {
  code?: string;
  fields?: { path: string; message: string }[];
}

/** What the words need to know of the choice that was refused. */
interface RefusedChoice {
  /** The first day; each of `days` follows it. */
  date: string | null;
  days?: number;
  timeZone: string;
  minPeople?: number;
  maxPeople?: number;
  minHours?: number;
  maxHours?: number;
}

/**
 * Why the server refused a booking, or a length or a time the box asked about, in words (decision
 * 176): which day ("day 2 (Dec 13)"), what is in the way (the guide's other tour and its times,
 * a day off, the notice), and what to do. The codes are those of src/shared/errors.ts; a code without
 * words of its own reads as `problems.codes.<code>`, else the general refusal. `t` reads `bookings`.
 */
export function refusalText(t: TFunction, r: Refusal, c: RefusedChoice, locale: Locale): string {
  const field = (path: string) => r.fields?.find((f) => f.path === path)?.message;
  const dates = c.date ? tourDates(c.date, c.days ?? 1) : [];
  // "day 2 (Dec 13)" for a day of several, the date alone for one.
  const dayName = (date: string) => {
    const when = formatCalendarDate(date, locale, { year: undefined });
    const n = dates.indexOf(date) + 1;
    return dates.length > 1 && n > 0 ? t('problems.refused.dayN', { n, date: when }) : when;
  };
  const zone = zoneName(c.timeZone, t('japanTime'));
  switch (r.code) {
    case 'day_unavailable': {
      const off = (r.fields ?? []).filter((f) => f.path === 'days').map((f) => dayName(f.message));
      return off.length
        ? t('problems.refused.daysOff', { count: off.length, days: off.join(t('problems.refused.listSeparator')) })
        : t('problems.codes.day_unavailable');
    }
    case 'too_short_notice': {
      const earliest = field('earliestStartsAt');
      if (!earliest) break;
      const at = formatInstant(earliest, locale, c.timeZone, false);
      return t('problems.refused.notice', { date: at.date, time: at.time, zone });
    }
    case 'slot_unavailable':
    case 'buffer_conflict': {
      const from = field('clashStartsAt');
      const to = field('clashEndsAt');
      if (!from || !to)
        return r.code === 'slot_unavailable' ? t('problems.slotTaken') : t('problems.codes.buffer_conflict');
      const day = dayName(todayInZone(c.timeZone, new Date(from)));
      const time = `${formatInstant(from, locale, c.timeZone).time}–${formatInstant(to, locale, c.timeZone).time}`;
      return t(r.code === 'slot_unavailable' ? 'problems.refused.clash' : 'problems.refused.buffer', {
        day,
        time,
        zone,
      });
    }
    case 'traveler_busy': {
      const number = field('booking');
      return number ? t('problems.refused.travelerBusy', { number }) : t('problems.codes.traveler_busy');
    }
    case 'duration_out_of_range':
      if (c.minHours !== undefined && c.maxHours !== undefined)
        return t('problems.refused.length', { min: c.minHours, max: c.maxHours });
      break;
    case 'group_size_out_of_range':
      if (c.minPeople !== undefined && c.maxPeople !== undefined)
        return t('problems.refused.group', { min: c.minPeople, max: c.maxPeople });
      break;
  }
  return t(`problems.codes.${r.code ?? 'other'}`, { defaultValue: t('problems.codes.other') });
}
