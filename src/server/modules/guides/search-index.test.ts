import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone, weekdayBit } from '../../../shared/availability';
import { activeSearchFilters, withoutSearchFilter } from '../../../shared/guide-search';
import { guideSearchQuerySchema, type GuideSearchQuery } from '../../../shared/schemas/guide-search';
import { SearchIndex } from './search-index';
import type { IndexedException, IndexedGuide } from './search-prices';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const CITIES = ['tokyo', 'kyoto', 'osaka'];
const today = todayInZone('Asia/Tokyo');
const DATES = [addDays(today, -1), today, addDays(today, 1), addDays(today, 2), addDays(today, 9)];

function makeGuide(rnd: () => number, id: number): IndexedGuide {
  const minPeople = 1 + Math.floor(rnd() * 3);
  const weeklyDays = Math.floor(rnd() * 128);
  // Each weekday's longest window (decision 197); a few guides without them read as whole days.
  const dayMinutes =
    rnd() < 0.8
      ? Array.from({ length: 7 }, (_, k) => ((weeklyDays >>> k) & 1 ? [120, 300, 480, 600][Math.floor(rnd() * 4)]! : 0))
      : undefined;
  return {
    id,
    userId: 1000 + id,
    city: CITIES[Math.floor(rnd() * CITIES.length)]!,
    languageMask: 1 + Math.floor(rnd() * 7),
    minPeople,
    // A few take groups past the counting rows' 50 (checked one by one).
    maxPeople: rnd() < 0.05 ? 48 + Math.floor(rnd() * 8) : minPeople + Math.floor(rnd() * 6),
    priceCents: (1 + Math.floor(rnd() * 8)) * 5000,
    weeklyDays,
    ...(dayMinutes && { dayMinutes }),
    // Ids of 32 and more sit in the second bit word, 64 and more in no bitset.
    serviceIds: [1 + Math.floor(rnd() * 5), [1, 2, 3, 4, 5, 40, 70][Math.floor(rnd() * 7)]!],
    // Few distinct ratings, so ties fall through to review count and id.
    rating: Math.floor(rnd() * 4) / 2 + 3,
    reviewCount: Math.floor(rnd() * 3),
    timeZone: rnd() < 0.9 ? 'Asia/Tokyo' : 'UTC',
    licensed: rnd() < 0.2,
    instantBook: rnd() < 0.3,
  };
}

/** The semantics written out the slow, obvious way (docs/rules/accounts-and-sessions.md). */
function reference(
  guides: IndexedGuide[],
  exceptions: IndexedException[],
  q: GuideSearchQuery,
  excludeUserId?: number,
  reader: 'zh' | 'en' = 'en',
) {
  const bits: Record<string, number> = { zh: 1, ja: 2, en: 4 };
  const matches = guides.filter((g) => {
    if (q.city && g.city !== q.city) return false;
    if (q.language && !(g.languageMask & bits[q.language]!)) return false;
    if (q.travelers !== undefined && (g.minPeople > q.travelers || g.maxPeople < q.travelers)) return false;
    if (q.minPrice !== undefined && g.priceCents < q.minPrice * 100) return false;
    if (q.maxPrice !== undefined && g.priceCents > q.maxPrice * 100) return false;
    if (q.services?.length && !g.serviceIds.some((s) => q.services!.includes(s))) return false;
    if (g.userId === excludeUserId) return false;
    if (q.licensed && !g.licensed) return false;
    if (q.instantBook && !g.instantBook) return false;
    if (q.date) {
      if (q.date < todayInZone(g.timeZone)) return false;
      // Every day of the trip holds the day's hours, or any hours when none were asked (decision 197).
      const need = (q.durationHours ?? 0) * 60 || 1;
      for (let i = 0; i < (q.days ?? 1); i++) {
        const date = addDays(q.date, i);
        const e = exceptions.find((x) => x.guideId === g.id && x.date === date);
        const k = isoWeekday(date) - 1;
        const weekly = g.weeklyDays & weekdayBit(k + 1) ? (g.dayMinutes?.[k] ?? 1440) : 0;
        if ((e ? (e.available ? (e.minutes ?? 1440) : 0) : weekly) < need) return false;
      }
    }
    return true;
  });
  const by: Record<string, (a: IndexedGuide, b: IndexedGuide) => number> = {
    recommended: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id,
    rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id,
    price_asc: (a, b) => a.priceCents - b.priceCents || a.id - b.id,
    price_desc: (a, b) => b.priceCents - a.priceCents || b.id - a.id,
    newest: (a, b) => b.id - a.id,
  };
  // A Chinese reader's "recommended" puts guides who speak Chinese first.
  const zhFirst = (a: IndexedGuide, b: IndexedGuide) =>
    (b.languageMask & 1) - (a.languageMask & 1) || by.recommended!(a, b);
  matches.sort(q.sort === 'recommended' && reader === 'zh' ? zhFirst : by[q.sort]);
  const offset = (q.page - 1) * q.limit;
  return { ids: matches.slice(offset, offset + q.limit).map((g) => g.id), total: matches.length };
}

