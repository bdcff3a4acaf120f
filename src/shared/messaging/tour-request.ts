/**
 * Tour request message (SPEC §3, §9): the options a traveler picks and the allowances in yen they
 * add for the guide's meal, transport and attraction tickets.
 */
export const MEAL_OPTIONS = ['fast_food', 'shared_meal'] as const;
export const TRANSPORT_OPTIONS = ['same_city', 'nearby_city', 'regional_city', 'remote', 'none'] as const;
export const TICKET_OPTIONS = ['pay_on_site_together', 'pay_in_advance', 'no_payment'] as const;
export const REJECT_REASONS = ['unavailable', 'fully_booked', 'outside_area', 'group_size', 'other'] as const;
export const TOUR_REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export type MealOption = (typeof MEAL_OPTIONS)[number];
export type TransportOption = (typeof TRANSPORT_OPTIONS)[number];
export type TicketOption = (typeof TICKET_OPTIONS)[number];
export type RejectReason = (typeof REJECT_REASONS)[number];

/** SPEC §9: about ¥1,000 per meal and per attraction ticket. */
export const MEAL_ALLOWANCE_YEN = 1000;
export const TICKET_ALLOWANCE_YEN = 1000;
/** SPEC §9 transport round trip: within 1 h, within 2 h, 2–4 h, over 4 h. */
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
