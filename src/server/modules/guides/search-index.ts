import { isoWeekday, todayInZone, weekdayBit } from '../../../shared/availability';
import type { SEARCH_LANGUAGES } from '../../../shared/price-range';
import type { TextLanguage } from '../../../shared/guide-texts';
import { activeSearchFilters, withoutSearchFilter, type SearchFilter } from '../../../shared/guide-search';
import type { GuideSearchQuery } from '../../../shared/schemas/guide-search';
import { chosenServices, CityColumns, lowerBound, type CountFilter } from './search-columns';
import { exceptionMinutes, packedTripFits, searchTrip, tripCorrections } from './search-days';
import { DAYS_SHIFT, INSTANT_BIT, LICENSED_BIT, MAX_SMALL, SortedList } from './sorted-list';
import { MINOR_PER_MAJOR, type Currency } from '../../../shared/currency';
import {
  byPrice,
  priced,
  priceIn,
  type Compare,
  type IndexedException,
  type IndexedGuide,
  type PricedGuide,
} from './search-prices';

/**
 * The in-memory search index: what a search filters and sorts on, for every listed guide, kept in
 * the orders searches ask for. Pure data (no database): `guide-search.ts` loads it and applies the
 * changes PostgreSQL announces. See docs/decisions/036-in-memory-search-index.md.
 */

/** The bits of guides.language_mask (the generated column in the schema). */
const LANGUAGE_BITS: Record<SearchLanguage, number> = { zh: 1, ja: 2, en: 4 };

