/**
 * The typhoon rule (decision 093): which JMA warning area each service city belongs to,
 * and which JMA warning codes count. JMA publishes warnings per forecast office
 * (`https://www.jma.go.jp/bosai/warning/data/warning/{office}.json`); inside an office's file each
 * municipality (class20 area: the 5-digit municipal code followed by "00") has its own list.
 * Only warnings (警報) and special warnings (特別警報) count; advisories (注意報) never do.
 */
import type { ServiceCitySlug } from './cities';

export interface JmaArea {
  /** The forecast office's code: the file to read (`{office}.json`). */
  office: string;
  /** The office's area in Japanese, as JMA names it. */
  officeName: string;
  /** The municipalities (class20 codes) the city's tours take place in; Tokyo: the 23 special wards. */
  municipalities: readonly string[];
}

const TOKYO_WARDS = Array.from({ length: 23 }, (_, i) => `131${String(i + 1).padStart(2, '0')}00`);

/**
 * Every service city's JMA area. Offices are prefecture-level except in Hokkaido, which JMA splits
 * into seven offices: Sapporo is in 石狩・空知・後志地方 (016000), not "Hokkaido" (010000 has no file).
 */
export const JMA_AREAS: Record<ServiceCitySlug, JmaArea> = {
  tokyo: { office: '130000', officeName: '東京都', municipalities: TOKYO_WARDS },
  kyoto: { office: '260000', officeName: '京都府', municipalities: ['2610000'] }, // 京都市
  osaka: { office: '270000', officeName: '大阪府', municipalities: ['2710000'] }, // 大阪市
  hiroshima: { office: '340000', officeName: '広島県', municipalities: ['3410000'] }, // 広島市
  sapporo: { office: '016000', officeName: '石狩・空知・後志地方', municipalities: ['0110000'] }, // 札幌市
  nara: { office: '290000', officeName: '奈良県', municipalities: ['2920100'] }, // 奈良市
  yokohama: { office: '140000', officeName: '神奈川県', municipalities: ['1410000'] }, // 横浜市
  kobe: { office: '280000', officeName: '兵庫県', municipalities: ['2810000'] }, // 神戸市
  fukuoka: { office: '400000', officeName: '福岡県', municipalities: ['4013000'] }, // 福岡市
  nagoya: { office: '230000', officeName: '愛知県', municipalities: ['2310000'] }, // 名古屋市
};

export function jmaAreaOf(city: string): JmaArea | undefined {
  return (JMA_AREAS as Record<string, JmaArea | undefined>)[city];
}

/** The service city whose office is `office` (one city per office today). */
export function cityOfOffice(office: string): ServiceCitySlug | undefined {
  return (Object.keys(JMA_AREAS) as ServiceCitySlug[]).find((c) => JMA_AREAS[c].office === office);
}

export const WEATHER_WARNING_KINDS = ['warning', 'special_warning'] as const;
export type WeatherWarningKind = (typeof WEATHER_WARNING_KINDS)[number];
export const WEATHER_SOURCES = ['jma', 'fixture', 'admin'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

/** JMA's warning codes that count: 警報 and 特別警報. Every other code (10–27: 注意報) does not. */
export const JMA_WARNING_CODES: Record<string, { kind: WeatherWarningKind; name: string }> = {
  '02': { kind: 'warning', name: '暴風雪警報' },
  '03': { kind: 'warning', name: '大雨警報' },
  '04': { kind: 'warning', name: '洪水警報' },
  '05': { kind: 'warning', name: '暴風警報' },
  '06': { kind: 'warning', name: '大雪警報' },
  '07': { kind: 'warning', name: '波浪警報' },
  '08': { kind: 'warning', name: '高潮警報' },
  '32': { kind: 'special_warning', name: '暴風雪特別警報' },
  '33': { kind: 'special_warning', name: '大雨特別警報' },
  '35': { kind: 'special_warning', name: '暴風特別警報' },
  '36': { kind: 'special_warning', name: '大雪特別警報' },
  '37': { kind: 'special_warning', name: '波浪特別警報' },
  '38': { kind: 'special_warning', name: '高潮特別警報' },
};

/** JMA statuses of an entry that is no longer (or never was) in force. */
export const JMA_NOT_IN_FORCE = new Set(['解除', '発表警報・注意報はなし']);

/** 18:00 Japan time on the day before the tour: when the rule is judged (then again at the start). */
export const WEATHER_EVE_HOUR = 18;

/** What a booking carries while a warning is in force for its area (the evidence, decision 093). */
export interface WeatherWarningEvidence {
  kind: WeatherWarningKind;
  /** JMA's code ('05') and name ('暴風警報'). */
  code: string;
  name: string;
  /** The office code (the area of the rule) and the municipality it was found for. */
  areaCode: string;
  municipality: string | null;
  issuedAt: string;
  source: WeatherSource;
  checkedAt: string;
}
