import { byPrice, type PricedGuide } from './search-prices';
import { packedFits, packedWindows, type SearchTrip } from './search-days';

/** The filters of one search in the form the counting loop reads (no optional values). */
export interface CountFilter {
  /** 0: any language. */
  languageBit: number;
  /** -1: any group size. */
  travelers: number;
  /** The band, in fen or (`inYen`) in yen. */
  minCents: number;
  maxCents: number;
  inYen: boolean;
  /** -1: nobody excluded. */
  excludeUserId: number;
  /** 0: no date; otherwise the weekday bit, or each of a trip's weekdays' bits (exceptions are added afterwards). */
  dayBit: number;
  /** A trip whose days need more than any hours (decision 197): each weekday's window is checked guide by guide. */
  dayMinutes: SearchTrip | null;
  /** Per zone number: 1 when the date is already past there; null when past nowhere. */
  zonePast: Uint8Array | null;
  /** Chosen service ids below 64 as bits (ids 0–31, 32–63); both 0 with `services` null: any. */
  serviceBitsLow: number;
  serviceBitsHigh: number;
  /** Set only when a chosen id is 64 or more: then the guides' id lists are searched. */
  services: ReadonlySet<number> | null;
  /** Only guides with a verified licence (decision 092). */
  licensedOnly: boolean;
  /** Only guides taking instant bookings (decision 153). */
  instantOnly: boolean;
}

/** A set of service ids as two 32-bit masks (ids 64 and up are left out). */
export function serviceBits(ids: Iterable<number>): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const id of ids) {
    if (id < 32) low |= 1 << id;
    else if (id < 64) high |= 1 << (id - 32);
  }
  return { low, high };
}

/** The chosen services as the counting loop wants them: bits, plus the id set if an id is ≥ 64. */
export function chosenServices(
  ids: number[] | undefined,
): Pick<CountFilter, 'serviceBitsLow' | 'serviceBitsHigh' | 'services'> {
  if (!ids?.length) return { serviceBitsLow: 0, serviceBitsHigh: 0, services: null };
  const { low, high } = serviceBits(ids);
  return { serviceBitsLow: low, serviceBitsHigh: high, services: ids.some((id) => id >= 64) ? new Set(ids) : null };
}

/** The first index at which `before` turns false (it must be true, then false, along the array). */
export function lowerBound<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const INITIAL_CAPACITY = 64;

/** Bitset rows: one per language bit (zh, ja, en), one per weekday (Monday … Sunday), "licensed", "instant", */
const LANGUAGE_ROWS = 3;
const LICENSED_ROW = LANGUAGE_ROWS + 7;
const INSTANT_ROW = LICENSED_ROW + 1;
/** … one per group size 1–MAX_GROUP that fits the guide's min and max people, … */
const FITS_ROW = INSTANT_ROW + 1;
/** Group sizes with a row of their own (a guide takes at most 50); larger ones are checked guide by guide. */
const MAX_GROUP = 50;
/** … and one per service id below 64. */
const SERVICE_ROW = FITS_ROW + MAX_GROUP;
const ROWS = SERVICE_ROW + 64;

/** The number of set bits in a 32-bit word. */
function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The guides of one city as typed columns in price order, so counting a search's matches is a
 * loop over a few small arrays rather than a walk over scattered objects: the price band is a
 * stretch of slots (two binary searches), and languages, weekdays, the licence, the group sizes a
 * guide takes and the services are bitsets, so most searches count 32 guides per step without
 * looking at one. Only a search that excludes a guide, asks a group over MAX_GROUP, a service id of
 * 64 or more, or a date that is already past in some zones checks the candidates one by one.
 */
export class CityColumns {
  size = 0;
  /** The guide in each slot (its id and service list are read from here). */
  private readonly entries: PricedGuide[] = [];
  private userId = new Int32Array(INITIAL_CAPACITY);
  private price = new Int32Array(INITIAL_CAPACITY);
  private minPeople = new Int16Array(INITIAL_CAPACITY);
  private maxPeople = new Int16Array(INITIAL_CAPACITY);
  private zone = new Uint16Array(INITIAL_CAPACITY);
  /** Each weekday's longest window in half hours (`packedWindows`, decision 197). */
  private windowsLow = new Int32Array(INITIAL_CAPACITY);
  private windowsHigh = new Int32Array(INITIAL_CAPACITY);
  /** ROWS bitsets, one bit per slot; bits at and past `size` are 0. */
  private rows = Array.from({ length: ROWS }, () => new Int32Array(INITIAL_CAPACITY / 32));