type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** Every order ends on the id, so two entries compare equal only when they are the same guide. */
const byRating: Compare = (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id;
const speaksChinese = (g: IndexedGuide) => g.languageMask & LANGUAGE_BITS.zh;
const ORDERS = {
  recommended: byRating,
  /** "推荐" for a Chinese reader: guides who speak Chinese first (a Japanese-only bio topped it). */
  recommendedZh: (a, b) => speaksChinese(b) - speaksChinese(a) || byRating(a, b),
  price: byPrice,
  id: (a, b) => a.id - b.id,
} satisfies Record<string, Compare>;
type OrderName = keyof typeof ORDERS;

/** Which stored order a sort walks, and in which direction (price_desc is price_asc backwards). */
const SORTS: Record<GuideSearchQuery['sort'], { order: OrderName; reverse: boolean }> = {
  recommended: { order: 'recommended', reverse: false },
  rating: { order: 'recommended', reverse: false },
  price_asc: { order: 'price', reverse: false },
  price_desc: { order: 'price', reverse: true },
  newest: { order: 'id', reverse: true },
};

export interface SearchHits {
  /** The ids of the requested page, in order. */
  ids: number[];
  total: number;
}

const EMPTY = new SortedList(ORDERS.id);

export class SearchIndex {
  /** How a page is found: by cost (default), or always one way (tests prove both agree). */
  constructor(
    private readonly pageStrategy: 'auto' | 'walk' | 'collect' = 'auto',
    /** Yen per yuan the prices are compared at (decision 168); the search sets the current one. */
    private jpyPerCny = '20',
  ) {}

  private readonly byId = new Map<number, PricedGuide>();
  /** Per order: all listed guides, and the guides of each city. */
  private readonly lists = Object.fromEntries(
    Object.entries(ORDERS).map(([name, compare]) => [
      name,
      { all: new SortedList(compare), byCity: new Map<string, SortedList>() },
    ]),
  ) as Record<OrderName, { all: SortedList; byCity: Map<string, SortedList> }>;
  /** date → guide id → the window's minutes, 0 off (an exception replaces the weekly schedule for its date). */
  private readonly exceptions = new Map<string, Map<number, number>>();
  private readonly exceptionDates = new Map<number, string[]>();
  /** Per city: the typed columns the totals are counted on. */
  private readonly columns = new Map<string, CityColumns>();
  /** Time zones by number (the columns hold the number). */
  private readonly zoneOf = new Map<string, number>();
  private readonly zoneNames: string[] = [];

  get size(): number {
    return this.byId.size;
  }

  /** Whether the guide is in the index (listed). */
  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** The ids of every listed guide, ascending. */
  ids(): number[] {
    return this.lists.id.all.items.map((g) => g.id);
  }

  /**
   * The lowest and highest hourly price of listed guides in `currency`'s minor unit at the index's rate (null without
   * guides).
   */
  priceRange(currency: Currency = 'CNY'): { lowest: number; highest: number } | null {
    const items = this.lists.price.all.items;
    const price = priceIn(currency);
    return items.length ? { lowest: price(items[0]!), highest: price(items.at(-1)!) } : null;
  }

  /** The rate the prices are compared at. */
  get rate(): string {
    return this.jpyPerCny;
  }

  /**
   * Compares the prices at another rate: each guide's price converted once more and the orders and
   * columns built again (a rate changes daily at most), the exceptions kept.
   */
  reprice(jpyPerCny: string): void {
    if (jpyPerCny === this.jpyPerCny) return;
    this.jpyPerCny = jpyPerCny;
    this.build([...this.byId.values()]);
  }

  /** Replaces everything: the listed guides and their exceptions. */
  load(guides: IndexedGuide[], exceptions: IndexedException[]): void {
    this.build(guides);
    this.exceptions.clear();
    this.exceptionDates.clear();
    for (const e of exceptions) this.addException(e);
  }

  /** The orders and columns of these guides, priced at the index's rate. */
  private build(guides: IndexedGuide[]): void {
    this.byId.clear();
    for (const g of guides) this.byId.set(g.id, priced(g, this.jpyPerCny));
    const byCity = new Map<string, PricedGuide[]>();
    for (const g of this.byId.values()) {
      const city = byCity.get(g.city);
      if (city) city.push(g);
      else byCity.set(g.city, [g]);
    }
    for (const [name, list] of Object.entries(this.lists)) {
      list.all.reset([...this.byId.values()]);
      list.byCity.clear();
      for (const [city, items] of byCity) list.byCity.set(city, new SortedList(ORDERS[name as OrderName], [...items]));
    }
    this.columns.clear();
    // In the columns' own order (price, then id), so adding moves nothing.
    for (const g of this.lists.price.all.items) this.addColumns(g);
  }

  /**
   * Replaces some guides: `listed` holds the ones that are listed now (absent ids are removed:
   * paused, suspended or deleted), `exceptions` all current exceptions of the given ids.
   */
  update(ids: Iterable<number>, listed: IndexedGuide[], exceptions: IndexedException[]): void {
    const now = new Map(listed.map((g) => [g.id, g]));
    for (const id of ids) {
      const old = this.byId.get(id);
      if (old) this.remove(old);
      const fresh = now.get(id);
      if (fresh) this.insert(priced(fresh, this.jpyPerCny));
      for (const date of this.exceptionDates.get(id) ?? []) this.exceptions.get(date)?.delete(id);
      this.exceptionDates.delete(id);
    }
    for (const e of exceptions) this.addException(e);
  }

  private addColumns(g: PricedGuide): void {
    let zone = this.zoneOf.get(g.timeZone);
    if (zone === undefined) this.zoneOf.set(g.timeZone, (zone = this.zoneNames.push(g.timeZone) - 1));
    let city = this.columns.get(g.city);
    if (!city) this.columns.set(g.city, (city = new CityColumns()));
    city.add(g, zone);
  }

  private insert(g: PricedGuide): void {
    this.byId.set(g.id, g);
    this.addColumns(g);
    for (const [name, list] of Object.entries(this.lists)) {
      list.all.insert(g);
      let city = list.byCity.get(g.city);
      if (!city) list.byCity.set(g.city, (city = new SortedList(ORDERS[name as OrderName])));
      city.insert(g);
    }
  }

  private remove(g: PricedGuide): void {
    this.byId.delete(g.id);
    this.columns.get(g.city)?.remove(g);
    for (const list of Object.values(this.lists)) {
      list.all.remove(g);
      list.byCity.get(g.city)?.remove(g);
    }
  }

  private addException(e: IndexedException): void {
    let day = this.exceptions.get(e.date);
    if (!day) this.exceptions.set(e.date, (day = new Map()));
    day.set(e.guideId, exceptionMinutes(e));
    const dates = this.exceptionDates.get(e.guideId);
    if (dates) dates.push(e.date);
    else this.exceptionDates.set(e.guideId, [e.date]);
  }

  /**
   * One page of a search and the total (docs/decisions/032). The total is a
   * count over the city's typed columns, by weekly schedule, corrected by that date's exceptions;
   * the page walks the stored order of the city (or of all guides) and stops once it is full.
   */
  search(
    q: GuideSearchQuery,
    excludeUserId: number | undefined,
    now: Date = new Date(),
    reader: TextLanguage = 'en',
  ): SearchHits {
    const filter = this.compile(q, excludeUserId, now);
    if (!filter) return { ids: [], total: 0 };
    const cities = this.citiesOf(q);
    const total = this.countOf(q, filter, cities);

    const { order, reverse } =
      q.sort === 'recommended' && reader === 'zh'
        ? ({ order: 'recommendedZh', reverse: false } as const)
        : SORTS[q.sort];
    const offset = (q.page - 1) * q.limit;
    const list = (q.city ? this.lists[order].byCity.get(q.city) : this.lists[order].all) ?? EMPTY;
    const items = list.items;
    // In price order, every match lies between the price bounds: walk only that stretch.
    let [from, to] = [0, items.length];
    if (order === 'price') {
      const price = priceIn(q.currency);
      from = lowerBound(items, (g) => price(g) < filter.count.minCents);
      to = lowerBound(items, (g) => price(g) <= filter.count.maxCents);
    }
    // Walking visits about (offset + limit) / (share of the stretch that matches) guides; when
    // matches are rare, collecting them from the columns and sorting them is cheaper.
    const span = to - from;
    const walkCost = 5 * Math.min(span, ((offset + q.limit) * span) / Math.max(total, 1));
    const collectCost = cities.reduce((n, c) => n + c.size, 0) + 2 * total * Math.log2(total + 1);
    if (this.pageStrategy === 'collect' || (this.pageStrategy === 'auto' && collectCost < walkCost)) {
      const ids: number[] = [];
      for (const city of cities) city.scan(filter.count, ids);
      const found = new Map(ids.map((id) => [id, this.byId.get(id)!]));
      for (const [g, available] of this.exceptionCorrections(q, filter)) {
        if (available) found.set(g.id, g);
        else found.delete(g.id);
      }
      const compare = ORDERS[order];
      const sorted = [...found.values()].sort(reverse ? (a, b) => compare(b, a) : compare);
      return { ids: sorted.slice(offset, offset + q.limit).map((g) => g.id), total };
    }
    const ids: number[] = [];
    let seen = 0;
    for (let k = 0; k < span && ids.length < q.limit && seen < total; k++) {
      const at = reverse ? to - 1 - k : from + k;
      if (!filter.matchesAt(list, at)) continue;
      if (seen++ >= offset) ids.push(list.ids[at]!);
    }
    return { ids, total };
  }

  /**
   * For a search that found nobody: how many it finds without each of its filters, one at a time
   * (decision 104), so the empty page can name what emptied it. Undefined when no filter narrows it.
   * Counting only (no page): a few column scans, and never on a search that found someone.
   */
  countsWithout(
    q: GuideSearchQuery,
    excludeUserId: number | undefined,
    now: Date = new Date(),
  ): Partial<Record<SearchFilter, number>> | undefined {
    const active = activeSearchFilters(q);
    if (active.length === 0) return undefined;
    const counts: Partial<Record<SearchFilter, number>> = {};
    for (const f of active) {
      const wider = withoutSearchFilter(q, f);
      const filter = this.compile(wider, excludeUserId, now);
      counts[f] = filter ? this.countOf(wider, filter, this.citiesOf(wider)) : 0;
    }
    return counts;
  }

  private citiesOf(q: GuideSearchQuery): CityColumns[] {
    return q.city ? [this.columns.get(q.city)].filter((c) => c !== undefined) : [...this.columns.values()];
  }

  /** The total: a count over the cities' columns by weekly schedule, corrected by that date's exceptions. */
  private countOf(
    q: GuideSearchQuery,
    filter: NonNullable<ReturnType<SearchIndex['compile']>>,
    cities: CityColumns[],
  ): number {
    let total = 0;
    for (const city of cities) total += city.scan(filter.count);
    for (const [, available] of this.exceptionCorrections(q, filter)) total += available ? 1 : -1;
    return total;
  }

  /**
   * The guides whose exception for the searched date changes the answer the weekly schedule gives:
   * true when an exception adds the day, false when it takes it away.
   */
  private *exceptionCorrections(
    q: GuideSearchQuery,
    filter: NonNullable<ReturnType<SearchIndex['compile']>>,
  ): Generator<[PricedGuide, boolean]> {
    const { trip, byDate } = filter;
    if (trip !== null) {
      yield* tripCorrections(trip, byDate, q.city, (id) => this.byId.get(id), filter.base);
      return;
    }
    if (!filter.dayExceptions) return;
    for (const [id, minutes] of filter.dayExceptions) {
      const g = this.byId.get(id);
      if (!g || (q.city && g.city !== q.city) || !filter.base(g)) continue;
      const weekly = (g.weeklyDays & filter.count.dayBit) !== 0;
      if (minutes > 0 !== weekly) yield [g, minutes > 0];
    }
  }

  /** The query as a counting filter and as predicates on one guide; null when nothing can match. */
  private compile(q: GuideSearchQuery, excludeUserId: number | undefined, now: Date) {
    const date = q.date;
    const trip = searchTrip(q);
    const currency = q.currency ?? 'CNY';
    const inYen = currency === 'JPY';
    let zonePast: Uint8Array | null = null;
    if (date) {
      // "Not in the past" is decided in each guide's own zone. Where every zone on Earth agrees
      // (all days but one), that is one decision for the whole query; on that day, one per zone.
      if (date < todayInZone('Etc/GMT+12', now)) return null;
      if (date < todayInZone('Etc/GMT-14', now))
        zonePast = Uint8Array.from(this.zoneNames, (zone) => (date < todayInZone(zone, now) ? 1 : 0));
    }
    const count: CountFilter = {
      languageBit: q.language ? LANGUAGE_BITS[q.language]! : 0,
      travelers: q.travelers ?? -1,
      // The band is whole yuan or yen, as the query's currency says (decision 168).
      minCents: q.minPrice === undefined ? -Infinity : q.minPrice * MINOR_PER_MAJOR[currency],
      maxCents: q.maxPrice === undefined ? Infinity : q.maxPrice * MINOR_PER_MAJOR[currency],
      inYen,
      excludeUserId: excludeUserId ?? -1,
      dayBit: trip ? trip.mask : date ? weekdayBit(isoWeekday(date)) : 0,
      dayMinutes: trip && trip.need > 1 ? trip : null,
      zonePast,
      licensedOnly: q.licensed === true,
      instantOnly: q.instantBook === true,
      ...chosenServices(q.services),
    };
    const { languageBit, travelers, minCents, maxCents, dayBit } = count;
    const services = q.services?.length ? new Set(q.services) : null;
    const zoneOf = this.zoneOf;
    const base = (g: PricedGuide) =>
      (languageBit === 0 || (g.languageMask & languageBit) !== 0) &&
      (inYen ? g.priceYen : g.priceCents) >= minCents &&
      (inYen ? g.priceYen : g.priceCents) <= maxCents &&
      (travelers < 0 || (g.minPeople <= travelers && g.maxPeople >= travelers)) &&
      g.userId !== excludeUserId &&
      (services === null || g.serviceIds.some((id) => services.has(id))) &&
      (zonePast === null || zonePast[zoneOf.get(g.timeZone)!] === 0) &&
      (!count.licensedOnly || g.licensed) &&
      (!count.instantOnly || g.instantBook);
    const dayExceptions = date ? this.exceptions.get(date) : undefined;
    const byDate = trip ? trip.dates.map((d) => this.exceptions.get(d)) : [];
    const { serviceBitsLow, serviceBitsHigh } = count;
    // Ids of 64 and more are in no bit word: then a guide without a chosen low id is asked its list.
    const bitsDecide = services !== null && count.services === null;
    const licensed = (count.licensedOnly ? LICENSED_BIT : 0) | (count.instantOnly ? INSTANT_BIT : 0);
    /** `base` and the date, for the guide at a position of a list, read from its packed columns. */
    const matchesAt = (list: SortedList, at: number): boolean => {
      const t = list.traits[at]!;
      if ((languageBit !== 0 && (t & languageBit) === 0) || (t & licensed) !== licensed) return false;
      const p = inYen ? list.priceYen[at]! : list.price[at]!;
      if (p < minCents || p > maxCents) return false;
      if (travelers >= 0) {
        const people = list.people[at]!;
        if ((people & MAX_SMALL) > travelers || people >>> 16 < travelers) return false;
      }
      if (
        services !== null &&
        (list.serviceLow[at]! & serviceBitsLow) === 0 &&
        (list.serviceHigh[at]! & serviceBitsHigh) === 0
      ) {
        if (bitsDecide || !list.items[at]!.serviceIds.some((id) => services.has(id))) return false;
      }
      if (excludeUserId !== undefined || zonePast !== null) {
        const g = list.items[at]!;
        if (g.userId === excludeUserId || (zonePast !== null && zonePast[zoneOf.get(g.timeZone)!] === 1)) return false;
      }
      if (trip !== null) return packedTripFits(list, at, t >>> DAYS_SHIFT, trip, byDate);
      const minutes = dayBit === 0 ? 1 : dayExceptions?.get(list.ids[at]!);
      return minutes === undefined ? ((t >>> DAYS_SHIFT) & dayBit) !== 0 : minutes > 0;
    };
    return { count, base, matchesAt, trip, byDate, dayExceptions: dayExceptions?.size ? dayExceptions : undefined };
  }
}
