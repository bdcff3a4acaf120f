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

/**
 * The guides of one city as typed columns in no particular order, so counting a search's matches
 * is a tight loop over a few small arrays (tens of microseconds for 10,000 guides) rather than a
 * walk over scattered objects. Removal moves the last row into the gap.
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
    const { userId, price, minPeople, maxPeople, languages, weekly, zone, serviceLow, serviceHigh } = this;
    const anyService = serviceBitsLow === 0 && serviceBitsHigh === 0 && services === null;
    const n = this.size;
    const serviceLists = this.services;
    let total = 0;
    for (let i = 0; i < n; i++) {
      if (languageBit !== 0 && (languages[i]! & languageBit) === 0) continue;
      const p = price[i]!;
      if (p < minCents || p > maxCents) continue;
      if (travelers >= 0 && (minPeople[i]! > travelers || maxPeople[i]! < travelers)) continue;
      if (userId[i] === excludeUserId) continue;
      if (dayBit !== 0 && ((weekly[i]! & dayBit) === 0 || (zonePast !== null && zonePast[zone[i]!] === 1))) continue;
      if (
        !anyService &&
        (serviceLow[i]! & serviceBitsLow) === 0 &&
        (serviceHigh[i]! & serviceBitsHigh) === 0 &&
        (services === null || !serviceLists[i]!.some((s) => services.has(s)))
      ) {
        continue;
      }
      if (out !== null) out.push(this.ids[i]!);
      total++;
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
  }
}
