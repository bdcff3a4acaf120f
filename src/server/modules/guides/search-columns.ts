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

/** Bitset rows: one per language bit (zh, ja, en), then one per weekday (Monday … Sunday). */
const LANGUAGE_ROWS = 3;
const TRAIT_ROWS = LANGUAGE_ROWS + 7;

/**
 * The guides of one city as typed columns in no particular order, so counting a search's matches
 * is a tight loop over a few small arrays rather than a walk over scattered objects. Languages and
 * weekdays are also kept as bitsets, so the loop visits only the guides that speak the language and
 * work that weekday (32 at a time). Removal moves the last row into the gap.
 */
export class CityColumns {
  size = 0;
  private readonly slotOf = new Map<number, number>();
  private userId = new Int32Array(INITIAL_CAPACITY);
  private price = new Int32Array(INITIAL_CAPACITY);
  private minPeople = new Int16Array(INITIAL_CAPACITY);
  private maxPeople = new Int16Array(INITIAL_CAPACITY);
  private languages = new Uint8Array(INITIAL_CAPACITY);
  private weekly = new Uint8Array(INITIAL_CAPACITY);
  private zone = new Uint16Array(INITIAL_CAPACITY);
  private serviceLow = new Uint32Array(INITIAL_CAPACITY);
  private serviceHigh = new Uint32Array(INITIAL_CAPACITY);
  private ids = new Int32Array(INITIAL_CAPACITY);
  private services: (readonly number[])[] = [];
  /** TRAIT_ROWS bitsets of capacity / 32 words each, row after row. */
  private traits = new Int32Array((TRAIT_ROWS * INITIAL_CAPACITY) / 32);

  add(g: IndexedGuide, zone: number): void {
    if (this.size === this.ids.length) this.grow();
    this.write(this.size, g.id, g.userId, g.priceCents, g.minPeople, g.maxPeople, g.languageMask, g.weeklyDays, zone, g.serviceIds);
    this.slotOf.set(g.id, this.size++);
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    const last = --this.size;
    if (slot !== last) {
      this.write(slot, this.ids[last]!, this.userId[last]!, this.price[last]!, this.minPeople[last]!, this.maxPeople[last]!, this.languages[last]!, this.weekly[last]!, this.zone[last]!, this.services[last]!);
      this.slotOf.set(this.ids[slot]!, slot);
    }
    this.services.length = last;
  }

  /**
   * How many guides of this city pass the filter, judging the date by the weekly schedule alone;
   * with `out`, their ids are appended to it as well.
   */
  scan(f: CountFilter, out: number[] | null = null): number {
    const { languageBit, travelers, minCents, maxCents, excludeUserId, dayBit, zonePast, serviceBitsLow, serviceBitsHigh, services } = f;
    const { userId, price, minPeople, maxPeople, zone, serviceLow, serviceHigh, traits, ids } = this;
    const anyService = serviceBitsLow === 0 && serviceBitsHigh === 0 && services === null;
    const serviceLists = this.services;
    const words = this.ids.length >>> 5;
    const languageRow = languageBit === 0 ? -1 : (31 - Math.clz32(languageBit)) * words;
    const dayRow = dayBit === 0 ? -1 : (LANGUAGE_ROWS + 31 - Math.clz32(dayBit)) * words;
    const fullWords = this.size >>> 5;
    const rest = this.size & 31;
    let total = 0;
    for (let w = 0; w <= fullWords; w++) {
      let m = w < fullWords ? -1 : rest === 0 ? 0 : (1 << rest) - 1;
      if (languageRow >= 0) m &= traits[languageRow + w]!;
      if (dayRow >= 0) m &= traits[dayRow + w]!;
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
          (services === null || !serviceLists[i]!.some((s) => services.has(s)))
        ) {
          continue;
        }
        if (out !== null) out.push(ids[i]!);
        total++;
      }
    }
    return total;
  }

  private write(slot: number, id: number, user: number, price: number, minP: number, maxP: number, lang: number, weekly: number, zone: number, services: readonly number[]) {
    this.ids[slot] = id;
    this.userId[slot] = user;
    this.price[slot] = price;
    this.minPeople[slot] = minP;
    this.maxPeople[slot] = maxP;
    this.languages[slot] = lang;
    this.weekly[slot] = weekly;
    this.zone[slot] = zone;
    this.services[slot] = services;
    const bits = serviceBits(services);
    this.serviceLow[slot] = bits.low;
    this.serviceHigh[slot] = bits.high;
    this.writeTraits(slot, lang, weekly);
  }

  private writeTraits(slot: number, lang: number, weekly: number): void {
    const words = this.ids.length >>> 5;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    const traits = (lang & 7) | ((weekly & 127) << LANGUAGE_ROWS);
    for (let row = 0; row < TRAIT_ROWS; row++) {
      if (traits & (1 << row)) this.traits[row * words + word]! |= bit;
      else this.traits[row * words + word]! &= ~bit;
    }
  }

  private grow(): void {
    const grown = <T extends Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = grown(this.ids);
    this.userId = grown(this.userId);
    this.price = grown(this.price);
    this.minPeople = grown(this.minPeople);
    this.maxPeople = grown(this.maxPeople);
    this.languages = grown(this.languages);
    this.weekly = grown(this.weekly);
    this.zone = grown(this.zone);
    this.serviceLow = grown(this.serviceLow);
    this.serviceHigh = grown(this.serviceHigh);
    // The bitset rows are laid out by capacity: rebuild them.
    this.traits = new Int32Array((TRAIT_ROWS * this.ids.length) / 32);
    for (let slot = 0; slot < this.size; slot++) this.writeTraits(slot, this.languages[slot]!, this.weekly[slot]!);
  }
}
