/** Kobe's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const KOBE: MeetingPointRow[] = [
  ['sannomiya-station', '三宫站', 'Sannomiya Station', '三ノ宮駅', '兵庫県神戸市中央区布引町4丁目1-1', '651-0097', 34.6946, 135.1955, ['Sannomiya', '三宮']],
  ['shin-kobe-station', '新神户站', 'Shin-Kobe Station', '新神戸駅', '兵庫県神戸市中央区加納町1丁目3-1', '650-0001', 34.7067, 135.1955],
  ['kobe-station', '神户站', 'Kobe Station (Harborland)', '神戸駅', '兵庫県神戸市中央区相生町3丁目', '650-0025', 34.6794, 135.1781, ['Harborland', '神户港']],
  ['meriken-park', '美利坚公园', 'Meriken Park', 'メリケンパーク', '兵庫県神戸市中央区波止場町2', '650-0042', 34.6826, 135.1887, ['Port Tower', '神户塔']],
  ['nankinmachi', '南京町（中华街）', 'Nankinmachi Chinatown', '南京町', '兵庫県神戸市中央区元町通1丁目', '650-0022', 34.688, 135.188],
  ['kitano-ijinkan', '北野异人馆街', 'Kitano Ijinkan', '北野異人館街', '兵庫県神戸市中央区北野町', '650-0002', 34.7002, 135.1903],
];
