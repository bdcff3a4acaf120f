import { describe, expect, it } from 'vitest';
import { bookingPrice, depositCents, groupPrice, groupSize, tourPriceCents, type GroupRates } from './money-rules';
import { lcg } from './group-cases.fixture';
import { priceLineLabel } from './price-lines';

/** A guide at 300 RMB an hour, 100 RMB for each further traveler (decision 151's examples). */
const rates: GroupRates = { basicPerHourCents: 30_000, additionalPerPersonCents: 10_000 };
const sum = (lines: { amountCents: number }[]) => lines.reduce((s, l) => s + l.amountCents, 0);

describe('groupPrice: every pricing model (decision 151)', () => {
  it('prices per person as today: the first traveler at the hourly price, each further one at the additional price', () => {
    const p = groupPrice(rates, { adults: 3 }, { hours: 2 });
    expect(p.totalCents).toBe((30_000 + 2 * 10_000) * 2);
    expect(p.depositCents).toBe(20_000);
    expect(p.inPersonCents).toBe(80_000);
    expect(p.lines).toEqual([
      { kind: 'base', people: 1, amountCents: 60_000 },
      { kind: 'extra_adults', people: 2, amountCents: 40_000 },
    ]);
  });

  it('prices a private group: up to N travelers at the hourly price, each further one adds the additional price', () => {
    const group = { ...rates, includedPeople: 4 };
    expect(groupPrice(group, { adults: 1 }, { hours: 2 }).totalCents).toBe(60_000);
    expect(groupPrice(group, { adults: 4 }, { hours: 2 }).totalCents).toBe(60_000);
    const five = groupPrice(group, { adults: 5 }, { hours: 2 });
    expect(five.totalCents).toBe(80_000);
    expect(five.lines).toEqual([
      { kind: 'base', people: 4, amountCents: 60_000 },
      { kind: 'extra_adults', people: 1, amountCents: 20_000 },
    ]);
  });

  it('fills the included places with adults first, then children; a further child pays the child rate', () => {
    const family = { ...rates, includedPeople: 2, childPriceRate: 0.5 };
    const p = groupPrice(family, { adults: 2, children: 2 }, { hours: 3 });
    // 300 × 3 for the two adults + 2 children × 50 × 3.
    expect(p.totalCents).toBe(90_000 + 30_000);
    expect(p.lines).toEqual([
      { kind: 'base', people: 2, amountCents: 90_000 },
      { kind: 'children', people: 2, amountCents: 30_000 },
    ]);
    // A child inside the included places pays nothing more.
    expect(groupPrice(family, { adults: 1, children: 1 }, { hours: 3 }).totalCents).toBe(90_000);
    // A child rate of 0: children go free.
    expect(groupPrice({ ...rates, childPriceRate: 0 }, { adults: 1, children: 3 }, { hours: 1 }).totalCents).toBe(
      30_000,
    );
  });

  it('lets infants go free by default, filling no included place', () => {
    const p = groupPrice({ ...rates, includedPeople: 2 }, { adults: 2, infants: 1 }, { hours: 2 });
    expect(p.totalCents).toBe(60_000);
    expect(p.lines).toContainEqual({ kind: 'infants', people: 1, amountCents: 0 });
  });

  it('charges infants as children when the guide does not let them go free', () => {
    const paying = { ...rates, infantsFree: false, childPriceRate: 0.5 };
    expect(groupPrice(paying, { adults: 1, infants: 2 }, { hours: 2 }).totalCents).toBe(60_000 + 2 * 5_000 * 2);
    // An included place left over takes a paying infant.
    expect(groupPrice({ ...paying, includedPeople: 2 }, { adults: 1, infants: 1 }, { hours: 2 }).totalCents).toBe(
      60_000,
    );
  });

  it('counts infants toward the group size checked against maxPeople', () => {
    expect(groupSize({ adults: 2, children: 1, infants: 1 })).toBe(4);
    expect(groupSize({ adults: 1 })).toBe(1);
  });

  it('prices whole days at the day rate for the included people, further travelers by the day hours', () => {
    const day = { ...rates, includedPeople: 4, dayRateCents: 150_000, dayHours: 8 };
    const p = groupPrice(day, { adults: 5, children: 1 }, { days: 2 });
    // 2 × (1500 + 1 adult × 100 × 8 + 1 child × 100 × 8): the fifth adult and the child are beyond four.
    expect(p.totalCents).toBe(2 * (150_000 + 80_000 + 80_000));
    expect(p.hours).toBe(16);
    expect(sum(p.lines)).toBe(p.totalCents);
    // Without a day rate, a day is the day hours at the hourly price.
    expect(groupPrice({ ...rates, dayHours: 6 }, { adults: 1 }, { days: 1 }).totalCents).toBe(180_000);
  });

  it("uses a chosen service's hourly price in place of the basic one, and the deposit rate it is given", () => {
    const p = groupPrice({ ...rates, servicePriceCents: 40_000 }, { adults: 2 }, { hours: 1 }, { depositRate: 0.3 });
    expect(p.totalCents).toBe(50_000);
    expect(p.depositCents).toBe(15_000);
    expect(p.inPersonCents).toBe(35_000);
  });

  it('rounds the total once and lets the base line take the rounding, so the lines add up', () => {
    const p = groupPrice(
      { basicPerHourCents: 30_001, additionalPerPersonCents: 3_333, childPriceRate: 0.33 },
      { adults: 2, children: 3 },
      { hours: 2.5 },
    );
    expect(sum(p.lines)).toBe(p.totalCents);
    expect(p.totalCents).toBe(Math.round((30_001 + 3_333 + 3 * 3_333 * 0.33) * 2.5));
  });

  it("labels the lines in the reader's language", () => {
    const p = groupPrice({ ...rates, includedPeople: 2 }, { adults: 3, children: 1, infants: 1 }, { hours: 2 });
    const labels = (locale: 'en' | 'zh-CN' | 'ja') => p.lines.map((l) => priceLineLabel(l, { hours: 2 }, locale));
    expect(labels('en')).toEqual([
      'Guide for up to 2 people · 2 hours',
      '1 more adult',
      '1 child (3–11)',
      '1 infant (under 3)',
    ]);
    expect(labels('zh-CN')).toEqual([
      '地陪费（2 人以内）· 2 小时',
      '另加成人 1 位',
      '儿童（3–11 岁）1 位',
      '婴儿（3 岁以下）1 位',
    ]);
    expect(labels('ja')).toEqual([
      'ガイド料（2名まで）・2時間',
      '追加の大人 1名',
      'お子さま（3〜11歳）1名',
      '乳幼児（3歳未満）1名',
    ]);
    expect(priceLineLabel({ kind: 'base', people: 1, amountCents: 1 }, { days: 3 }, 'zh-CN')).toBe('地陪费 · 3 天');
    // Days with their hours (decision 179): never the hours of every day added up.
    const base = { kind: 'base', people: 4, amountCents: 1 } as const;
    expect(priceLineLabel(base, { days: 3, dayHours: 8 }, 'zh-CN')).toBe('地陪费（4 人以内）· 3 天 × 8 小时');
    expect(priceLineLabel(base, { days: 3, dayHours: 8 }, 'en')).toBe('Guide for up to 4 people · 3 days × 8 hours');
    expect(priceLineLabel(base, { days: 3, dayHours: 8 }, 'ja')).toBe('ガイド料（4名まで）・3日間 × 8時間');
  });
});

