import { formatPostalCode, postalCodeError } from '../../../../shared/messaging/postal-code';
import type { MealOption, TicketOption, TransportOption } from '../../../../shared/messaging/tour-request';
import type { Locale } from '../../../../shared/locales';
import type { TourRequest } from '../../../../shared/schemas/messaging';
import { dateTimeFormat } from '../../../lib/intl';
import { formatMoney, moneyFormat } from '../../../../shared/money-format';
import { localName } from '../../../lib/format';

/** What the tour request form holds (strings as typed). */
export interface TourRequestDraft {
  date: string;
  startTime: string;
  durationHours: string;
  travelers: string;
  meal: MealOption;
  meals: string;
  transport: TransportOption;
  tickets: TicketOption;
  ticketCount: string;
  itinerary: string;
  groupComposition: string;
  meetingAddress: string;
  meetingPostalCode: string;
  /** Set when the meeting point was chosen from the list; a typed address clears them. */
  meetingLat: number | null;
  meetingLng: number | null;
  /** The chosen service subcategory id ('' until one is chosen from the guide's own services). */
  subcategoryId: string;
  note: string;
}

export const emptyDraft = (): TourRequestDraft => ({
  date: '',
  startTime: '10:00',
  durationHours: '4',
  travelers: '2',
  meal: 'shared_meal',
  meals: '1',
  transport: 'same_city',
  tickets: 'pay_on_site_together',
  ticketCount: '0',
  itinerary: '',
  groupComposition: '',
  meetingAddress: '',
  meetingPostalCode: '',
  meetingLat: null,
  meetingLng: null,
  subcategoryId: '',
  note: '',
});

/** Message keys (namespace messaging, `tour.errors.*`) per field. */
export type TourRequestErrors = Partial<Record<keyof TourRequestDraft, string>>;

const int = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : NaN);

/**
 * docs/rules/messaging.md postal code and meeting address rules with the spec's messages, plus the contract's
 * ranges (date, HH:MM, 1–12 hours, 1–50 travelers, 0–10 meals, 0–20 tickets, an itinerary) and a
 * service chosen from the guide's own (decision 053).
 */
export function validateTourRequest(d: TourRequestDraft, today: string): TourRequestErrors {
  const e: TourRequestErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.date)) e.date = 'date';
  else if (d.date < today) e.date = 'datePast';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(d.startTime)) e.startTime = 'time';
  const hours = Number(d.durationHours);
  if (!(hours >= 1 && hours <= 12)) e.durationHours = 'duration';
  const travelers = int(d.travelers);
  if (!(travelers >= 1 && travelers <= 50)) e.travelers = 'travelers';
  const meals = int(d.meals);
  if (!(meals >= 0 && meals <= 10)) e.meals = 'meals';
  const tickets = int(d.ticketCount);
  if (!(tickets >= 0 && tickets <= 20)) e.ticketCount = 'tickets';
  if (!/^\d+$/.test(d.subcategoryId)) e.subcategoryId = 'service';
  if (!d.itinerary.trim()) e.itinerary = 'itinerary';
  if (!d.meetingAddress.trim()) e.meetingAddress = 'address';
  const postal = postalCodeError(d.meetingPostalCode);
  if (postal === 'not_digits') e.meetingPostalCode = 'postalDigits';
  else if (postal) e.meetingPostalCode = 'postalLength';
  return e;
}

/** The request body of the contract (call only when validateTourRequest found nothing). */
export function toTourRequest(d: TourRequestDraft): TourRequest {
  return {
    date: d.date,
    startTime: d.startTime,
    durationHours: Number(d.durationHours),
    travelers: int(d.travelers),
    meal: d.meal,
    meals: int(d.meals),
    transport: d.transport,
    tickets: d.tickets,
    ticketCount: d.tickets === 'no_payment' ? 0 : int(d.ticketCount),
    itinerary: d.itinerary.trim(),
    groupComposition: d.groupComposition.trim(),
    meetingAddress: d.meetingAddress.trim(),
    meetingPostalCode: formatPostalCode(d.meetingPostalCode),
    ...(d.meetingLat != null && d.meetingLng != null && { meetingLat: d.meetingLat, meetingLng: d.meetingLng }),
    subcategoryId: Number(d.subcategoryId),
  };
}

/**
 * The request's extras, yen paid on site, as their reader needs them: a traveler with about how much
 * in RMB beside (decision 105); the guide, who is paid them in yen on the day, in yen alone, whatever
 * currency she prices in (decision 164). The locale's money format either way (decision 117).
 */
export const yen = (amount: number, locale: string, reader: 'traveler' | 'guide' = 'traveler'): string =>
  reader === 'guide' ? formatMoney(amount, 'JPY', locale) : moneyFormat(locale).yenWithRmb(amount);

/** docs/rules/look-and-language.md dates: Nov 22, 2026 / 2026年11月22日 (a calendar date, so read in UTC). */
export function displayDate(iso: string, locale: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/** A service's name in the reader's language (the catalog carries both). */
export const serviceName = (s: { nameEn: string; nameCn: string; nameJa: string }, locale: Locale) =>
  localName(s, locale);
