import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from '../../../shared/cities';
import { createRng, generateGuide } from './guide-data';

/** The demo guides must read as real people wrote them (issue 11, "demo data a traveler believes"). */
const rng = createRng(20261122);
const usedNames = new Set<string>();
const guides = Array.from({ length: 8 }, () => SERVICE_CITIES.map((c, i) => generateGuide(rng, i, c.slug, [1, 2, 3, 4, 5, 6, 7, 8], { withStories: true, usedNames }))).flat();

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
});