describe('bookingPrice charges a group as groupPrice prices it (decision 152)', () => {
  const day = { ...rates, dayRateCents: 200_000, dayHours: 8 };
  it.each([
    // [model, rates, group, length, total]
    ['per person', rates, { adults: 2, children: 1 }, { hours: 2 }, (30_000 + 2 * 10_000) * 2],
    ['a private group of 4', { ...rates, includedPeople: 4 }, { adults: 2, children: 2 }, { hours: 3 }, 90_000],
    [
      'a child at half the additional price',
      { ...rates, childPriceRate: 0.5 },
      { adults: 2, children: 1 },
      { hours: 2 },
      (30_000 + 10_000 + 5_000) * 2,
    ],
    [
      'a child rate of 0.33, rounded once',
      { ...rates, childPriceRate: 0.33 },
      { adults: 1, children: 1 },
      { hours: 1.5 },
      Math.round((30_000 + 3_300) * 1.5),
    ],
    ['infants free', { ...rates, childPriceRate: 0.5 }, { adults: 2, infants: 2 }, { hours: 2 }, (30_000 + 10_000) * 2],
    [
      'infants paying the child rate',
      { ...rates, childPriceRate: 0.5, infantsFree: false },
      { adults: 2, infants: 2 },
      { hours: 2 },
      (30_000 + 10_000 + 2 * 5_000) * 2,
    ],
    [
      'a service price with a family',
      { ...rates, servicePriceCents: 45_000, includedPeople: 2 },
      { adults: 2, children: 1 },
      { hours: 2 },
      (45_000 + 10_000) * 2,
    ],
  ] as [string, GroupRates, { adults: number; children?: number; infants?: number }, { hours: number }, number][])(
    '%s',
    (_, r, group, length, total) => {
      const quoted = groupPrice(r, group, length);
      const booked = bookingPrice({
        basicPerHourCents: r.basicPerHourCents,
        additionalPerPersonCents: r.additionalPerPersonCents,
        servicePriceCents: r.servicePriceCents,
        includedPeople: r.includedPeople,
        childPriceRate: r.childPriceRate,
        infantsFree: r.infantsFree,
        ...group,
        hours: length.hours,
      });
      expect(quoted.totalCents).toBe(total);
      expect([booked.totalCents, booked.depositCents, booked.balanceCents, booked.lines]).toEqual([
        total,
        quoted.depositCents,
        quoted.inPersonCents,
        quoted.lines,
      ]);
      expect(sum(booked.lines)).toBe(total);
    },
  );

  it('prices a day rate by the day (quoted; a booking books hours until days are bookable)', () => {
    expect(groupPrice(day, { adults: 2, children: 1 }, { days: 2 }).totalCents).toBe(
      2 * (200_000 + (10_000 + 10_000) * 8),
    );
    expect(
      groupPrice({ ...day, includedPeople: 4 }, { adults: 2, children: 1, infants: 1 }, { days: 1 }).totalCents,
    ).toBe(200_000);
  });
});

