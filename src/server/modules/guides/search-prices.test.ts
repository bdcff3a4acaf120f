import { describe, expect, it } from 'vitest';
import { convertMinor, type Currency } from '../../../shared/currency';
import { guideSearchQuerySchema } from '../../../shared/schemas/guide-search';
import { SearchIndex } from './search-index';
import type { IndexedGuide } from './search-prices';

/**
 * Guides in yen and in yuan in one index (decision 168): a band and the price sorts in either
 * currency answer as the obvious way does — every price converted to the search's currency at the
 * index's rate, then filtered and sorted — at an odd rate, after a change of rate and after updates.
 */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

function guide(rnd: () => number, id: number): IndexedGuide {
  const yen = rnd() < 0.5;
  return {
    id,
    userId: 1000 + id,
    city: rnd() < 0.5 ? 'tokyo' : 'kyoto',
    languageMask: 7,
    minPeople: 1,
    maxPeople: 6,
    // Many near-equal prices, so conversions meet and tie.
    priceCents: yen
      ? 1_000 + Math.floor(rnd() * 40) * 250
      : 5_000 + Math.floor(rnd() * 60) * 1_000 + (rnd() < 0.3 ? 7 : 0),
    currency: yen ? 'JPY' : 'CNY',
    weeklyDays: 127,
    serviceIds: [1],
    rating: 4,
    reviewCount: 0,
    timeZone: 'Asia/Tokyo',
    licensed: false,
    instantBook: false,
  };
}

function reference(
  guides: IndexedGuide[],
  jpyPerCny: string,
  q: { currency: Currency; minPrice?: number; maxPrice?: number; sort: string; city?: string },
) {
  const other: Currency = q.currency === 'CNY' ? 'JPY' : 'CNY';
  const unit = q.currency === 'CNY' ? 100 : 1;
  const inQ = (g: IndexedGuide) => convertMinor(g.priceCents, g.currency!, q.currency, jpyPerCny);
  const inOther = (g: IndexedGuide) => convertMinor(g.priceCents, g.currency!, other, jpyPerCny);
  const found = guides.filter(
    (g) =>
      (!q.city || g.city === q.city) &&
      (q.minPrice === undefined || inQ(g) >= q.minPrice * unit) &&
      (q.maxPrice === undefined || inQ(g) <= q.maxPrice * unit),
  );
  found.sort((a, b) => inQ(a) - inQ(b) || inOther(a) - inOther(b) || a.id - b.id);
  if (q.sort === 'price_desc') found.reverse();
  return found.map((g) => g.id);
}

describe('a search index of guides in both currencies', () => {
  it.each(['walk', 'collect'] as const)(
    'filters and sorts by the price converted to the search’s currency (%s)',
    (strategy) => {
      const rnd = random(164);
      let guides = Array.from({ length: 400 }, (_, i) => guide(rnd, i + 1));
      let rate = '20.53';
      const index = new SearchIndex(strategy, rate);
      index.load(guides, []);
      const check = () => {
        for (let k = 0; k < 80; k++) {
          const currency: Currency = rnd() < 0.5 ? 'CNY' : 'JPY';
          const unit = currency === 'CNY' ? 1 : 20;
          const raw: Record<string, unknown> = { currency, sort: rnd() < 0.5 ? 'price_asc' : 'price_desc', limit: 50 };
          if (rnd() < 0.6) raw.minPrice = Math.floor((50 + rnd() * 300) * unit);
          if (rnd() < 0.6) raw.maxPrice = Math.floor(((raw.minPrice as number | undefined) ?? 0) + rnd() * 400 * unit);
          if (rnd() < 0.4) raw.city = 'kyoto';
          const q = guideSearchQuerySchema.parse(raw);
          const want = reference(guides, rate, { ...q, currency });
          const got = index.search(q, undefined);
          expect(got.total, JSON.stringify(q)).toBe(want.length);
          expect(got.ids, JSON.stringify(q)).toEqual(want.slice(0, 50));
        }
      };
      check();
      rate = '24.987654';
      index.reprice(rate);
      check();
      for (let step = 0; step < 100; step++) {
        const id = 1 + Math.floor(rnd() * 420);
        guides = guides.filter((g) => g.id !== id);
        if (rnd() > 0.2) guides.push(guide(rnd, id));
        index.update(
          [id],
          guides.filter((g) => g.id === id),
          [],
        );
      }
      check();
      expect(index.priceRange('JPY')).toEqual({
        lowest: Math.min(...guides.map((g) => convertMinor(g.priceCents, g.currency!, 'JPY', rate))),
        highest: Math.max(...guides.map((g) => convertMinor(g.priceCents, g.currency!, 'JPY', rate))),
      });
    },
  );
});