  /** Adds a guide at its place in price order (a load that adds in that order moves nothing). */
  add(g: PricedGuide, zone: number): void {
    if (this.size === this.userId.length) this.grow();
    const slot = this.slotBefore(g);
    if (slot < this.size) this.open(slot);
    this.entries.splice(slot, 0, g);
    this.size++;
    this.write(slot, g, zone);
  }

  /** Removes the guide as it was added (found by its price and id). */
  remove(g: PricedGuide): void {
    const slot = this.slotBefore(g);
    if (this.entries[slot] !== g) return;
    this.close(slot);
    this.entries.splice(slot, 1);
    this.size--;
  }

  /**
   * How many guides of this city pass the filter, judging the date by the weekly schedule alone;
   * with `out`, their ids are appended to it as well.
   */
  scan(f: CountFilter, out: number[] | null = null): number {
    const {
      languageBit,
      travelers,
      minCents,
      maxCents,
      excludeUserId,
      dayBit,
      dayMinutes,
      zonePast,
      serviceBitsLow,
      serviceBitsHigh,
      services,
      licensedOnly,
      instantOnly,
    } = f;
    const { userId, minPeople, maxPeople, zone, entries, rows, windowsLow, windowsHigh } = this;
    // Fen and yen are both in order along the slots (search-prices.ts): the band is one stretch either way.
    const price = f.inYen ? (g: PricedGuide) => g.priceYen : (g: PricedGuide) => g.priceCents;
    const from = lowerBound(entries, (g) => price(g) < minCents);
    const to = lowerBound(entries, (g) => price(g) <= maxCents);
    if (from >= to) return 0;
    const all: Int32Array[] = [];
    if (languageBit !== 0) all.push(rows[31 - Math.clz32(languageBit)]!);
    for (let k = 0; k < 7; k++) if (dayBit & (1 << k)) all.push(rows[LANGUAGE_ROWS + k]!);
    if (licensedOnly) all.push(rows[LICENSED_ROW]!);
    if (instantOnly) all.push(rows[INSTANT_ROW]!);
    if (travelers >= 1 && travelers <= MAX_GROUP) all.push(rows[FITS_ROW + travelers - 1]!);
    // "Any of the chosen services": the rows of the chosen ids below 64, or-ed.
    const any: Int32Array[] = [];
    for (let id = 0; id < 64; id++)
      if ((id < 32 ? serviceBitsLow : serviceBitsHigh) & (1 << (id & 31))) any.push(rows[SERVICE_ROW + id]!);
    // What the rows cannot say: checked guide by guide.
    const oneByOne =
      excludeUserId >= 0 || zonePast !== null || services !== null || travelers > MAX_GROUP || dayMinutes !== null;
    const [a0, a1, a2, a3] = all;
    const lastWord = (to - 1) >>> 5;
    let total = 0;
    for (let w = from >>> 5; w <= lastWord; w++) {
      let m = -1;
      if (w === from >>> 5) m &= -1 << (from & 31);
      if (w === lastWord && (to & 31) !== 0) m &= (1 << (to & 31)) - 1;
      if (a0 !== undefined) m &= a0[w]!;
      if (a1 !== undefined) m &= a1[w]!;
      if (a2 !== undefined) m &= a2[w]!;
      if (a3 !== undefined) m &= a3[w]!;
      for (let k = 4; k < all.length; k++) m &= all[k]![w]!;
      if (m === 0) continue;
      // With only ids below 64 chosen, a guide needs one of their bits; with a higher id too, a
      // guide without such a bit is checked against the whole set below.
      let chosen = 0;
      for (const row of any) chosen |= row[w]!;
      if (any.length > 0 && services === null) m &= chosen;
      if (m === 0) continue;
      if (!oneByOne && out === null) {
        total += popcount(m);
        continue;
      }
      while (m !== 0) {
        const lowest = m & -m;
        m ^= lowest;
        const i = (w << 5) | (31 - Math.clz32(lowest));
        if (oneByOne) {
          if (travelers > MAX_GROUP && (minPeople[i]! > travelers || maxPeople[i]! < travelers)) continue;
          if (userId[i] === excludeUserId) continue;
          if (zonePast !== null && zonePast[zone[i]!] === 1) continue;
          if (dayMinutes !== null && !packedFits(windowsLow[i]!, windowsHigh[i]!, dayMinutes)) continue;
          if (services !== null && (chosen & lowest) === 0 && !entries[i]!.serviceIds.some((id) => services.has(id)))
            continue;
        }
        if (out !== null) out.push(entries[i]!.id);
        total++;
      }
    }
    return total;
  }

