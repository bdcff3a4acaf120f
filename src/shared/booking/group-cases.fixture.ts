/**
 * Seeded random pricing cases for the property tests of group pricing (group-price.test.ts,
 * src/server/modules/bookings/group-booking.test.ts): fast-check is not in the project, and a seed
 * makes a failure the same on every run.
 */

/** A linear congruential generator: `next(n)` is an integer in [0, n). */
export function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

/** A guide's rates as the rates form stores them (PUT /api/v2/guides/me/rates), a family and a length. */
export interface GroupCase {
  rates: {
    basicPricePerHourCents: number;
    additionalPricePerPersonCents: number;
    includedPeople: number;
    childPriceRate: number;
    infantsFree: boolean;
  };
  group: { adults: number; children: number; infants: number };
  hours: number;
}

/** Adults 1–6, children 0–4, infants 0–2; 1–8 hours on the half hour; rates within the form's ranges. */
export function randomGroupCase(next: (n: number) => number): GroupCase {
  return {
    rates: {
      basicPricePerHourCents: 5_000 + next(100_000),
      additionalPricePerPersonCents: next(30_000),
      includedPeople: 1 + next(6),
      childPriceRate: next(101) / 100,
      infantsFree: next(2) === 0,
    },
    group: { adults: 1 + next(6), children: next(5), infants: next(3) },
    hours: (2 + next(15)) / 2,
  };
}
