import { describe, expect, it } from 'vitest';
import { childAgesRefusal, chooseExtras, choosableExtras, dropDayPlans } from './family-plans';
import type { GuideExtra } from './money-rules';

/** The family's rules (decision 178): which extras can be ticked, ages that name the group, a dropped day's plan. */
const extras: GuideExtra[] = [
  { kind: 'overtime_hour', included: false, priceCents: 5_000 },
  { kind: 'meals', included: false, priceCents: 3_000, note: ' lunch ' },
  { kind: 'public_transport', included: true },
  { kind: 'guide_travel', included: false },
  { kind: 'other', included: false, priceCents: 1_000, note: 'Tea ceremony' },
  { kind: 'other', included: false, priceCents: 2_000 },
];

describe('extras a family may tick', () => {
  it('are the ones not included with a price, never overtime', () => {
    expect(choosableExtras(extras).map((e) => e.kind)).toEqual(['meals', 'other', 'other']);
  });

  it('are taken as declared, each declaration of a repeated kind, in the guide’s currency', () => {
    expect(chooseExtras(extras, ['meals', 'other'], 'JPY')).toEqual({
      chosen: [
        { kind: 'meals', priceCents: 3_000, currency: 'JPY', note: 'lunch' },
        { kind: 'other', priceCents: 1_000, currency: 'JPY', note: 'Tea ceremony' },
        { kind: 'other', priceCents: 2_000, currency: 'JPY', note: null },
      ],
    });
    expect(chooseExtras(extras, ['meals', 'public_transport', 'guide_travel', 'overtime_hour'], 'CNY')).toEqual({
      refused: ['public_transport', 'guide_travel', 'overtime_hour'],
    });
    expect(chooseExtras(extras, [], 'CNY')).toEqual({ chosen: [] });
  });
});

describe('the ages of a group', () => {
  it('name each child (3–11) and infant (0–2), in any order', () => {
    expect(childAgesRefusal([1, 8], { children: 1, infants: 1 })).toBeNull();
    expect(childAgesRefusal([8], { children: 1, infants: 1 })).toMatch(/one age for each of the 2/);
    expect(childAgesRefusal([8, 9], { children: 1, infants: 1 })).toMatch(/1 ages under 3/);
    expect(childAgesRefusal([], { children: 0, infants: 0 })).toBeNull();
  });
});

describe('a dropped day takes its plan with it', () => {
  it('keeps the plans of the days left', () => {
    const plans = [
      { day: 1, plan: 'Kyoto' },
      { day: 3, plan: 'Nara' },
    ];
    expect(dropDayPlans(plans, 2)).toEqual([{ day: 1, plan: 'Kyoto' }]);
    expect(dropDayPlans(plans, 3)).toEqual(plans);
    expect(dropDayPlans(null, 2)).toEqual([]);
  });
});