describe("groupPrice agrees with today's booking price", () => {
  it('for a thousand groups today can express: 1 adult + k more, one included person, children at the full rate', () => {
    const next = lcg(151);
    for (let i = 0; i < 1000; i++) {
      const basic = 5_000 + next(200_000);
      const additional = next(50_000);
      const service = next(3) === 0 ? 5_000 + next(200_000) : null;
      const travelers = 1 + next(20);
      const hours = (1 + next(48)) / 2;
      const depositRate = [0.2, 0.3, 0.15][next(3)]!;
      // Today's rule, as docs/rules/money-and-cancellation.md writes it and the bookings charged it before
      // decision 151.
      const today = Math.round(((service ?? basic) + additional * (travelers - 1)) * hours);
      const booked = bookingPrice({
        basicPerHourCents: basic,
        additionalPerPersonCents: additional,
        servicePriceCents: service,
        adults: travelers,
        hours,
        depositRate,
      });
      const quoted = groupPrice(
        {
          basicPerHourCents: basic,
          additionalPerPersonCents: additional,
          servicePriceCents: service,
          includedPeople: 1,
          childPriceRate: 1,
        },
        { adults: travelers },
        { hours },
        { depositRate },
      );
      expect([quoted.totalCents, quoted.depositCents, quoted.inPersonCents]).toEqual([
        booked.totalCents,
        booked.depositCents,
        booked.balanceCents,
      ]);
      expect(quoted.totalCents).toBe(today);
      expect(quoted.depositCents).toBe(depositCents(today, depositRate));
      expect(tourPriceCents({ basicPerHourCents: basic, additionalPerPersonCents: additional, travelers, hours })).toBe(
        Math.round((basic + additional * (travelers - 1)) * hours),
      );
    }
  });
});
