import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from '../../../shared/cities';
import { SERVICE_CATALOGUE } from '../../../shared/service-categories';
import { createRng, generateGuide } from './guide-data';
import { CITY_SPOTS } from './guide-pools';
import { OCCUPATION_SERVICES, SPOT_SERVICES } from './guide-services';

/** The demo guides must read as real people wrote them ("demo data a traveler believes"). */
const SUBCATEGORIES = SERVICE_CATALOGUE.flatMap((c) => c.subcategories).map((sub, i) => ({
  id: i + 1,
  slug: sub.slug,
}));
const slugOf = (id: number) => SUBCATEGORIES.find((c) => c.id === id)!.slug;
const rng = createRng(20261122);
const usedNames = new Set<string>();
const guides = Array.from({ length: 8 }, () =>
  SERVICE_CITIES.map((c, i) => generateGuide(rng, i, c.slug, SUBCATEGORIES, { withStories: true, usedNames })),
).flat();

describe('demo guides', () => {
  it('never share a name, and Chinese names are written in characters', () => {
    expect(new Set(guides.map((g) => g.fullName)).size).toBe(guides.length);
    const han = guides.filter((g) => /\p{Script=Han}/u.test(g.fullName));
    expect(han.length).toBeGreaterThan(10);
    for (const g of han) expect(g.fullName).toMatch(/^\p{Script=Han}{2,3}$/u);
  });

  it('tell a consistent story: guiding no longer than living there, tours in step with experience', () => {
    for (const g of guides) {
      const yearsInCity = Number(/(\d+)\s*(?:years?|年)/.exec(g.guide.bio)?.[1] ?? NaN);
      if (Number.isFinite(yearsInCity)) expect(yearsInCity).toBeLessThanOrEqual(g.age - 18);
      expect(g.guide.experienceMonths).toBeLessThanOrEqual(Math.max(12, (g.age - 18) * 12));
      expect(g.guide.sessionCount).toBeLessThanOrEqual(g.guide.experienceMonths * 7);
      expect(g.guide.bio).not.toMatch(/\b1 years\b/);
    }
  });

  it('do not all say the same thing', () => {
    const openings = new Set(guides.map((g) => g.guide.bio.slice(0, 6)));
    expect(openings.size).toBeGreaterThanOrEqual(4);
  });

  it('offer what their bio talks about: the spots it names and what the occupation brings', () => {
    for (const g of guides) {
      const offered = g.services.map((x) => slugOf(x.subcategoryId));
      expect(offered.length).toBeGreaterThanOrEqual(1);
      const spots = CITY_SPOTS[g.guide.serviceCity]!.filter(
        ([en, zh]) => g.guide.bio.includes(en) || g.guide.bio.includes(zh),
      );
      expect(spots.length).toBeGreaterThan(0);
      for (const [en] of spots) expect(offered).toContain(SPOT_SERVICES[en]![0]);
    }
    // Every spot and occupation names services the catalogue has.
    const known = new Set(SUBCATEGORIES.map((c) => c.slug));
    for (const [en] of Object.values(CITY_SPOTS).flat())
      expect(
        SPOT_SERVICES[en]?.every((slug) => known.has(slug)),
        en,
      ).toBe(true);
    for (const slugs of Object.values(OCCUPATION_SERVICES))
      for (const slug of slugs) expect(known.has(slug), slug).toBe(true);
  });

  it('include a Kyoto guide offering temples and shrines', () => {
    const kyoto = guides.filter((g) => g.guide.serviceCity === 'kyoto');
    expect(kyoto.some((g) => g.services.some((x) => slugOf(x.subcategoryId) === 'temples-shrines'))).toBe(true);
  });
});
