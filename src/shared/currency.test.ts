import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  inputToMinor,
  isUsableRate,
  minorToInput,
  rateMicros,
  shareOfCharge,
  toMajor,
  trimRate,
} from './currency';

describe('converting between yen and yuan (decision 164)', () => {
  it.each([
    // [amount, from, to, rate, expected]
    [4_000, 'JPY', 'CNY', '20', 20_000], // ¥4,000 at 20 yen a yuan: 200 元
    [4_000, 'JPY', 'CNY', '20.53', 19_484], // 19,483.68 fen
    [1_600, 'JPY', 'CNY', '20.53', 7_793], // 7,793.47
    [1, 'JPY', 'CNY', '20.5', 5], // 4.878 fen
    [41, 'JPY', 'CNY', '20.5', 200], // exactly 200
    [1_025, 'JPY', 'CNY', '20.5', 5_000], // exactly 5,000
    [20_000, 'CNY', 'JPY', '20', 4_000],
    [12_345, 'CNY', 'JPY', '20.53', 2_534], // 2,534.43 yen
    [250, 'CNY', 'JPY', '21', 53], // 52.5: half up
    [150, 'CNY', 'JPY', '21', 32], // 31.5: half up
    [149, 'CNY', 'JPY', '21', 31], // 31.29
    [0, 'JPY', 'CNY', '20.53', 0],
    [4_000, 'JPY', 'JPY', '20.53', 4_000], // the same currency is the amount itself
    [4_000, 'CNY', 'CNY', '20.53', 4_000],
  ] as const)('%i %s → %s at %s is %i', (amount, from, to, rate, expected) => {
    expect(convertMinor(amount, from, to, rate)).toBe(expected);
  });

  it('rounds half up, away from zero, for a negative amount too', () => {
    expect(convertMinor(-250, 'CNY', 'JPY', '21')).toBe(-53);
    expect(convertMinor(-149, 'CNY', 'JPY', '21')).toBe(-31);
  });

  it('never takes a fraction or an unsafe number of minor units, nor a rate that is not one', () => {
    expect(() => convertMinor(1.5, 'JPY', 'CNY', '20')).toThrow(RangeError);
    expect(() => convertMinor(2 ** 53, 'JPY', 'CNY', '20')).toThrow(RangeError);
    expect(() => convertMinor(100, 'JPY', 'CNY', '20.1234567')).toThrow(RangeError);
    expect(() => convertMinor(100, 'JPY', 'CNY', '1e3')).toThrow(RangeError);
  });
});

describe('a share of a charge', () => {
  it('returns all of it exactly, and a part rounded half up once', () => {
    expect(shareOfCharge(1_600, 1_600, 7_793)).toBe(7_793);
    expect(shareOfCharge(800, 1_600, 7_793)).toBe(3_897); // 3,896.5
    expect(shareOfCharge(400, 1_600, 7_793)).toBe(1_948); // 1,948.25
    expect(shareOfCharge(0, 1_600, 7_793)).toBe(0);
  });

  it('refuses a part larger than its whole or a whole of nothing', () => {
    expect(() => shareOfCharge(1_601, 1_600, 7_793)).toThrow(RangeError);
    expect(() => shareOfCharge(1, 0, 7_793)).toThrow(RangeError);
    expect(() => shareOfCharge(-1, 1_600, 7_793)).toThrow(RangeError);
  });
});

describe('rates as written', () => {
  it('reads six places exactly and writes a stored rate back as it was entered', () => {
    expect(rateMicros('20.53')).toBe(20_530_000n);
    expect(rateMicros('20.000001')).toBe(20_000_001n);
    expect(trimRate('20.530000')).toBe('20.53');
    expect(trimRate('21.000000')).toBe('21');
  });

  it('accepts 1 to 1000 yen a yuan with at most six places', () => {
    expect(['1', '20.5', '1000', '20.123456'].map(isUsableRate)).toEqual([true, true, true, true]);
    expect(['0.5', '1000.000001', '20.1234567', '-20', '', 'abc'].map(isUsableRate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('price fields', () => {
  it('write and read yen as whole yen and yuan with their fen', () => {
    expect(minorToInput(4_000, 'JPY')).toBe('4000');
    expect(minorToInput(40_050, 'CNY')).toBe('400.50');
    expect(inputToMinor('4,000', 'JPY')).toBe(4_000);
    expect(inputToMinor('400.5', 'CNY')).toBe(40_050);
    expect(inputToMinor('4000.5', 'JPY')).toBeNull();
    expect(inputToMinor('1.234', 'CNY')).toBeNull();
    expect(inputToMinor('', 'JPY')).toBeNull();
  });

  it('give the major unit of the fields that carry one', () => {
    expect(toMajor(4_000, 'JPY')).toBe(4_000);
    expect(toMajor(40_050, 'CNY')).toBe(400.5);
  });
});
