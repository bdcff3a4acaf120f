/** Fukuoka's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const FUKUOKA: MeetingPointRow[] = [
  ['hakata-station', '博多站', 'Hakata Station', '博多駅', '福岡県福岡市博多区博多駅中央街1-1', '812-0012', 33.5897, 130.4207],
  ['tenjin', '天神（西铁福冈站）', 'Tenjin (Nishitetsu Fukuoka Station)', '天神（西鉄福岡駅）', '福岡県福岡市中央区天神2丁目', '810-0001', 33.5903, 130.399],
  ['canal-city', '博多运河城', 'Canal City Hakata', 'キャナルシティ博多', '福岡県福岡市博多区住吉1丁目2', '812-0018', 33.5897, 130.4109],
  ['kushida-shrine', '栉田神社', 'Kushida Shrine', '櫛田神社', '福岡県福岡市博多区上川端町1-41', '812-0026', 33.593, 130.4106],
  ['ohori-park', '大濠公园', 'Ohori Park', '大濠公園', '福岡県福岡市中央区大濠公園', '810-0051', 33.586, 130.3764],
  ['fukuoka-tower', '福冈塔', 'Fukuoka Tower', '福岡タワー', '福岡県福岡市早良区百道浜2丁目3-26', '814-0001', 33.5933, 130.3515],
];
