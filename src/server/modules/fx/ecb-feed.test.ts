import { describe, expect, it } from 'vitest';
import { lcg } from '../../../shared/booking/group-cases.fixture';
import { rateMicros } from '../../../shared/currency';
import { ECB_RATES, ecbXml } from '../../test/ecb-server';
import { crossRate, parseEcbRates, readingOf } from './ecb-feed';

/** The cross rate and the ECB file's reading (decision 165), without a server. */
describe('the cross rate: JPY per EUR ÷ CNY per EUR, half up to six places', () => {
  it.each([
    // jpyPerEur, cnyPerEur, jpyPerCny
    ['169.03', '7.8500', '21.532484'], // 21.53248407…: down
    ['157.12', '7.6891', '20.434121'], // 20.43412102…: down
    ['200', '3', '66.666667'], // 66.6666666…: up
    ['100', '3', '33.333333'],
    ['164', '8', '20.5'], // exact: written as a stored rate is, without trailing zeros
    ['41.000001', '2', '20.500001'], // 20.5000005 exactly: the half goes up
    ['164.000003', '8', '20.5'], // 20.500000375: below the half
    ['7.85', '7.85', '1'], // the lowest rate the product accepts
    ['7850', '7.85', '1000'], // the highest
  ])('%s / %s = %s', (jpy, cny, expected) => {
    expect(crossRate(jpy, cny)).toBe(expected);
  });

  it.each([
    ['1', '7.85', 'below 1 yen per yuan'],
    ['7851', '7.85', 'above 1000'],
    ['169.03', '0', 'a zero rate'],
    ['0.0000', '7.85', 'a zero rate'],
    ['169,03', '7.85', 'a decimal comma'],
    ['-169.03', '7.85', 'a sign'],
    ['1.5e2', '7.85', 'an exponent'],
    ['169.0300001', '7.85', 'more than six places'],
    ['', '7.85', 'nothing'],
  ])('%s / %s is no rate (%s)', (jpy, cny) => {
    expect(crossRate(jpy, cny)).toBeNull();
  });

  it('is the rate nearest the exact quotient, a tie going up (2,000 seeded pairs, checked in integers)', () => {
    const next = lcg(165);
    for (let i = 0; i < 2_000; i++) {
      // JPY per EUR 100.00–299.99 with two places, CNY per EUR 5.0000–10.9999 with four, as the ECB writes them.
      const jpy = `${100 + next(200)}.${String(next(100)).padStart(2, '0')}`;
      const cny = `${5 + next(6)}.${String(next(10_000)).padStart(4, '0')}`;
      const rate = crossRate(jpy, cny);
      expect(rate, `${jpy} / ${cny}`).not.toBeNull();
      // r = ⌊q + ½⌋ with q = J·10⁶ / C (all in millionths) ⇔ (2r − 1)·C ≤ 2·J·10⁶ < (2r + 1)·C.
      const [r, j, c] = [rateMicros(rate!), rateMicros(jpy), rateMicros(cny)];
      expect(
        (2n * r - 1n) * c <= 2n * j * 1_000_000n && 2n * j * 1_000_000n < (2n * r + 1n) * c,
        `${jpy} / ${cny} = ${rate}`,
      ).toBe(true);
    }
  });
});

/** A file as a dropped connection leaves it: cut off a few characters into `at`. */
const cutOff = (xml: string, at: string) => xml.slice(0, xml.indexOf(at) + 12);

describe("reading the ECB's file", () => {
  it('reads the daily file as published: its day and the two euro rates', () => {
    expect(parseEcbRates(ecbXml('2026-11-26', ECB_RATES))).toEqual({
      asOf: '2026-11-26',
      jpyPerEur: '169.03',
      cnyPerEur: '7.8500',
    });
    expect(readingOf(ecbXml('2026-11-26', ECB_RATES))).toEqual({
      ok: true,
      jpyPerCny: '21.532484',
      asOf: '2026-11-26',
    });
  });

  it('is tolerant of the shape: quotes, spacing, attribute order, a namespace prefix, comments, line ends', () => {
    const xml = [
      '<?xml version="1.0"?>\r\n<!-- <Cube time="2099-01-01"><Cube currency="JPY" rate="1"/></Cube> -->',
      '<e:Envelope xmlns:e="urn:x"><e:Cube><e:Cube   time = "2026-11-26" >',
      '<e:Cube rate="7.8500" currency="cny" />\r\n<e:Cube\n  currency="JPY"\n  rate=" 169.03 "\n/>',
      '</e:Cube></e:Cube></e:Envelope>',
    ].join('');
    expect(readingOf(xml)).toEqual({ ok: true, jpyPerCny: '21.532484', asOf: '2026-11-26' });
  });

  it('takes the newest day of a file of several (the 90-day history has the same shape)', () => {
    const xml = `<Cube>${ecbXml('2026-11-25', { JPY: '168.00', CNY: '7.8000' })}<Cube time="2026-11-26"><Cube currency="JPY" rate="169.03"/><Cube currency="CNY" rate="7.8500"/></Cube></Cube>`;
    expect(readingOf(xml)).toEqual({ ok: true, jpyPerCny: '21.532484', asOf: '2026-11-26' });
  });

  it.each([
    ['an HTML page', '<html><body>Under maintenance</body></html>', 'no dated reference rates'],
    ['an empty answer', '', 'no dated reference rates'],
    ['a day that is no date', ecbXml('2026-02-30', ECB_RATES), 'no dated reference rates'],
    ['no yuan', ecbXml('2026-11-26', { JPY: '169.03', USD: '1.08' }), 'no CNY rate for 2026-11-26'],
    ['neither', ecbXml('2026-11-26', { USD: '1.08' }), 'no JPY or CNY rate'],
    ['a rate that is no number', ecbXml('2026-11-26', { JPY: 'n/a', CNY: '7.85' }), 'unusable rates'],
    ['a file cut off inside the yen', cutOff(ecbXml('2026-11-26', ECB_RATES), "currency='JPY'"), 'no JPY or CNY rate'],
  ])('%s is broken', (_what, xml, detail) => {
    const reading = readingOf(xml);
    expect(reading.ok).toBe(false);
    expect(reading).toMatchObject({ kind: 'broken' });
    expect(!reading.ok && reading.detail).toContain(detail);
  });
});
