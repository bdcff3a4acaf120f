import type { Locale } from '../locales';
/**
 * Tour request message: the options a traveler picks and the allowances in yen they
 * add for the guide's meal, transport and attraction tickets.
 */
export const MEAL_OPTIONS = ['fast_food', 'shared_meal'] as const;
export const TRANSPORT_OPTIONS = ['same_city', 'nearby_city', 'regional_city', 'remote', 'none'] as const;
export const TICKET_OPTIONS = ['pay_on_site_together', 'pay_in_advance', 'no_payment'] as const;
export const REJECT_REASONS = ['unavailable', 'fully_booked', 'outside_area', 'group_size', 'other'] as const;
/** `offered`: the guide answered with an offer (decision 078); the offer tells what became of it. */
export const TOUR_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'offered'] as const;

export type MealOption = (typeof MEAL_OPTIONS)[number];
export type TransportOption = (typeof TRANSPORT_OPTIONS)[number];
export type TicketOption = (typeof TICKET_OPTIONS)[number];
export type RejectReason = (typeof REJECT_REASONS)[number];

/** docs/rules/messaging.md: about ¥1,000 per meal and per attraction ticket. */
export const MEAL_ALLOWANCE_YEN = 1000;
export const TICKET_ALLOWANCE_YEN = 1000;
/** docs/rules/booking-lifecycle.md transport round trip: within 1 h, within 2 h, 2–4 h, over 4 h. */
export const TRANSPORT_ALLOWANCE_YEN: Record<TransportOption, number> = {
  same_city: 2000,
  nearby_city: 14000,
  regional_city: 20000,
  remote: 33000,
  none: 0,
};

export interface AllowanceInput {
  meal: MealOption;
  meals: number;
  transport: TransportOption;
  tickets: TicketOption;
  ticketCount: number;
}

export interface Allowances {
  mealYen: number;
  transportYen: number;
  ticketsYen: number;
  totalYen: number;
}

/** The additional fees of a request, in whole yen. Tickets paid by nobody add nothing. */
export function tourRequestAllowances(r: AllowanceInput): Allowances {
  const mealYen = MEAL_ALLOWANCE_YEN * Math.max(0, Math.floor(r.meals));
  const transportYen = TRANSPORT_ALLOWANCE_YEN[r.transport];
  const ticketsYen = r.tickets === 'no_payment' ? 0 : TICKET_ALLOWANCE_YEN * Math.max(0, Math.floor(r.ticketCount));
  return { mealYen, transportYen, ticketsYen, totalYen: mealYen + transportYen + ticketsYen };
}

/** What a tour request preview says: when, how long, how many, and the service in the reader's language. */
export interface TourRequestPreviewInput {
  date: string;
  startTime: string;
  durationHours: number;
  travelers: number;
  service?: { nameEn: string; nameCn: string; nameJa: string } | null;
}

/**
 * The one-line summary of a tour request in the conversation list and in chat e-mails, in the
 * reader's language (decision 053): "Tour request · Food tour · Nov 30, 2026 10:00 · 3 h · 2 travelers"
 * / "行程请求 · 美食之旅 · 2026年11月30日 10:00 · 3 小时 · 2 位旅行者" / "ツアーリクエスト · 食べ歩きツアー · 2026年11月30日 10:00 · 3時間 · 2名".
 */
export function tourRequestPreview(locale: Locale, r: TourRequestPreviewInput): string {
  const day = new Date(`${r.date}T00:00:00Z`);
  const valid = !Number.isNaN(day.getTime());
  if (locale === 'ja') {
    const when = valid ? `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日` : r.date;
    return [
      'ツアーリクエスト',
      r.service?.nameJa,
      `${when} ${r.startTime}`,
      `${r.durationHours}時間`,
      `${r.travelers}名`,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  if (locale === 'zh-CN') {
    const when = valid ? `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日` : r.date;
    return [
      '行程请求',
      r.service?.nameCn,
      `${when} ${r.startTime}`,
      `${r.durationHours} 小时`,
      `${r.travelers} 位旅行者`,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  const when = valid
    ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day)
    : r.date;
  return [
    'Tour request',
    r.service?.nameEn,
    `${when} ${r.startTime}`,
    `${r.durationHours} h`,
    `${r.travelers} ${r.travelers === 1 ? 'traveler' : 'travelers'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Requests sent before decision 053 stored an English summary as their body when the note was empty. */
export const isLegacyTourRequestBody = (body: string) => /^Tour request: \d{4}-\d{2}-\d{2} /.test(body);