  /** The slot of a guide in the price order (search-prices.ts). */
  private slotBefore(g: PricedGuide): number {
    return lowerBound(this.entries, (x) => byPrice(x, g) < 0);
  }

  /** Moves slots `slot` … size − 1 one up (the last slot is free: `grow` made room). */
  private open(slot: number): void {
    const end = this.size;
    for (const col of this.typedColumns()) col.copyWithin(slot + 1, slot, end);
    const first = slot >>> 5;
    const keep = (1 << (slot & 31)) - 1; // the bits below `slot` in its word
    for (const row of this.rows) {
      for (let w = end >>> 5; w > first; w--) row[w] = (row[w]! << 1) | (row[w - 1]! >>> 31);
      row[first] = (row[first]! & keep) | ((row[first]! << 1) & ~keep);
    }
  }

  /** Moves slots `slot` + 1 … size − 1 one down, over `slot`; the freed last bit is cleared. */
  private close(slot: number): void {
    const end = this.size;
    for (const col of this.typedColumns()) col.copyWithin(slot, slot + 1, end);
    const first = slot >>> 5;
    const last = (end - 1) >>> 5;
    const keep = (1 << (slot & 31)) - 1;
    for (const row of this.rows) {
      const next = first < last ? row[first + 1]! << 31 : 0;
      row[first] = (row[first]! & keep) | (((row[first]! >>> 1) & ~keep) | next);
      for (let w = first + 1; w <= last; w++) row[w] = (row[w]! >>> 1) | (w < last ? row[w + 1]! << 31 : 0);
      row[last]! &= ~(1 << ((end - 1) & 31));
    }
  }

  private typedColumns() {
    return [this.userId, this.price, this.minPeople, this.maxPeople, this.zone, this.windowsLow, this.windowsHigh];
  }

  private write(slot: number, g: PricedGuide, zone: number): void {
    [this.windowsLow[slot], this.windowsHigh[slot]] = packedWindows(g);
    this.userId[slot] = g.userId;
    this.price[slot] = g.priceCents;
    this.minPeople[slot] = g.minPeople;
    this.maxPeople[slot] = g.maxPeople;
    this.zone[slot] = zone;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const set = (row: number, on: boolean) => {
      if (on) this.rows[row]![word]! |= bit;
      else this.rows[row]![word]! &= ~bit;
    };
    for (let k = 0; k < LANGUAGE_ROWS; k++) set(k, (g.languageMask & (1 << k)) !== 0);
    for (let k = 0; k < 7; k++) set(LANGUAGE_ROWS + k, (g.weeklyDays & (1 << k)) !== 0);
    set(LICENSED_ROW, g.licensed);
    set(INSTANT_ROW, g.instantBook);
    for (let t = 1; t <= MAX_GROUP; t++) set(FITS_ROW + t - 1, g.minPeople <= t && t <= g.maxPeople);
    for (let id = 0; id < 64; id++) set(SERVICE_ROW + id, false);
    for (const id of g.serviceIds) if (id >= 0 && id < 64) set(SERVICE_ROW + id, true);
  }

  private grow(): void {
    const grown = <T extends Column>(a: T) => resized(a, a.length * 2);
    this.userId = grown(this.userId);
    this.price = grown(this.price);
    this.minPeople = grown(this.minPeople);
    this.maxPeople = grown(this.maxPeople);
    this.zone = grown(this.zone);
    this.windowsLow = grown(this.windowsLow);
    this.windowsHigh = grown(this.windowsHigh);
    this.rows = this.rows.map(grown);
  }
}

type Column = Int32Array | Int16Array | Uint16Array | Uint32Array;

/** A typed column with room for `length` rows, keeping the rows of `a` that fit. */
export function resized<T extends Column>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a.length <= length ? a : a.subarray(0, length));
  return b;
}
