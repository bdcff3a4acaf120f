import { describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from './cities';
import { cityOfOffice, JMA_AREAS, JMA_WARNING_CODES, jmaAreaOf } from './weather';

describe('JMA areas of the service cities', () => {
  it('names the forecast office of every service city, checked one by one against JMA’s area list', () => {
    expect(Object.fromEntries(SERVICE_CITIES.map((c) => [c.slug, jmaAreaOf(c.slug)?.office]))).toEqual({
      tokyo: '130000',
      kyoto: '260000',
      osaka: '270000',
      hiroshima: '340000',
      sapporo: '016000', // 石狩・空知・後志地方: Hokkaido has seven offices and no 010000 file
      nara: '290000',
      yokohama: '140000', // 神奈川県
      kobe: '280000', // 兵庫県
      fukuoka: '400000',
      nagoya: '230000', // 愛知県
    });
  });
  it('reads each city’s own municipality (the 5-digit municipal code and 00), Tokyo’s 23 wards', () => {
    expect(JMA_AREAS.kyoto.municipalities).toEqual(['2610000']);
    expect(JMA_AREAS.sapporo.municipalities).toEqual(['0110000']);
    expect(JMA_AREAS.nara.municipalities).toEqual(['2920100']);
    expect(JMA_AREAS.tokyo.municipalities).toHaveLength(23);
    expect(JMA_AREAS.tokyo.municipalities[0]).toBe('1310100'); // 千代田区
    expect(JMA_AREAS.tokyo.municipalities[22]).toBe('1312300'); // 江戸川区
    for (const a of Object.values(JMA_AREAS))
      for (const m of a.municipalities) expect(m.slice(0, 2)).toBe(a.office.slice(0, 2)); // the same prefecture
    expect(cityOfOffice('260000')).toBe('kyoto');
    expect(jmaAreaOf('atlantis')).toBeUndefined();
  });
  it('counts warnings (警報) and special warnings (特別警報), never advisories (注意報)', () => {
    for (const { name, kind } of Object.values(JMA_WARNING_CODES)) {
      expect(name).not.toContain('注意報');
      expect(kind === 'special_warning').toBe(name.endsWith('特別警報'));
    }
    expect(JMA_WARNING_CODES['10']).toBeUndefined(); // 大雨注意報
    expect(JMA_WARNING_CODES['05']).toEqual({ kind: 'warning', name: '暴風警報' });
    expect(JMA_WARNING_CODES['35']).toEqual({ kind: 'special_warning', name: '暴風特別警報' });
  });
});
