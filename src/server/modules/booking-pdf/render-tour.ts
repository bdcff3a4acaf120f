import { groupWords } from '../../../shared/booking/group-words';
import { zonedClockTime } from '../../../shared/booking/schedule';
import { tourLengthText } from '../../../shared/booking/tour-length';
import { SERVICE_CITIES } from '../../../shared/cities';
import { localName, type Locale } from '../../../shared/locales';
import { meetingMapUrl, type MapPlace } from '../../../shared/map-links';
import { placeForReader } from '../../../shared/meeting-points';
import { field, pair, section, zoneLabel, type BookingPage } from './booking-page';
import { calendarDate } from './pdf-dates';

/** The time `hours` after a "HH:MM" start, on a 24-hour clock: "17:00". */
function endTime(startTime: string, hours: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const minutes = (h * 60 + m + Math.round(hours * 60)) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A place as its reader reads it (decision 175): a listed point's name in `locale` and its Japanese address, a typed
 * one as written; with its 〒.
 */
function placeText(p: MapPlace, locale: Locale): string {
  const postal = p.meetingPostalCode ? `〒${p.meetingPostalCode} ` : '';
  return postal + placeWords(p, locale);
}

/** The place's words without its 〒: a listed point by its name in `locale` (京都駅 in Japanese), else as typed. */
function placeWords(p: MapPlace, locale: Locale): string {
  const shown = placeForReader(p, locale);
  return shown.kind === 'listed' ? `${shown.name} · ${shown.addressJa}` : shown.text;
}

function cityName(slug: string, locale: Locale): string {
  const city = SERVICE_CITIES.find((c) => c.slug === slug);
  return city ? localName(city, locale) : slug;
}

/** The tour: two columns of label and value — guide | traveler, date | time, city | service, length | group. */
export function tour(p: BookingPage): void {
  const { s, b, locale } = p;
  section(p, s.sectionTour);
  const zone = zoneLabel(b.timeZone, s);
  const service = b.subcategory ? localName(b.subcategory, locale) : null;
  pair(p, [
    [s.guide, b.guide.fullName, true],
    [s.traveler, b.traveler.fullName],
  ]);
  pair(p, [
    [s.date, calendarDate(b.date, locale), true],
    [s.time, s.timeRange(b.scheduledStartTime, endTime(b.scheduledStartTime, b.duration), zone), true],
  ]);
  // Several days (decision 154): every day on its own line, each at the day's start and hours (the last with any
  // extension; day 1 later than the others after a same-day replacement, decision 140 amended).
  const days = b.schedule ?? [];
  if (days.length > 1) {
    days.forEach((d, i) => {
      const [start, end] = [d.startsAt, d.endsAt].map((at) => zonedClockTime(new Date(at), b.timeZone)) as [
        string,
        string,
      ];
      pair(p, [[s.dayN(i + 1), `${calendarDate(d.date, locale)}  ${s.timeRange(start, end, zone)}`]]);
    });
  }
  pair(p, [[s.city, cityName(b.guide.serviceCity, locale)], service ? [s.service, service] : null]);
  // The length as "3 days × 8 hours" and the group on its own (decision 179), never multiplied into each other.
  pair(p, [
    [s.duration, tourLengthText(b.days, b.duration, locale)],
    [s.travelers, groupWords(b, locale)],
  ]);
  p.y += 8;
}

/** The meeting point, or each day's plan when several days have their own; then the traveler's notes. */
export function meeting(p: BookingPage): void {
  const { s, b, locale } = p;
  const days = b.schedule ?? [];
  const plans = days.length > 1 ? (b.dayPlans ?? []) : [];
  if (plans.some((d) => d.meetingAddress || d.startTime || d.plan)) {
    // Several days with plans (decisions 178, 179): a block a day — its time to meet, its place in the
    // reader's language (a day without its own is met where the booking says) with its map, its plan.
    section(p, s.sectionDays, 60);
    const zone = zoneLabel(b.timeZone, s);
    for (const d of plans) {
      const at = d.meetingAddress ? d : b;
      const place = at.meetingAddress ? placeText(at, locale) : s.meetingUnset;
      const date = days[d.day - 1]?.date ?? d.date;
      field(
        p,
        s.dayN(d.day),
        [calendarDate(date, locale), d.startTime && s.meetAt(d.startTime, zone)].filter(Boolean).join('  '),
        { strong: true },
      );
      field(p, '', place);
      const map = at.meetingAddress ? meetingMapUrl(at, locale) : null;
      if (map) field(p, '', s.mapOpen, { link: map });
      if (d.plan) field(p, '', d.plan);
    }
  } else {
    section(p, s.sectionMeeting);
    if (b.meetingAddress) {
      // A listed point in the reader's language (decision 195), never the words of the traveler's language.
      field(p, s.address, placeWords(b, locale), { strong: true });
      if (b.meetingPostalCode) field(p, s.postalCode, b.meetingPostalCode);
      // The place on a map, by its coordinates when chosen from the list, else by its address.
      const map = meetingMapUrl(b, locale);
      if (map) field(p, s.map, s.mapOpen, { link: map });
    } else {
      field(p, s.address, s.meetingUnset);
    }
  }
  if (b.notes) field(p, s.notes, b.notes.length > 400 ? `${b.notes.slice(0, 400)}…` : b.notes);
  p.y += 8;
}