function randomQuery(rnd: () => number): GuideSearchQuery {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const raw: Record<string, unknown> = {
    sort: pick(['recommended', 'rating', 'price_asc', 'price_desc', 'newest']),
    limit: pick([3, 12]),
    page: pick([1, 1, 2, 3]),
  };
  if (rnd() < 0.6) raw.city = pick(CITIES);
  if (rnd() < 0.5) raw.language = pick(['zh', 'ja', 'en']);
  if (rnd() < 0.4) raw.travelers = rnd() < 0.2 ? 49 + Math.floor(rnd() * 6) : 1 + Math.floor(rnd() * 8);
  if (rnd() < 0.4) raw.minPrice = pick([0, 100, 200]);
  if (rnd() < 0.4) raw.maxPrice = pick([200, 300, 400]);
  if (rnd() < 0.3) raw.services = rnd() < 0.3 ? [pick([3, 40]), pick([40, 70])] : [1 + Math.floor(rnd() * 5)];
  if (rnd() < 0.5) raw.date = pick(DATES);
  if (rnd() < 0.4) raw.days = pick([1, 2, 3, 7]);
  if (rnd() < 0.3) raw.durationHours = pick([2, 4.5, 8, 10]);
  if (rnd() < 0.3) raw.licensed = pick(['true', 'false']);
  if (rnd() < 0.3) raw.instantBook = pick(['true', 'false']);
  return guideSearchQuerySchema.parse(raw);
}

describe('SearchIndex', () => {
  it.each(['auto', 'walk', 'collect'] as const)(
    'answers like the reference after a load and after many single updates (%s)',
    (strategy) => {
      const rnd = random(42);
      let guides = Array.from({ length: 300 }, (_, i) => makeGuide(rnd, i + 1));
      let exceptions: IndexedException[] = [];
      const index = new SearchIndex(strategy);
      index.load(guides, exceptions);

      const check = (label: string) => {
        for (let k = 0; k < 60; k++) {
          const q = randomQuery(rnd);
          const exclude = rnd() < 0.2 ? guides[Math.floor(rnd() * guides.length)]?.userId : undefined;
          const reader = rnd() < 0.5 ? 'zh' : 'en';
          expect(
            index.search(q, exclude, new Date(), reader),
            `${label} ${JSON.stringify(q)} excluding ${exclude} for ${reader}`,
          ).toEqual(reference(guides, exceptions, q, exclude, reader));
        }
      };
      check('loaded');

      // Changes as the notifications bring them: edits, unlisting, new guides, day offs and extra hours.
      for (let step = 0; step < 200; step++) {
        const id = 1 + Math.floor(rnd() * 340);
        const action = rnd();
        guides = guides.filter((g) => g.id !== id);
        if (action > 0.15) guides.push(makeGuide(rnd, id));
        exceptions = exceptions.filter((e) => e.guideId !== id);
        for (let n = rnd() < 0.5 ? 1 + Math.floor(rnd() * 3) : 0; n > 0; n--) {
          const date = DATES[Math.floor(rnd() * DATES.length)]!;
          if (exceptions.some((e) => e.guideId === id && e.date === date)) continue;
          const available = rnd() < 0.5;
          const minutes = available && rnd() < 0.8 ? [180, 360, 600][Math.floor(rnd() * 3)]! : null;
          exceptions.push({ guideId: id, date, available, minutes });
        }
        index.update(
          [id],
          guides.filter((g) => g.id === id),
          exceptions.filter((e) => e.guideId === id),
        );
      }
      expect(index.size).toBe(guides.length);
      check('updated');
    },
  );

  it('counts every match but returns one page', () => {
    const rnd = random(7);
    const guides = Array.from({ length: 50 }, (_, i) => ({ ...makeGuide(rnd, i + 1), city: 'tokyo' }));
    const index = new SearchIndex();
    index.load(guides, []);
    const page = index.search(guideSearchQuerySchema.parse({ city: 'tokyo', page: 5, limit: 12 }), undefined);
    expect(page.total).toBe(50);
    expect(page.ids).toHaveLength(2);
    expect(index.search(guideSearchQuerySchema.parse({ city: 'nara' }), undefined)).toEqual({ ids: [], total: 0 });
  });

  it('counts, for a search that finds nobody, what each filter alone hid, like the reference (decision 104)', () => {
    const rnd = random(104);
    const guides = Array.from({ length: 300 }, (_, i) => makeGuide(rnd, i + 1));
    const exceptions: IndexedException[] = [
      { guideId: 3, date: DATES[2]!, available: false },
      { guideId: 4, date: DATES[3]!, available: true },
      { guideId: 5, date: DATES[3]!, available: true, minutes: 180 },
      { guideId: 6, date: DATES[4]!, available: false },
    ];
    const index = new SearchIndex();
    index.load(guides, exceptions);
    let empties = 0;
    for (let k = 0; k < 400; k++) {
      const q = randomQuery(rnd);
      if (index.search(q, undefined).total > 0) continue;
      empties++;
      const active = activeSearchFilters(q);
      const expected = active.length
        ? Object.fromEntries(active.map((f) => [f, reference(guides, exceptions, withoutSearchFilter(q, f)).total]))
        : undefined;
      expect(index.countsWithout(q, undefined), JSON.stringify(q)).toEqual(expected);
    }
    expect(empties).toBeGreaterThan(20);
  });
});
