import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One price, one place (decision 187): the server reads a guide's rates from their row only through
 * `guideRates` and prices a trip only through `tripPrice` (src/shared/booking/trip-price.ts). This
 * fails on a second reading of the row (the child's percent turned into a rate) or a price computed
 * by `groupPrice` or `bookingPrice` beside it. Listed exception: the demo seed (`db/seed/`), which
 * writes past bookings of adults only. That the readings agree is `one-price.property.test.ts`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = path.join(root, 'server');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'seed' ? [] : sources(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

const SECOND_PRICE = [/childPricePercent\s*\/\s*100/, /\bgroupPrice\(/, /\bbookingPrice\(/];

describe('one price (decision 187)', () => {
  it('no server code reads a guide’s rates or prices a trip but through trip-price.ts', () => {
    const found = sources(server).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return SECOND_PRICE.filter((re) => re.test(text)).map((re) => `${path.relative(root, file)}: ${re.source}`);
    });
    expect(found).toEqual([]);
  });

  it('would find one: the rule reads a second reading of the row', () => {
    expect(SECOND_PRICE.some((re) => re.test('childPriceRate: g.childPricePercent / 100,'))).toBe(true);
    expect(SECOND_PRICE.some((re) => re.test('const p = bookingPrice({ basicPerHourCents })'))).toBe(true);
  });
});
