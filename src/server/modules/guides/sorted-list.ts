import type { Compare, PricedGuide } from './search-prices';
import { lowerBound, resized, serviceBits } from './search-columns';
import { packedWindows } from './search-days';

/**
 * Bits of `SortedList.traits`: language mask (0–2), weekly days (3–9), a verified licence (10), instant booking (11).
 */
export const DAYS_SHIFT = 3;
export const LICENSED_BIT = 1 << 10;
export const INSTANT_BIT = 1 << 11;
export const MAX_SMALL = 0xffff;

/**
 * A sorted array kept sorted under single inserts and removals (binary search + splice), with what
 * a walk filters on packed beside it in the same order: a walk reads a few typed arrays in a row
 * instead of guide objects scattered over the heap (at 100,000 guides, most of a walk's time).
 */
export class SortedList {
  items: PricedGuide[] = [];
  ids = new Int32Array(0);
  traits = new Int32Array(0);
  /** The price in fen and in yen at the index's rate (search-prices.ts). */
  price = new Int32Array(0);
  priceYen = new Int32Array(0);
  /** minPeople | maxPeople << 16. */
  people = new Int32Array(0);
  serviceLow = new Uint32Array(0);
  serviceHigh = new Uint32Array(0);
  /** Each weekday's longest window in half hours (`packedWindows`, decision 197). */
  windowsLow = new Int32Array(0);
  windowsHigh = new Int32Array(0);

  constructor(
    private readonly compare: Compare,
    items: PricedGuide[] = [],
  ) {
    this.reset(items);
  }

  private lowerBound(g: PricedGuide): number {
    return lowerBound(this.items, (x) => this.compare(x, g) < 0);
  }
  insert(g: PricedGuide): void {
    const at = this.lowerBound(g);
    const n = this.items.length;
    this.items.splice(at, 0, g);
    if (n === this.ids.length) this.resize(Math.max(16, n * 2));
    for (const col of this.columns()) col.copyWithin(at + 1, at, n);
    this.write(at, g);
  }
  /** Removes the entry that was inserted (found by the values it was sorted by). */
  remove(g: PricedGuide): void {
    const at = this.lowerBound(g);
    if (this.items[at] !== g) return;
    this.items.splice(at, 1);
    for (const col of this.columns()) col.copyWithin(at, at + 1, this.items.length + 1);
  }
  reset(items: PricedGuide[]): void {
    this.items = items.sort(this.compare);
    this.resize(Math.max(16, items.length));
    items.forEach((g, i) => this.write(i, g));
  }

  private columns() {
    return [
      this.ids,
      this.traits,
      this.price,
      this.priceYen,
      this.people,
      this.serviceLow,
      this.serviceHigh,
      this.windowsLow,
      this.windowsHigh,
    ];
  }
  /** Room for `capacity` rows, keeping the rows that fit (a reset writes over them). */
  private resize(capacity: number): void {
    this.ids = resized(this.ids, capacity);
    this.traits = resized(this.traits, capacity);
    this.price = resized(this.price, capacity);
    this.priceYen = resized(this.priceYen, capacity);
    this.people = resized(this.people, capacity);
    this.serviceLow = resized(this.serviceLow, capacity);
    this.serviceHigh = resized(this.serviceHigh, capacity);
    this.windowsLow = resized(this.windowsLow, capacity);
    this.windowsHigh = resized(this.windowsHigh, capacity);
  }
  private write(i: number, g: PricedGuide): void {
    this.ids[i] = g.id;
    this.traits[i] =
      (g.languageMask & 7) |
      ((g.weeklyDays & 127) << DAYS_SHIFT) |
      (g.licensed ? LICENSED_BIT : 0) |
      (g.instantBook ? INSTANT_BIT : 0);
    this.price[i] = g.priceCents;
    this.priceYen[i] = g.priceYen;
    this.people[i] = Math.min(g.minPeople, MAX_SMALL) | (Math.min(g.maxPeople, MAX_SMALL) << 16);
    const bits = serviceBits(g.serviceIds);
    this.serviceLow[i] = bits.low;
    this.serviceHigh[i] = bits.high;
    [this.windowsLow[i], this.windowsHigh[i]] = packedWindows(g);
  }
}
