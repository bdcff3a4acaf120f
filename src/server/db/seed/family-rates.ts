import { SERVICE_CITIES } from '../../../shared/cities';
import { MAX_DAY_HOURS, MIN_DAY_HOURS } from '../../../shared/booking/tour-days';
import type { Currency } from '../../../shared/currency';
import type { GeneratedGuide } from './guide-data';

/**
 * Demo prices a family meets (decision 180): about a third of the demo guides sell something besides
 * the hour per person — a whole day, a private group, or a child's price — spread over every city,
 * with several of each in Kyoto, Osaka and Tokyo, where most families go. Chosen by each guide's
 * place in its city (no draw), after the prices are in the guide's own currency, so every guide
 * drawn stays as it was and each new price is reckoned against the guide's own hourly price.
 */
export type FamilyRate = 'day' | 'group' | 'child';

/** By a guide's place among its city's guides (0 is the first, whose bookings the other seed steps make). */
const BY_PLACE: Record<number, FamilyRate> = { 2: 'day', 4: 'group' };
/** The three cities families book most get two more each. */
const BUSY_CITIES: Record<number, FamilyRate> = { 6: 'child', 7: 'group' };
const BUSY = new Set(['kyoto', 'osaka', 'tokyo']);
/** What a day costs against its hours at the hourly price: a day is sold a fifth cheaper. */
const DAY_SHARE = 0.8;
/** Prices as a guide writes them: whole tens of yuan (in fen), whole hundreds of yen; a day's yen in thousands. */
const STEP: Record<Currency, number> = { CNY: 1_000, JPY: 100 };
const DAY_STEP: Record<Currency, number> = { CNY: 1_000, JPY: 1_000 };
/** A day's hours by the city's place in the list, so the demo shows several lengths of day. */
const DAY_HOURS = [8, 7, 9, 6, 10] as const;

const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);

/** Which family price a listed guide sells, by city and place; none for the others. */
export function familyRateOf(city: string, place: number): FamilyRate | undefined {
  const kind = BY_PLACE[place] ?? (BUSY.has(city) ? BUSY_CITIES[place] : undefined);
  // Sapporo's day guide is the showcase of guides.ts (the browser test of several days books her).
  return kind === 'day' && city === 'sapporo' ? 'child' : kind;
}

/** Sets the family prices on the generated guides (the demo guide and the Japanese-only guide keep theirs). */
export function familyRates(list: GeneratedGuide[], keep: ReadonlySet<string>): void {
  const places = new Map<string, number>();
  for (const g of list) {
    if (keep.has(g.username)) continue;
    const city = g.guide.serviceCity;
    const place = places.get(city) ?? 0;
    places.set(city, place + 1);
    const kind = familyRateOf(city, place);
    if (kind === 'day') sellDays(g, DAY_HOURS[SERVICE_CITIES.findIndex((c) => c.slug === city) % DAY_HOURS.length]!);
    if (kind === 'group') sellGroup(g);
    if (kind === 'child') sellToFamilies(g, 60);
  }
}

/**
 * A whole day (一日地陪): one window a working day from 8:00 at the latest (no lunch gap: the guide
 * is with the family all day), three working days in a row at least so a trip of several days fits,
 * the day's hours within the window and the rates' 6–10, the price a fifth under those hours at the
 * hourly price, overtime at the hourly price and children at half.
 */
function sellDays(g: GeneratedGuide, wanted: number): void {
  const d = g.guide;
  const currency = d.currency ?? 'CNY';
  const days = new Set(g.weekly.map((w) => w.weekday));
  // A run of three days (Sunday is followed by Monday): add the days after the first worked day.
  const runOf3 = [...days].some((w) => days.has((w % 7) + 1) && days.has(((w + 1) % 7) + 1));
  if (!runOf3) {
    const first = Math.min(...days);
    days.add((first % 7) + 1).add(((first + 1) % 7) + 1);
  }
  // A family's day starts early: by 8:00 at the latest.
  const start = Math.min(8 * 60, ...g.weekly.map((w) => w.startMinute));
  const end = Math.max(...g.weekly.map((w) => w.endMinute));
  g.weekly = [...days].sort((a, b) => a - b).map((weekday) => ({ weekday, startMinute: start, endMinute: end }));
  const dayHours = Math.max(MIN_DAY_HOURS, Math.min(wanted, MAX_DAY_HOURS, Math.floor((end - start) / 60)));
  d.dayHours = dayHours;
  d.dayRateCents = roundTo(d.basicPricePerHourCents * dayHours * DAY_SHARE, DAY_STEP[currency]);
  d.maxDurationHours = Math.max(d.maxDurationHours, dayHours);
  d.extras = [
    { kind: 'overtime_hour', included: false, priceCents: d.basicPricePerHourCents },
    { kind: 'guide_travel', included: true },
    ...atCost(currency),
  ];
  sellToFamilies(g, 50);
}

/**
 * A private group: the hourly price covers up to four (two when the guide takes two at most), and is
 * what that many paid an hour before (the hourly price and the further people's), so a family of
 * that size pays as before and a smaller party no more; each person beyond pays the further price.
 * A service's own price covers the same group, raised alike.
 */
function sellGroup(g: GeneratedGuide): void {
  const d = g.guide;
  const currency = d.currency ?? 'CNY';
  // Every guide takes two at least (guide-data.ts).
  const included = d.maxPeople >= 4 ? 4 : 2;
  const more = d.additionalPricePerPersonCents * (included - 1);
  d.includedPeople = included;
  d.basicPricePerHourCents = roundTo(d.basicPricePerHourCents + more, STEP[currency]);
  g.services = g.services.map((s) =>
    s.priceCents === null ? s : { ...s, priceCents: roundTo(s.priceCents + more, STEP[currency]) },
  );
  if (!d.targetGroups.includes('group')) d.targetGroups = [...d.targetGroups, 'group'];
}

/**
 * What a family pays at cost on the day (decision 178), priced as a guide would say it: a day's train
 * and bus fares and a lunch a person, so the booking box has extras to choose and their cost to show.
 */
const AT_COST: Record<Currency, { transport: number; meals: number }> = {
  CNY: { transport: 6_000, meals: 8_000 },
  JPY: { transport: 1_500, meals: 1_500 },
};
const atCost = (currency: Currency) => [
  { kind: 'public_transport' as const, included: false, priceCents: AT_COST[currency].transport },
  { kind: 'meals' as const, included: false, priceCents: AT_COST[currency].meals },
];

/**
 * Children (3–11) at `percent` of the further person's price, infants free; the guide takes a family of four and says
 * so, with the costs of a family's day.
 */
function sellToFamilies(g: GeneratedGuide, percent: number): void {
  const d = g.guide;
  if (!d.extras?.some((e) => e.kind === 'meals'))
    d.extras = [...(d.extras ?? []).filter((e) => e.kind !== 'public_transport'), ...atCost(d.currency ?? 'CNY')];
  d.maxPeople = Math.max(d.maxPeople, 4);
  d.childPricePercent = percent;
  d.infantsFree = true;
  for (const group of ['family', 'child'])
    if (!d.targetGroups.includes(group)) d.targetGroups = [...d.targetGroups, group];
}
