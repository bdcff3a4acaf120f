/** Nagoya's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const NAGOYA: MeetingPointRow[] = [
  ['nagoya-station', '名古屋站', 'Nagoya Station', '名古屋駅', '愛知県名古屋市中村区名駅1丁目1-4', '450-0002', 35.1709, 136.8815, ['Meieki', '名站']],
  ['nagoya-castle', '名古屋城', 'Nagoya Castle', '名古屋城', '愛知県名古屋市中区本丸1-1', '460-0031', 35.1856, 136.8991],
  ['atsuta-jingu', '热田神宫', 'Atsuta Jingu Shrine', '熱田神宮', '愛知県名古屋市熱田区神宮1丁目1-1', '456-8585', 35.1283, 136.9086],
  ['osu-kannon', '大须观音', 'Osu Kannon Temple', '大須観音', '愛知県名古屋市中区大須2丁目21-47', '460-0011', 35.1595, 136.8987],
  ['oasis-21', '绿洲21（荣）', 'Oasis 21 (Sakae)', 'オアシス21', '愛知県名古屋市東区東桜1丁目11-1', '461-0005', 35.1709, 136.9104, ['Sakae', '荣', '栄']],
  ['toyota-museum', '丰田产业技术纪念馆', 'Toyota Commemorative Museum', 'トヨタ産業技術記念館', '愛知県名古屋市西区則武新町4丁目1-35', '451-0051', 35.1829, 136.8779],
];
