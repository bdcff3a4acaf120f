import type { IndexedGuide } from './search-index';

/** The filters of one search in the form the counting loop reads (no optional values). */
export interface CountFilter {
  /** 0: any language. */
  languageBit: number;
  /** -1: any group size. */
  travelers: number;
  minCents: number;
  maxCents: number;
  /** -1: nobody excluded. */
  excludeUserId: number;
  /** 0: no date; otherwise the weekday bit (exceptions are added afterwards). */
  dayBit: number;
  /** Per zone number: 1 when the date is already past there; null when past nowhere. */
  zonePast: Uint8Array | null;
  /** Chosen service ids below 64 as bits (ids 0–31, 32–63); both 0 with `services` null: any. */
  serviceBitsLow: number;
  serviceBitsHigh: number;
  /** Set only when a chosen id is 64 or more: then the guides' id lists are searched. */
  services: ReadonlySet<number> | null;
  /** Only guides with a verified licence (decision 092). */
  licensedOnly: boolean;
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

const INITIAL_CAPACITY = 64;

/** Bitset rows: one per language bit (zh, ja, en), then one per weekday (Monday … Sunday), then "licensed". */
const LANGUAGE_ROWS = 3;
const LICENSED_ROW = LANGUAGE_ROWS + 7;
const TRAIT_ROWS = LICENSED_ROW + 1;

/**
 * The guides of one city as typed columns in no particular order, so counting a search's matches
 * is a tight loop over a few small arrays rather than a walk over scattered objects. Languages and
 * weekdays are also kept as bitsets, so the loop visits only the guides that speak the language and
 * work that weekday (32 at a time). Removal moves the last row into the gap.
 */
export class CityColumns {
  size = 0;
  private readonly slotOf = new Map<number, number>();
  /** The guide in each slot (its id and service list are read from here). */
  private readonly entries: IndexedGuide[] = [];
  private userId = new Int32Array(INITIAL_CAPACITY);
  private price = new Int32Array(INITIAL_CAPACITY);
  private minPeople = new Int16Array(INITIAL_CAPACITY);
  private maxPeople = new Int16Array(INITIAL_CAPACITY);
  private zone = new Uint16Array(INITIAL_CAPACITY);
  private serviceLow = new Uint32Array(INITIAL_CAPACITY);
  private serviceHigh = new Uint32Array(INITIAL_CAPACITY);
  /** TRAIT_ROWS bitsets, one bit per slot. */
  private traits = Array.from({ length: TRAIT_ROWS }, () => new Int32Array(INITIAL_CAPACITY / 32));

  add(g: IndexedGuide, zone: number): void {
    if (this.size === this.userId.length) this.grow();
    this.write(this.size, g, zone);
    this.slotOf.set(g.id, this.size++);
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    const last = --this.size;
    if (slot !== last) {
      const moved = this.entries[last]!;
      this.write(slot, moved, this.zone[last]!);
      this.slotOf.set(moved.id, slot);
    }
    this.entries.length = last;
  }

  /**
   * How many guides of this city pass the filter, judging the date by the weekly schedule alone;
   * with `out`, their ids are appended to it as well.
   */
  scan(f: CountFilter, out: number[] | null = null): number {
    const { languageBit, travelers, minCents, maxCents, excludeUserId, dayBit, zonePast, serviceBitsLow, serviceBitsHigh, services, licensedOnly } = f;
    const { userId, price, minPeople, maxPeople, zone, serviceLow, serviceHigh, entries } = this;
    const anyService = serviceBitsLow === 0 && serviceBitsHigh === 0 && services === null;
    const languageRow = languageBit === 0 ? null : this.traits[31 - Math.clz32(languageBit)]!;
    const dayRow = dayBit === 0 ? null : this.traits[LANGUAGE_ROWS + 31 - Math.clz32(dayBit)]!;
    const licensedRow = licensedOnly ? this.traits[LICENSED_ROW]! : null;
    const fullWords = this.size >>> 5;
    const rest = this.size & 31;
    let total = 0;
    for (let w = 0; w <= fullWords; w++) {
      let m = w < fullWords ? -1 : rest === 0 ? 0 : (1 << rest) - 1;
      if (languageRow !== null) m &= languageRow[w]!;
      if (dayRow !== null) m &= dayRow[w]!;
      if (licensedRow !== null) m &= licensedRow[w]!;
      while (m !== 0) {
        const lowest = m & -m;
        m ^= lowest;
        const i = (w << 5) | (31 - Math.clz32(lowest));
        const p = price[i]!;
        if (p < minCents || p > maxCents) continue;
        if (travelers >= 0 && (minPeople[i]! > travelers || maxPeople[i]! < travelers)) continue;
        if (userId[i] === excludeUserId) continue;
        if (zonePast !== null && zonePast[zone[i]!] === 1) continue;
        if (
          !anyService &&
          (serviceLow[i]! & serviceBitsLow) === 0 &&
          (serviceHigh[i]! & serviceBitsHigh) === 0 &&
          (services === null || !entries[i]!.serviceIds.some((s) => services.has(s)))
        ) {
          continue;
        }
        if (out !== null) out.push(entries[i]!.id);
        total++;
      }
    }
    return total;
  }

  private write(slot: number, g: IndexedGuide, zone: number): void {
    this.entries[slot] = g;
    this.userId[slot] = g.userId;
    this.price[slot] = g.priceCents;
    this.minPeople[slot] = g.minPeople;
    this.maxPeople[slot] = g.maxPeople;
    this.zone[slot] = zone;
    const bits = serviceBits(g.serviceIds);
    this.serviceLow[slot] = bits.low;
    this.serviceHigh[slot] = bits.high;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const traits = (g.languageMask & 7) | ((g.weeklyDays & 127) << LANGUAGE_ROWS) | (g.licensed ? 1 << LICENSED_ROW : 0);
    this.traits.forEach((row, k) => {
      if (traits & (1 << k)) row[word]! |= bit;
      else row[word]! &= ~bit;
    });
  }

  private grow(): void {
    const grown = <T extends Int32Array | Int16Array | Uint16Array | Uint32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.userId = grown(this.userId);
    this.price = grown(this.price);
    this.minPeople = grown(this.minPeople);
    this.maxPeople = grown(this.maxPeople);
    this.zone = grown(this.zone);
    this.serviceLow = grown(this.serviceLow);
    this.serviceHigh = grown(this.serviceHigh);
    this.traits = this.traits.map(grown);
  }
}
