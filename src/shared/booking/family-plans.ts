import type { Currency } from '../currency';
import type { ExtraKind, GuideExtra } from './money-rules';

/**
 * What a family settles with the guide up front (decision 178): a plan for each day, the extras
 * they will pay at cost, and the children's ages and needs. Pure rules shared by the checkout, the
 * later edit of the plans and the web's booking box.
 */

/** The extras a traveler may tick: every declared kind but overtime, which is the on-tour extension (decision 152). */
export const CHOOSABLE_EXTRA_KINDS = [
  'entrance_tickets',
  'meals',
  'public_transport',
  'guide_travel',
  'other',
] as const satisfies readonly ExtraKind[];
export type ChoosableExtraKind = (typeof CHOOSABLE_EXTRA_KINDS)[number];

/**
 * A day's plan as a booking stores it: `day` 1..days, the place as the booking's own (typed, or a listed point's
 * coordinates).
 */
export interface StoredDayPlan {
  day: number;
  meetingAddress: string | null;
  meetingPostalCode: string | null;
  meetingLat: number | null;
  meetingLng: number | null;
  /** The time to meet that day, HH:MM in the guide's zone; a note, not the booked start. */
  startTime: string | null;
  plan: string | null;
  /** Who last wrote the day's words: their account language tells a Han-only text's language (decision 146). */
  by: 'traveler' | 'guide';
}

/** An extra chosen at the checkout as the guide declared it then, in the guide's currency: paid at cost, in person. */
export interface ChosenExtra {
  kind: ChoosableExtraKind;
  /** About what it costs, paid in person at cost; never charged online. */
  priceCents: number;
  currency: Currency;
  note: string | null;
}

/** The guide's extras a traveler may tick: not included, with a typical price, and not overtime. */
export function choosableExtras(
  extras: readonly GuideExtra[],
): (GuideExtra & { kind: ChoosableExtraKind; priceCents: number })[] {
  return extras.filter(
    (e): e is GuideExtra & { kind: ChoosableExtraKind; priceCents: number } =>
      e.kind !== 'overtime_hour' && !e.included && e.priceCents !== undefined,
  );
}

/**
 * The kinds chosen, as the guide declares them now, or the kinds the guide does not offer that way.
 * A kind declared more than once (`other` may repeat, decision 151) brings each declaration.
 */
export function chooseExtras(
  extras: readonly GuideExtra[],
  kinds: readonly ExtraKind[],
  currency: Currency,
): { chosen: ChosenExtra[] } | { refused: ExtraKind[] } {
  const offered = choosableExtras(extras);
  const refused = kinds.filter((k) => !offered.some((e) => e.kind === k));
  if (refused.length) return { refused };
  const wanted = new Set(kinds);
  return {
    chosen: offered
      .filter((e) => wanted.has(e.kind))
      .map((e) => ({ kind: e.kind, priceCents: e.priceCents, currency, note: e.note?.trim() || null })),
  };
}

/** Children are 3–11 and infants 0–2 (decision 152). */
export const CHILD_MIN_AGE = 3;
export const MAX_CHILD_AGE = 11;

/**
 * Whether the ages name exactly the group's children and infants: as many ages 3–11 as children and
 * 0–2 as infants. Null when they do, else why not.
 */
export function childAgesRefusal(ages: readonly number[], group: { children: number; infants: number }): string | null {
  if (ages.length !== group.children + group.infants)
    return `one age for each of the ${group.children + group.infants} children and infants`;
  const infants = ages.filter((a) => a < CHILD_MIN_AGE).length;
  if (infants !== group.infants)
    return `${group.infants} ages under ${CHILD_MIN_AGE} (infants) and ${group.children} from ${CHILD_MIN_AGE} to ${MAX_CHILD_AGE} (children)`;
  return null;
}

/**
 * The plans that stay when a booking keeps only its first `days` days (a day dropped takes its plan
 * with it). Days are numbered from the first, so dropping the last days is the only change there is.
 */
export function dropDayPlans<P extends { day: number }>(plans: readonly P[] | null, days: number): P[] {
  return (plans ?? []).filter((p) => p.day <= days);
}

/** A plan with nothing in it is not kept: an empty day reads as one with no plan. */
export function isEmptyDayPlan(p: Pick<StoredDayPlan, 'meetingAddress' | 'startTime' | 'plan'>): boolean {
  return !p.meetingAddress && !p.startTime && !p.plan;
}
